/**
 * The job queue: everything the jobs code stores and reads of its jobs (state, leases,
 * committed chunks, lanes, callbacks, idempotency), behind one interface. The runner, the
 * service, admission, finalisation, the sweep and the callback deliverer use only this.
 * Implementations: SqliteJobQueue (store.ts, the service's) and MemoryJobQueue
 * (memory-queue.ts, for unit tests); queue.contract.ts is the one test suite both pass.
 *
 * Guarantees every implementation gives:
 * - claims are exclusive: a job is claimed by one lease (owner + token + expiry) at a time;
 *   a running job is claimed again only once its lease expired, or with `force` (its holder
 *   is known dead);
 * - a chunk is committed only by the current lease holder, and only at `done` (the row
 *   where it starts), atomically with `done`, `errors` and `results_bytes`: never counted
 *   twice, never out of order;
 * - a job reaches a final state once, and the refund of every credit not earned (rows
 *   never written or written with an error) is made in that same step, so
 *   credits_charged = credits_reserved - credits_refunded at every instant;
 * - admission (idempotency re-check, names-in-flight cap, insert, lane checks, credit
 *   reservation) is one step: a refusal leaves no job and no charge, and concurrent
 *   submissions never overshoot a cap or a quota;
 * - a final job with a callback URL is due for its first callback attempt once, at
 *   finished + the first delay; `takeCallbackAttempt` counts each attempt once (compare-and-set).
 *
 * Synchronous by design: SQLite answers in microseconds on the thread that asks, and the
 * runner, admission and the status answers read it between awaits without yielding. An
 * asynchronous store (PostgreSQL) fits by making each method return a promise of the same
 * value (`AsyncJobQueue = { [M in keyof JobQueue]: (...a) => Promise<ReturnType<M>> }`)
 * and awaiting the calls; the semantics above stay as they are, each multi-row method
 * (admit, commitChunk, finish, markFilesRemoved) being one transaction, `admit` at
 * SERIALIZABLE or under a per-lane advisory lock so its checks see every concurrent insert.
 */
import { JOB_TYPES, type JobType } from "../../operations.ts";
import type { CallbackStatus, ChunkRow, FinalStatus, JobRow, JobStatus } from "./types.ts";

/**
 * Credits a job keeps for `okRows` rows written without an error (the rest of its
 * reservation is refunded when it ends): the job type's cost of those rows.
 */
export function creditsFor(row: Pick<JobRow, "type" | "options">, okRows: number): number {
  const includeCounts = (JSON.parse(row.options) as { include_counts?: boolean }).include_counts === true;
  return okRows <= 0 ? 0 : JOB_TYPES[row.type].cost({ items: okRows, includeCounts });
}

/** The fields of a new job; the rest start at their defaults (queued, nothing done). */
export type NewJob = Pick<
  JobRow,
  | "id"
  | "key_id"
  | "type"
  | "total"
  | "options"
  | "chunk_size"
  | "usage_key"
  | "usage_day"
  | "credits_reserved"
  | "created"
  | "deadline"
  | "idem_key"
  | "idem_hash"
  | "callback_url"
>;

/** One job of a lane, in the order the lane takes them. */
export interface LaneEntry {
  id: string;
  key_id: number;
  total: number;
  done: number;
  status: JobStatus;
}

export interface ListFilter {
  status?: JobStatus;
  type?: JobType;
  /** Page after this (created, rowid) position, newest first. */
  after?: { created: number; rowid: number };
  limit: number;
  /** Jobs finished before this are no longer listed. */
  listedSince: number;
}

/** A listed job and its position for the cursor (insertion order). */
export type ListedJob = JobRow & { rid: number };

/** What GET /v1/usage shows of a key's jobs. */
export interface KeyJobFigures {
  namesInFlight: number;
  storageBytes: number;
}

/** A job lease: who runs the job, the token that guards its commits, and until when. */
export interface Lease {
  owner: string;
  token: string;
  expires: number;
}

/**
 * The checks admission runs inside its one step, in this order. Each throws to refuse,
 * which undoes the step (no job, no reservation).
 */
export interface AdmitChecks {
  /**
   * The key's job that already holds the idempotency key: true replays it (nothing is
   * inserted), false lets the queue forget the key on that job (too old) and go on.
   */
  replay(hit: JobRow): boolean;
  /** The key's names in flight before the insert (the cap). */
  inFlight(namesInFlight: number): void;
  /** The lane in its order with the new job in it (lane cap, start horizon). */
  lane(entries: LaneEntry[]): void;
  /** The credit reservation was refused: credits already used that day. Must throw. */
  quotaRefused(used: number): never;
}

export interface FinishOptions {
  /** How long the results file lives after the job ends (expires_at = now + ttlMs). */
  ttlMs: number;
  /** The first callback attempt is due at now + callbackDelayMs. */
  callbackDelayMs: number;
  failure?: string;
  /** Builds the callback body from the final row (stored with it, in the same step). */
  body?: (row: JobRow) => string;
}

export interface JobQueue {
  // --- submission ---
  /**
   * Admits `job`: the checks, the insert and the reservation of job.credits_reserved on
   * (key_id, usage_day, usage_key) within `quota`, as one step. Returns the new row, or the
   * replayed one (replayed: true) when checks.replay said so.
   */
  admit(job: NewJob, quota: number, checks: AdmitChecks): { row: JobRow; replayed: boolean };
  /** The key's job holding this idempotency key (any age), or null. */
  byIdempotencyKey(keyId: number, idemKey: string): JobRow | null;
  /** The job forgets its idempotency key (older than the idempotency window). */
  forgetIdempotencyKey(id: string): void;

  // --- reading ---
  get(id: string): JobRow | null;
  /** The key's jobs, newest first (created, then insertion), with the filters of GET /v1/jobs. */
  list(keyId: number, f: ListFilter): ListedJob[];
  /** The committed chunks from the one holding row `fromRow`, in row order. */
  chunksFrom(id: string, fromRow: number): ChunkRow[];
  /** Exact: names not yet written (total - done) of the key's queued and running jobs. */
  namesInFlight(keyId: number): number;
  /** Names in flight and results bytes on disk of a key (may be cached; cleared by writes). */
  keyFigures(keyId: number): KeyJobFigures;

  // --- lanes ---
  /**
   * The lane of a type: its running jobs, then its queued jobs in the order the lane takes
   * them, the keys in turn: each key's oldest queued job first (turn 1), then each key's
   * second (turn 2)...; within a turn, the key the lane served longest ago first (a key
   * never served before any, then by its oldest queued job), where served = the latest
   * start of one of the key's jobs of this type; ties by key, then age.
   */
  lane(type: JobType): LaneEntry[];
  /** The lane's persisted throughput (names per second), or null before any was saved. */
  laneRate(type: JobType): number | null;
  setLaneRate(type: JobType, namesPerS: number): void;

  // --- running ---
  /** Every running job (with its lease), for reclaiming. */
  running(): JobRow[];
  /**
   * Takes the lease of a queued job, or of a running one whose lease expired (or with
   * `force`, whatever its lease); sets running and `started` (first claim only).
   */
  claim(id: string, lease: Lease, now: number, force?: boolean): boolean;
  /** Extends the lease; false when `token` no longer holds it. Expiry 0 hands it back at once. */
  renew(id: string, token: string, expires: number): boolean;
  /** Records a written chunk and advances the job, if `token` holds the lease and done = c.row_start. */
  commitChunk(id: string, token: string, c: ChunkRow, errors: number): boolean;
  /** Asks a running job to stop after its current chunk; false when it is not running. */
  requestCancel(id: string): boolean;
  /**
   * Moves a queued or running job to its final status, releasing the lease and refunding
   * every credit not earned, in one step. The final row, or null when it was already final.
   */
  finish(id: string, status: FinalStatus, now: number, opts: FinishOptions): JobRow | null;

  // --- housekeeping ---
  /** Queued jobs whose deadline is at or before `now`. */
  overdue(now: number): JobRow[];
  /** Finished jobs whose results files are due for removal. */
  filesDue(now: number): JobRow[];
  /** The job's files are gone: files_removed_at = now, results_bytes = 0, chunks dropped. */
  markFilesRemoved(id: string, now: number): void;
  /** Deletes jobs finished before `cutoff` whose files are gone and callback settled; their ids. */
  purge(cutoff: number): string[];

  // --- callbacks ---
  /** Final jobs whose callback attempt is due (pending or retrying, next_at <= now), soonest first, at most 64. */
  callbacksDue(now: number): JobRow[];
  /** Counts the next attempt if `seenAttempts` is still the count (one sender per attempt). */
  takeCallbackAttempt(id: string, seenAttempts: number, nextAt: number): boolean;
  setCallbackState(id: string, status: CallbackStatus, attempts: number, error: string | null, nextAt: number | null): void;
  /** The secret that signs the key's callbacks, or null when the key is gone. */
  webhookSecret(keyId: number): string | null;
}
