/**
 * The worker pool's message protocol, shared by the main thread (pool.ts) and the worker
 * entry (workers/worker.ts). A task is a pure function registered by name in a
 * capability's tasks.ts; inputs and outputs are plain data (msgpackr-encodable: objects,
 * arrays, strings, numbers, typed arrays).
 */
import type { Config } from "../config.ts";
import type { ErrorCode } from "../http/errors.ts";
import type { Envelope } from "./codec.ts";

/** What a task function sees besides its input. */
export interface WorkerContext {
  /** The service's configuration (paths of the zone index, data dir, ...). */
  config: Config;
  /** True inside a worker thread, false when the pool runs tasks inline (ZW_WORKERS=0). */
  inWorker: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: one table holds tasks of every input type; each task checks its own.
export type TaskFn = (input: any, ctx: WorkerContext) => unknown | Promise<unknown>;
/** Named tasks ("<capability>.<task>") of one capability. */
export type TaskTable = Readonly<Record<string, TaskFn>>;
/** Handlers for broadcasts (e.g. "zone.swap"), run in every worker and inline. */
// biome-ignore lint/suspicious/noExplicitAny: one table holds handlers of every broadcast's data type.
export type BroadcastTable = Readonly<Record<string, (data: any, ctx: WorkerContext) => void | Promise<void>>>;

/**
 * The job chunk contract, defined here once for both sides (the job types' tasks and the
 * jobs capability). Each job type's work is one task (JOB_TYPES[type].task in
 * src/operations.ts, e.g. "zone.jobChunk"). Names arrive as submitted (validated at
 * submit); the output holds one JSON row per name, in input order, the synchronous twin's
 * row; a row that failed carries `error` beside its identifying field.
 */
export interface JobChunkInput {
  names: string[];
  options: Record<string, unknown>;
}
export interface JobChunkOutput {
  /** names.length lines, each ending "\n". */
  ndjson: string;
  /** Rows with an error field. */
  errors: number;
}

/**
 * What the runner sends to the task "jobs.chunk" for one chunk: the job type's task and
 * the names. The names travel as one string, one per line (they are validated and
 * normalised: none holds a newline): one string crosses to a worker by structured clone
 * in microseconds, where msgpackr packs an array name by name.
 */
export interface ChunkJob {
  /** The job type's task, e.g. "zone.jobChunk". */
  task: string;
  names: string;
  /** How many names `names` holds. */
  count: number;
  options: Record<string, unknown>;
}

/** What "jobs.chunk" answers: the gzip member of the chunk's rows and how many of them are errors. */
export interface PackedChunk {
  member: Uint8Array;
  rows: number;
  errors: number;
  /** Row attempts after the first (error rows run again), reported to the main thread's metrics. */
  retried?: number;
}

/** main -> worker */
export type ToWorker =
  | { kind: "init"; config: Config }
  /** Pool.share: a broadcast whose value is posted as it is (structured clone), not encoded. */
  | { kind: "share"; topic: string; value: unknown }
  | { kind: "task"; id: number; task: string; input: Envelope }
  | { kind: "broadcast"; id: number; topic: string; data: Envelope };

/** worker -> main */
export type FromWorker =
  | { kind: "ready" }
  | { kind: "done"; id: number; output: Envelope }
  /** The task threw: `code` is kept when it was an ApiError (a caller's mistake). */
  | { kind: "failed"; id: number; error: string; code?: ErrorCode; extra?: Record<string, unknown> };
