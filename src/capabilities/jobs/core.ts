/**
 * What the jobs modules share: the job queue (`store`), the lanes, the files, the settings,
 * and the one way a job reaches a final state (`finalize`: status, refunds and the callback
 * body in one step of the queue, then the input file removed and the callback deliverer
 * woken). Also the
 * housekeeping sweep: queued jobs past their deadline expire (full refund), results files
 * past their time are removed, jobs past their listing time are deleted.
 */
import { observerOf } from "../../observe/observer.ts";
import { iso } from "../../http/clock.ts";
import { JOB_LIMITS } from "../../operations.ts";
import { sqliteOf, type Services } from "../../services.ts";
import { JobFiles } from "./files.ts";
import { Lanes } from "./lanes.ts";
import type { JobQueue } from "./queue.ts";
import { SqliteJobQueue } from "./store.ts";
import type { FinalStatus, JobRow } from "./types.ts";
import { jobView } from "./view.ts";
import path from "node:path";

/** ZW_RESULTS_TTL_S's default (README, Settings), the part of the 48 hours the file lives. */
const DEFAULT_RESULTS_TTL_MS = 24 * 3600 * 1000;

export class JobsCore {
  /** The job queue: every job read and write goes through it (queue.ts). */
  readonly store: JobQueue;
  readonly lanes: Lanes;
  readonly files: JobFiles;
  /** Called after a job reached its final state (wakes the callback deliverer). */
  onFinal: (row: JobRow) => void = () => {};
  /** Called when a job was queued (wakes its lane). */
  onQueued: (row: JobRow) => void = () => {};

  /** `queue`: services.jobQueue when set (or a test's), else the SQLite queue over services.sqlite. */
  constructor(
    readonly services: Services,
    queue: JobQueue = services.jobQueue ?? new SqliteJobQueue(sqliteOf(services)),
  ) {
    this.store = queue;
    this.lanes = new Lanes(this.store);
    this.files = new JobFiles(path.join(services.config.dataDir, "jobs"));
  }

  get config() {
    return this.services.config;
  }

  /**
   * How long finished jobs stay listed: their files' lifetime plus one day
   * (48 hours, JOB_LIMITS.listedAfterFinishMs, with the default 24-hour file lifetime).
   */
  get listedForMs(): number {
    return this.config.resultsTtlS * 1000 + (JOB_LIMITS.listedAfterFinishMs - DEFAULT_RESULTS_TTL_MS);
  }

  finalize(id: string, status: FinalStatus, now = Date.now(), failure?: string): JobRow | null {
    const row = this.store.finish(id, status, now, {
      ttlMs: this.config.resultsTtlS * 1000,
      callbackDelayMs: (this.config.callbackDelaysS[0] ?? 0) * 1000,
      failure,
      body: (r) => JSON.stringify({ type: `job.${r.status}`, created: iso(now), data: jobView(r, now, this.lanes) }),
    });
    if (!row) return null;
    // The state is committed: a file that cannot be removed is reported, never a reason to
    // skip the callback.
    this.unremoved(id, row.done === 0 ? this.files.tryRemove(id) : this.files.tryRemoveInput(id));
    this.onFinal(row);
    observerOf(this.services).job(row, { done: row.done, errors: row.errors, failure: row.failure ?? undefined });
    return row;
  }

  /** Job ids whose files could not be removed, each reported once. */
  private reported = new Set<string>();
  private unremoved(id: string, err: unknown): void {
    if (err === null || this.reported.has(id)) return;
    this.reported.add(id);
    const why = err instanceof Error ? err.message : String(err);
    this.services.log(new Error(`job ${id}: could not remove its files (${why}); left on disk, the job goes on as if removed`));
  }

  /**
   * Deadlines, file removal, listing expiry. Cheap when there is nothing to do. One job
   * that cannot be finalised or whose folder cannot be deleted is reported once and
   * skipped; the others are still swept.
   */
  sweep(now = Date.now()): void {
    for (const j of this.store.overdue(now)) {
      try {
        this.finalize(j.id, "expired", now);
      } catch (e) {
        this.unremoved(j.id, e);
      }
    }
    for (const j of this.store.filesDue(now)) this.removeResults(j.id, now);
    this.store.purge(now - this.listedForMs);
  }

  /**
   * Folders with no job row (a process stopped between writing a submission's names and
   * admitting it): removed. Run at start only, before any submission can be in flight.
   */
  removeOrphans(): void {
    for (const id of this.files.listDirs()) if (!this.store.get(id)) this.unremoved(id, this.files.tryRemove(id));
  }

  /**
   * Deletes a finished job's files at once; it then reports expired (docs/jobs.md).
   * The job is marked removed even when its folder cannot be deleted: its results are
   * never served again, and the folder is reported once instead of being retried.
   */
  removeResults(id: string, now = Date.now()): void {
    this.unremoved(id, this.files.tryRemove(id));
    this.store.markFilesRemoved(id, now);
  }
}
