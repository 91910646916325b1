/**
 * The runner: one loop per lane, each running one job at a time with several chunks in
 * flight on the pool (computed in parallel, committed strictly in input order).
 *
 * Guarantees, and how:
 * - No row lost or written twice: a chunk's gzip member is appended at the committed
 *   length and fsynced, then the chunk row and `done` are committed in one transaction
 *   guarded by the lease token (JobQueue.commitChunk). A restart truncates the file back
 *   to the committed length (JobFiles.openWriter) and resumes at `done`.
 * - A job whose runner died is reclaimed: its lease expires (renewed every third of
 *   LEASE_MS while alive), or at once when the lease holder is a dead process on this host.
 * - A chunk is computed AND compressed in a worker (chunk-task.ts); one whose worker goes
 *   silent is abandoned after its chunk lease and redone (compute.ts); three faults fail
 *   the job, with refunds.
 * - Cancel and the runtime budget stop dispatching; chunks already in flight are committed,
 *   then the job ends (cancelled / partial) and every unprocessed row is refunded.
 * - A write error (a full disk) fails the job with refunds; the service keeps running.
 */
import { observerOf } from "../../observe/observer.ts";
import { randomBytes } from "node:crypto";
import os from "node:os";
import { JOB_TYPE_LIST, JOB_TYPES, type JobType } from "../../operations.ts";
import type { PackedChunk } from "../../pool/protocol.ts";
import { computeChunk } from "./compute.ts";
import type { JobsCore } from "./core.ts";
import { processAlive } from "../../leftovers.ts";
import { executorOf, parallelism } from "./executor.ts";
import type { ResultsWriter } from "./files.ts";
import type { FinalStatus, JobRow } from "./types.ts";

interface InFlight {
  start: number;
  rows: number;
  result: Promise<PackedChunk>;
}

export class Runner {
  /** Job lease: renewed while the job runs; a dead runner's jobs are reclaimed after it. */
  leaseMs = 30_000;
  /** Chunk lease: a pool task silent for this long is abandoned and redone. */
  chunkLeaseMs = 120_000;
  private readonly owner = `${os.hostname()}:${process.pid}:${Date.now()}`;
  private stopping = false;
  private loops: Promise<void>[] = [];
  private wakers = new Map<JobType, () => void>();
  private busy = new Set<string>();

  constructor(
    private core: JobsCore,
    private log: (e: unknown) => void = console.error,
  ) {}

  start(): void {
    this.loops = JOB_TYPE_LIST.map((type) => this.laneLoop(type));
  }

  /** Wake a lane now (a job was queued or a lease may be free). */
  poke(type: JobType): void {
    this.wakers.get(type)?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const w of this.wakers.values()) w();
    await Promise.all(this.loops);
  }

  private async laneLoop(type: JobType): Promise<void> {
    while (!this.stopping) {
      let claimed: { row: JobRow; token: string } | null = null;
      try {
        claimed = this.claimNext(type, Date.now());
        if (claimed) await this.runJob(claimed.row, claimed.token);
      } catch (e) {
        this.log(e);
      }
      if (!claimed && !this.stopping) {
        await new Promise<void>((resolve) => {
          const t = setTimeout(done, 1000);
          function done() {
            clearTimeout(t);
            resolve();
          }
          this.wakers.set(type, done);
        });
      }
    }
  }

  private ownerDead(owner: string | null): boolean {
    if (owner === null) return true;
    if (owner === this.owner) return false;
    const [host, pid] = owner.split(":");
    if (host !== os.hostname()) return false;
    return Number(pid) === process.pid || !processAlive(Number(pid));
  }

  /** A running job of this lane left by a dead runner first, then the lane's next queued job. */
  private claimNext(type: JobType, now: number): { row: JobRow; token: string } | null {
    const s = this.core.store;
    const lease = { owner: this.owner, token: randomBytes(12).toString("hex"), expires: now + this.leaseMs };
    const token = lease.token;
    for (const r of s.running()) {
      if (r.type !== type || this.busy.has(r.id)) continue;
      const dead = this.ownerDead(r.lease_owner);
      if ((dead || (r.lease_expires ?? 0) < now) && s.claim(r.id, lease, now, dead)) return { row: s.get(r.id)!, token };
    }
    for (const e of s.lane(type)) {
      if (e.status === "queued" && s.claim(e.id, lease, now)) return { row: s.get(e.id)!, token };
    }
    return null;
  }

  /** Why to stop dispatching chunks, if at all. */
  private stopReason(id: string, budgetEnd: number): FinalStatus | "shutdown" | null {
    if (this.stopping) return "shutdown";
    const j = this.core.store.get(id);
    if (j?.status !== "running") return "shutdown";
    if (j.cancel_requested) return "cancelled";
    if (Date.now() >= budgetEnd) return "partial";
    return null;
  }

  private async runJob(row: JobRow, token: string): Promise<void> {
    const { store, files, lanes, services } = this.core;
    const id = row.id;
    this.busy.add(id);
    observerOf(services).job({ ...row, status: "running" }, { done: row.done });
    const renew = setInterval(() => store.renew(id, token, Date.now() + this.leaseMs), Math.max(50, this.leaseMs / 3));
    let writer: ResultsWriter | null = null;
    let final: FinalStatus | "shutdown" | "lost" = "succeeded";
    let failure: string | undefined;
    const inflight: InFlight[] = [];
    try {
      const names = files.readInput(id);
      writer = files.openWriter(id, row.results_bytes);
      const options = JSON.parse(row.options) as Record<string, unknown>;
      const executor = executorOf(services);
      const task = JOB_TYPES[row.type].task;
      const width = parallelism(services);
      const budgetEnd = (row.started ?? Date.now()) + this.core.config.jobBudgetS * 1000;
      let next = row.done;
      let written = row.done;
      let stop: FinalStatus | "shutdown" | null = null;
      let mark = performance.now();
      for (;;) {
        if (next < row.total) stop ??= this.stopReason(id, budgetEnd);
        while (stop === null && inflight.length < width && next < row.total) {
          const n = Math.min(row.chunk_size, row.total - next);
          const result = computeChunk(executor, { task, names: names.slice(next, next + n).join("\n"), count: n, options }, this.chunkLeaseMs);
          result.catch(() => {}); // awaited in order below; abandoned ones must not go unhandled
          inflight.push({ start: next, rows: n, result });
          next += n;
        }
        const head = inflight.shift();
        if (!head) break;
        const res = await head.result;
        observerOf(services).chunkDone(row.type, head.rows, res.retried ?? 0);
        const offset = writer.append(res.member);
        const committed = store.commitChunk(id, token, { row_start: head.start, rows: head.rows, offset, bytes: res.member.byteLength }, res.errors);
        if (!committed) {
          final = "lost";
          return;
        }
        written = head.start + head.rows;
        const t = performance.now();
        lanes.measure(row.type, head.rows, t - mark);
        mark = t;
      }
      // Every row written is a success, whatever was asked meanwhile (cancel, budget).
      if (written === row.total) final = "succeeded";
      else if (stop === "shutdown") final = "shutdown";
      else final = stop ?? "succeeded";
    } catch (e) {
      final = "failed";
      failure = e instanceof Error ? e.message : String(e);
      this.log(new Error(`job ${id} failed: ${failure}`));
    } finally {
      clearInterval(renew);
      writer?.close();
      this.busy.delete(id);
      if (final === "shutdown")
        store.renew(id, token, 0); // the next start reclaims it at once
      else if (final !== "lost") {
        lanes.save(row.type);
        this.core.finalize(id, final, Date.now(), failure);
      }
    }
  }
}
