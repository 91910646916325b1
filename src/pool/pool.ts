/**
 * The worker pool (main-thread side): CPU batches of the capabilities (appraise, classify,
 * zone lookups, job chunks) run on Bun worker threads so the HTTP thread stays responsive.
 *
 * Guarantees:
 * - A task is a named pure function (workers/tasks.ts); `run` resolves with its output or
 *   rejects with its error (an ApiError keeps its status, so a 400 thrown in a worker is a
 *   400 to the caller).
 * - Bounded queue: past `maxQueue` waiting tasks, `run` fails at once with PoolBusyError
 *   (503 + Retry-After) instead of growing memory: that is the back-pressure.
 * - A worker that dies (crash, exit) or stays silent past the task's time limit is
 *   terminated and replaced, and the task it was running is retried once on the new
 *   worker, so a caller gets its answer; a task that kills two workers is failed (502).
 * - Broadcasts (e.g. "zone.swap") reach every worker, in order with its tasks, and are
 *   replayed to workers started later; they run on the calling thread too, whose state
 *   serves `runHere` (small batches that are not worth a thread hop).
 * - A worker that cannot even start (a broken build) is respawned with a growing delay,
 *   and what waits is failed with a 503 rather than left hanging.
 * - Shares (`share`): a broadcast to the workers only, whose value is posted as it is
 *   (structured clone) instead of encoded, now and to workers started later, ahead of the
 *   replayed broadcasts. Arrays on SharedArrayBuffers arrive by reference, so every worker
 *   reads the calling thread's one copy of a read-only table (the lexicon, 45 MB).
 * - size 0 (ZW_WORKERS=0) runs everything on the calling thread through the same table.
 */
import type { Config } from "../config.ts";
import { ApiError, isErrorCode } from "../http/errors.ts";
import { decode, encode, type Envelope } from "./codec.ts";
import type { BroadcastTable, FromWorker, TaskTable, ToWorker, WorkerContext } from "./protocol.ts";

export class PoolBusyError extends ApiError {
  constructor(queued: number) {
    super("busy", `server busy: ${queued} tasks are waiting for a worker; retry shortly`, { retry_after_seconds: 1 }, { "Retry-After": "1" });
  }
}

export interface RunOptions {
  /** Milliseconds the task may run before its worker is presumed silent (default from the pool). */
  timeoutMs?: number;
}

export interface PoolStats {
  workers: number;
  busy: number;
  queued: number;
  completed: number;
  restarts: number;
}

export interface Pool {
  /** Worker threads (0: tasks run on the calling thread). */
  readonly size: number;
  run<T = unknown>(task: string, input: unknown, opts?: RunOptions): Promise<T>;
  /** The same task on the calling thread (for batches too small to be worth a hop). */
  runHere<T = unknown>(task: string, input: unknown): Promise<T>;
  broadcast(topic: string, data: unknown): Promise<void>;
  /**
   * Runs the broadcast handler of `topic` in every worker with `value` as posted (not
   * encoded: SharedArrayBuffer-backed arrays are shared, not copied). Not run on the calling
   * thread, which holds the value already; so a no-op inline. Fire and forget: it reaches a
   * worker before any task posted after it.
   */
  share(topic: string, value: unknown): void;
  stats(): PoolStats;
  stop(): Promise<void>;
}

export interface PoolOptions {
  size: number;
  config: Config;
  tasks: TaskTable;
  broadcasts: readonly BroadcastTable[];
  /** The worker entry (default: workers/worker.ts). */
  workerUrl?: string | URL;
  maxQueue?: number;
  taskTimeoutMs?: number;
}

interface Job {
  id: number;
  task: string;
  input: Envelope;
  timeoutMs: number;
  attempts: number;
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: ReturnType<typeof setTimeout> | null;
  dead: boolean;
}

const DEFAULT_WORKER = new URL("../../workers/worker.ts", import.meta.url);

function failure(m: Extract<FromWorker, { kind: "failed" }>, task: string): Error {
  if (isErrorCode(m.code)) return new ApiError(m.code, m.error, m.extra ?? {});
  return new Error(`task ${task} failed in a worker: ${m.error}`);
}

export function createPool(o: PoolOptions): Pool {
  return o.size > 0 ? new WorkerPool(o) : new InlinePool(o);
}

class Here {
  protected ctx: WorkerContext;
  constructor(protected o: PoolOptions) {
    this.ctx = { config: o.config, inWorker: false };
  }
  async runHere<T>(task: string, input: unknown): Promise<T> {
    const fn = this.o.tasks[task];
    if (!fn) throw new Error(`unknown task "${task}"`);
    return (await fn(input, this.ctx)) as T;
  }
  protected async broadcastHere(topic: string, data: unknown): Promise<void> {
    for (const t of this.o.broadcasts) await t[topic]?.(data, this.ctx);
  }
}

class InlinePool extends Here implements Pool {
  readonly size = 0;
  private completed = 0;
  async run<T>(task: string, input: unknown): Promise<T> {
    const out = await this.runHere<T>(task, input);
    this.completed++;
    return out;
  }
  broadcast(topic: string, data: unknown): Promise<void> {
    return this.broadcastHere(topic, data);
  }
  share(): void {}
  stats(): PoolStats {
    return { workers: 0, busy: 0, queued: 0, completed: this.completed, restarts: 0 };
  }
  async stop(): Promise<void> {}
}

class WorkerPool extends Here implements Pool {
  readonly size: number;
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private nextId = 1;
  private completed = 0;
  private restarts = 0;
  private stopping = false;
  /** Workers in a row that died before they were ready. */
  private failedStarts = 0;
  private lastStartError = "";
  /** Last data of every broadcast topic, replayed to workers started later. */
  private sticky = new Map<string, Envelope>();
  /** Last value shared on each topic, posted to each worker after its init. */
  private shares = new Map<string, unknown>();
  /** Broadcast acknowledgements awaited, by message id, with the slot they wait on. */
  private acks = new Map<number, { slot: Slot; done: () => void }>();
  private readonly maxQueue: number;
  private readonly timeoutMs: number;

  constructor(o: PoolOptions) {
    super(o);
    this.size = o.size;
    this.maxQueue = o.maxQueue ?? 10_000;
    this.timeoutMs = o.taskTimeoutMs ?? 120_000;
    for (let i = 0; i < o.size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = new Worker(this.o.workerUrl ?? DEFAULT_WORKER);
    const slot: Slot = { worker, ready: false, job: null, timer: null, dead: false };
    worker.onmessage = (ev: MessageEvent<FromWorker>) => this.onMessage(slot, ev.data);
    worker.addEventListener("error", (ev) => this.onDeath(slot, `worker error: ${(ev as ErrorEvent).message ?? "unknown"}`));
    worker.addEventListener("close", () => this.onDeath(slot, "worker exited"));
    worker.unref();
    this.post(slot, { kind: "init", config: this.o.config });
    for (const [topic, value] of this.shares) this.post(slot, { kind: "share", topic, value });
    for (const [topic, data] of this.sticky) this.post(slot, { kind: "broadcast", id: 0, topic, data });
    return slot;
  }

  private post(slot: Slot, m: ToWorker): void {
    try {
      slot.worker.postMessage(m);
    } catch (e) {
      this.onDeath(slot, `could not post to worker: ${e instanceof Error ? e.message : e}`);
    }
  }

  private onMessage(slot: Slot, m: FromWorker): void {
    if (m.kind === "ready") {
      slot.ready = true;
      this.failedStarts = 0;
      this.pump();
      return;
    }
    const ack = this.acks.get(m.id);
    if (ack) {
      this.acks.delete(m.id);
      ack.done();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== m.id) return;
    this.release(slot);
    if (m.kind === "done") {
      this.completed++;
      try {
        job.resolve(decode(m.output));
      } catch (e) {
        job.reject(e);
      }
    } else job.reject(failure(m, job.task));
    this.pump();
  }

  private release(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  private onDeath(slot: Slot, why: string): void {
    if (slot.dead) return;
    slot.dead = true;
    const job = slot.job;
    this.release(slot);
    slot.worker.terminate();
    // Its replacement gets every broadcast replayed, so nobody waits on the dead one.
    for (const [id, a] of this.acks) if (a.slot === slot) this.acks.delete(id), a.done();
    const i = this.slots.indexOf(slot);
    if (this.stopping) {
      job?.reject(new ApiError("busy", "server is stopping"));
      return;
    }
    this.restarts++;
    if (!slot.ready) {
      // It never started: respawning at once would spin. Back off, and do not keep
      // callers waiting on workers that cannot start.
      this.failedStarts++;
      this.lastStartError = why;
      const delay = Math.min(30_000, 50 * 2 ** Math.min(this.failedStarts, 10));
      const timer = setTimeout(() => {
        if (!this.stopping && i >= 0) this.slots[i] = this.spawn();
        this.pump();
      }, delay);
      timer.unref?.();
      if (this.failedStarts >= 3 && this.slots.every((s) => !s.ready || s.dead)) {
        for (const j of this.queue.splice(0))
          j.reject(new ApiError("busy", `workers cannot start (${this.lastStartError}); retry later`, {}, { "Retry-After": "5" }));
      }
      return;
    }
    if (i >= 0) this.slots[i] = this.spawn();
    if (job) {
      job.attempts++;
      if (job.attempts < 2) this.queue.unshift(job);
      else job.reject(new ApiError("worker_failed", `the worker running ${job.task} stopped twice (${why}); nothing was charged`));
    }
    this.pump();
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (!slot.ready || slot.job || slot.dead) continue;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.timer = setTimeout(() => this.onDeath(slot, `silent for ${job.timeoutMs} ms`), job.timeoutMs);
      // The input envelope is re-sent on a retry, so it is cloned, not transferred.
      this.post(slot, { kind: "task", id: job.id, task: job.task, input: job.input });
    }
  }

  run<T>(task: string, input: unknown, opts: RunOptions = {}): Promise<T> {
    if (this.stopping) return Promise.reject(new ApiError("busy", "server is stopping"));
    if (!(task in this.o.tasks)) return Promise.reject(new Error(`unknown task "${task}"`));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new PoolBusyError(this.queue.length));
    const { env } = encode(input);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        task,
        input: env,
        timeoutMs: opts.timeoutMs ?? this.timeoutMs,
        attempts: 0,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.pump();
    });
  }

  share(topic: string, value: unknown): void {
    this.shares.set(topic, value);
    for (const slot of this.slots) if (!slot.dead) this.post(slot, { kind: "share", topic, value });
  }

  async broadcast(topic: string, data: unknown): Promise<void> {
    const { env } = encode(data);
    this.sticky.set(topic, env);
    await this.broadcastHere(topic, data);
    await Promise.all(
      this.slots.map(
        (slot) =>
          new Promise<void>((resolve) => {
            const id = this.nextId++;
            this.acks.set(id, { slot, done: resolve });
            this.post(slot, { kind: "broadcast", id, topic, data: env });
          }),
      ),
    );
  }

  stats(): PoolStats {
    return {
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.job).length,
      queued: this.queue.length,
      completed: this.completed,
      restarts: this.restarts,
    };
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const job of this.queue.splice(0)) job.reject(new ApiError("busy", "server is stopping"));
    for (const slot of this.slots) {
      slot.dead = true;
      slot.job?.reject(new ApiError("busy", "server is stopping"));
      this.release(slot);
      slot.worker.terminate();
    }
    for (const a of this.acks.values()) a.done();
    this.acks.clear();
  }
}
