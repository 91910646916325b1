/**
 * The jobs service: what REST routes and the tool server call (docs/jobs.md). Never sees
 * an HTTP request; throws ApiError for caller mistakes.
 * Admission of a submission (caps, quota, insert) is admit.ts.
 */
import { ApiError } from "../../http/errors.ts";
import { isJobType, JOB_LIMITS, jobTypesPhrase, REQUEST_LIMITS, type JobType } from "../../operations.ts";
import type { Services } from "../../services.ts";
import type { KeyRecord } from "../../store/types.ts";
import { admit } from "./admit.ts";
import type { JobsCore } from "./core.ts";
import type { KeyJobFigures } from "./queue.ts";
import { readRows } from "./results-read.ts";
import { fromJson, fromText, type Submission } from "./submit.ts";
import { isFinal, JOB_STATUSES, reportedStatus, type JobRow, type JobStatus } from "./types.ts";
import { deleteView, jobView, type JobView } from "./view.ts";

export const jobNotFound = () => new ApiError("not_found", "job not found");
export const noRowsYet = () => new ApiError("conflict", "job has no rows yet");
export const resultsExpired = () => new ApiError("gone", "job results expired");

export interface SubmitResult {
  job: JobView;
  replayed: boolean;
}

export interface ListQuery {
  status?: string | null;
  type?: string | null;
  limit?: string | number | null;
  cursor?: string | null;
}

export interface ResultsPage {
  rows: unknown[];
  from: number;
  next_from: number | null;
  total: number;
  done: number;
  status: string;
}

/** The row to start a results read at: a whole number, 0 to 2^53 - 1 (REST and tools alike). */
export function checkFrom(from: number): number {
  if (!Number.isSafeInteger(from) || from < 0) throw new ApiError("invalid_request", `from must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}`);
  return from;
}

export class JobsService {
  /** Wakes the lane of a newly queued job (set by the runner). */
  onQueued: (type: JobType) => void = () => {};
  /** How long DELETE waits for a running job to finish its current chunk and stop. */
  cancelWaitMs = 15_000;

  constructor(readonly core: JobsCore) {}

  async submitJson(key: KeyRecord, body: unknown, opts: { now?: number; listLimit?: number } = {}): Promise<SubmitResult> {
    return this.submit(key, fromJson(body, opts.listLimit ?? JOB_LIMITS.maxNames), opts.now ?? Date.now());
  }

  async submitText(key: KeyRecord, text: string, query: URLSearchParams, opts: { now?: number; listLimit?: number } = {}): Promise<SubmitResult> {
    return this.submit(key, fromText(text, query, opts.listLimit ?? JOB_LIMITS.maxNames), opts.now ?? Date.now());
  }

  /** A submission already checked (on the parse worker: src/http/big-body.ts). */
  async submitChecked(key: KeyRecord, s: Submission, opts: { now?: number } = {}): Promise<SubmitResult> {
    return this.submit(key, s, opts.now ?? Date.now());
  }

  private async submit(key: KeyRecord, s: Submission, now: number): Promise<SubmitResult> {
    const { row, replayed } = await admit(this.core, key, s, now);
    if (!replayed) this.onQueued(s.type);
    return { job: jobView(row, now, this.core.lanes), replayed };
  }

  private owned(key: KeyRecord, id: string): JobRow {
    const j = typeof id === "string" && id.length <= 64 ? this.core.store.get(id) : null;
    if (!j || j.key_id !== key.id) throw jobNotFound();
    if (j.finished !== null && j.finished < Date.now() - this.core.listedForMs) throw jobNotFound();
    return j;
  }

  status(key: KeyRecord, id: string, now = Date.now()): JobView {
    return jobView(this.owned(key, id), now, this.core.lanes);
  }

  list(key: KeyRecord, q: ListQuery, now = Date.now()): { jobs: JobView[]; names_in_flight: number; next_cursor: string | null } {
    const status = q.status ?? undefined;
    if (status !== undefined && !JOB_STATUSES.includes(status as JobStatus)) {
      throw new ApiError("invalid_request", `status must be one of ${JOB_STATUSES.join(", ")}`);
    }
    const type = q.type ?? undefined;
    if (type !== undefined && !isJobType(type)) throw new ApiError("invalid_request", `type must be one of ${jobTypesPhrase()}`);
    let limit = 20;
    if (q.limit !== undefined && q.limit !== null) {
      const t = String(q.limit);
      if (!/^\d+$/.test(t) || Number(t) < 1 || Number(t) > 100) throw new ApiError("invalid_request", "limit must be an integer from 1 to 100");
      limit = Number(t);
    }
    let after: { created: number; rowid: number } | undefined;
    if (q.cursor !== undefined && q.cursor !== null) {
      const m = /^(\d{1,15})\.(\d{1,15})$/.exec(Buffer.from(q.cursor, "base64url").toString("latin1"));
      if (!m) throw new ApiError("invalid_request", "cursor is not valid: pass next_cursor from the previous page");
      after = { created: Number(m[1]), rowid: Number(m[2]) };
    }
    const rows = this.core.store.list(key.id, {
      status: status as JobStatus | undefined,
      type: type as JobType | undefined,
      after,
      limit: limit + 1,
      listedSince: now - this.core.listedForMs,
    });
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const lanes = new Map<JobType, ReturnType<typeof this.core.store.lane>>();
    const laneOf = (t: JobType) => {
      let l = lanes.get(t);
      if (!l) lanes.set(t, (l = this.core.store.lane(t)));
      return l;
    };
    const last = page[page.length - 1];
    return {
      jobs: page.map((r) => jobView(r, now, this.core.lanes, r.status === "queued" ? laneOf(r.type) : undefined)),
      names_in_flight: this.core.store.keyFigures(key.id).namesInFlight,
      next_cursor: more && last ? Buffer.from(`${last.created}.${last.rid}`, "latin1").toString("base64url") : null,
    };
  }

  /**
   * DELETE: a queued job is cancelled at once (full refund); a running one stops after its
   * current chunk (this waits for that, up to a bound); a finished one loses its files and
   * reports expired.
   */
  async cancel(key: KeyRecord, id: string, now = Date.now()) {
    const j = this.owned(key, id);
    if (j.status === "queued") {
      this.core.finalize(j.id, "cancelled", now);
    } else if (j.status === "running") {
      this.core.store.requestCancel(j.id);
      const until = Date.now() + this.cancelWaitMs;
      while (Date.now() < until && !isFinal(this.core.store.get(j.id)!.status)) await Bun.sleep(20);
    } else if (j.files_removed_at === null) {
      this.core.removeResults(j.id, now);
    }
    const after = this.core.store.get(j.id)!;
    const view = jobView(after, Date.now(), this.core.lanes);
    // A running job told to stop reads cancelled even while its last chunk is being written.
    if (!isFinal(after.status)) view.status = "cancelled";
    return deleteView(view);
  }

  /** A page of rows for the tool server (docs/mcp.md). */
  page(key: KeyRecord, id: string, q: { from?: number; limit?: number } = {}): ResultsPage {
    const from = q.from ?? 0;
    const limit = q.limit ?? REQUEST_LIMITS.jobResultsPageDefault;
    checkFrom(from);
    if (!Number.isInteger(limit) || limit < 1 || limit > REQUEST_LIMITS.jobResultsPageMax) {
      throw new ApiError("invalid_request", `limit must be an integer from 1 to ${REQUEST_LIMITS.jobResultsPageMax}`);
    }
    const { j, chunks } = this.readable(key, id, from);
    const rows = chunks.length ? readRows(this.core.files.resultsPath(j.id), chunks, from, limit) : [];
    const next = from + rows.length;
    const more = next < j.done || !isFinal(j.status);
    return { rows, from, next_from: more ? next : null, total: j.total, done: j.done, status: reportedStatus(j) };
  }

  /** The job and its committed chunks from row `from`, or 404/409/410. */
  readable(key: KeyRecord, id: string, from: number) {
    const j = this.owned(key, id);
    // Past expires_at the results are gone even if the sweep has not removed them yet.
    if (reportedStatus(j) === "expired" || (j.expires_at !== null && j.expires_at <= Date.now())) throw resultsExpired();
    if (j.done === 0) throw noRowsYet();
    // A chunk committed after the row was read is not served: the answer matches the row.
    const chunks = this.core.store.chunksFrom(j.id, from).filter((c) => c.row_start < j.done);
    return { j, chunks };
  }

  /** For GET /v1/usage: names in flight and results bytes on disk (may be cached, see JobQueue.keyFigures). */
  keyFigures(keyId: number): KeyJobFigures {
    return this.core.store.keyFigures(keyId);
  }
}

export function jobsService(services: Services): JobsService {
  const s = services.jobs;
  if (!s) throw new ApiError("unavailable", "the jobs service is not running");
  return s;
}
