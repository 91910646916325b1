/**
 * The builder's second core. The partitions are sorted half by the main thread and half by
 * a worker (split by record count; the worker's arrays are appended after the main
 * thread's); then the trigram index is built in a worker while the precomputed answers are
 * counted, half of the names by the main thread and half by another worker (the first
 * pass's counters summed, the fill's matrices shared and read by both for half of the rows'
 * entries each; the long terms' sample on a third thread beside the first pass). Before
 * the precompute, while the trigram worker runs, the containment counts are computed half
 * by the main thread and half by a worker (by buckets of suffixes). Three threads on two
 * cores: the last to finish sets the pace, and under other load each thread gets its own
 * share of the CPU. Names live in SharedArrayBuffers (collect.ts), so nothing big is copied in;
 * results are transferred out. ZW_WORKERS=0 runs the same functions inline (the pool's
 * switch, for a one-core run or a debugger). A worker that cannot start or fails rejects:
 * the build stops with that message, it never waits forever.
 */
import { buildTrigrams, type Trigrams } from "./trigrams.ts";
import { sortPartitions, type SortInput } from "./radix.ts";
import type { Collected } from "./collect.ts";
import { fillRange, nameCounts, type Beside, type FillInput, type NameCounts, type Plan } from "./precompute.ts";
import { entriesOf, type Entry } from "./precompute-encode.ts";
import { sampleLongTerms, type Candidate } from "./long-terms.ts";
import { innerCounts, type ContainInput, type InnerCounts } from "./containment.ts";
import { writeHere, type WriteAt } from "./write.ts";

export type WorkerTask =
  | { kind: "trigrams"; names: Uint8Array; nameOff: Uint32Array }
  | ({ kind: "sort" } & SortInput)
  | { kind: "counts"; a: FillInput; from: number; to: number }
  | { kind: "sample"; a: FillInput; minNames: number }
  | { kind: "fill"; a: FillInput; plan: Plan; E: number; from: number; to: number; m: Uint32Array }
  | { kind: "entries"; a: Uint32Array; b: Uint32Array; plan: Plan; extNames: string[]; r0: number; r1: number }
  | { kind: "contain"; a: ContainInput; counts: Float64Array; firstName: Uint32Array; from: number; to: number }
  | { kind: "write"; fd: number; position: number; data: Uint8Array };
export type WorkerReply =
  | { ok: true; result: Trigrams | Collected | NameCounts | Candidate[] | Entry[] | InnerCounts | number | null }
  | { ok: false; error: string; code?: string };

/** A worker's failure as an Error, keeping the system's code (ENOSPC, ...) so the CLI can name the cause in one line. */
function workerError(prefix: string, m: { error: string; code?: string }): Error {
  return Object.assign(new Error(`${prefix}: ${m.error}`), m.code === undefined ? {} : { code: m.code });
}

/** The worker entry; `bun build --compile` must list it as an entrypoint (compile.ts). */
export const BUILDER_WORKER = new URL("./worker.ts", import.meta.url);

const inline = () => process.env.ZW_WORKERS === "0";

function inWorker<T>(task: WorkerTask, transfer: ArrayBufferLike[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(BUILDER_WORKER);
    let settled = false;
    const done = (f: () => void) => {
      if (settled) return;
      settled = true;
      worker.terminate();
      f();
    };
    worker.onmessage = (ev: MessageEvent<WorkerReply>) => {
      const m = ev.data;
      done(() => (m.ok ? resolve(m.result as T) : reject(workerError(`builder worker (${task.kind})`, m))));
    };
    worker.addEventListener("error", (ev) => done(() => reject(new Error(`builder worker (${task.kind}): ${(ev as ErrorEvent).message ?? "failed"}`))));
    // a worker that ends without answering (killed, out of memory) must not leave the build waiting
    worker.addEventListener("close", () => done(() => reject(new Error(`builder worker (${task.kind}) ended without a result`))));
    worker.postMessage(task, transfer as ArrayBuffer[]);
  });
}

export function trigramsBeside(names: Uint8Array, nameOff: Uint32Array): Promise<Trigrams> {
  if (inline()) return Promise.resolve(buildTrigrams(names, nameOff));
  return inWorker<Trigrams>({ kind: "trigrams", names, nameOff }, []);
}

/** Sorts these partitions on the other core (their buffers are handed over). */
export function sortBeside(input: SortInput): Promise<Collected> {
  if (inline()) return Promise.resolve(sortPartitions(input));
  return inWorker<Collected>(
    { kind: "sort", ...input },
    input.parts.map((p) => p.data.buffer),
  );
}

/** The containment counts of buckets [from, to) on the other core (containment.ts). */
export function innerCountsBeside(a: ContainInput, counts: Float64Array, firstName: Uint32Array, from: number, to: number): Promise<InnerCounts> {
  if (inline()) return Promise.resolve(innerCounts(a, counts, firstName, from, to));
  return inWorker<InnerCounts>({ kind: "contain", a, counts, firstName, from, to }, []);
}

/** The precompute's steps on another thread (precompute.ts Beside). */
export const precomputeBeside: Beside = {
  counts: (a, from, to) => (inline() ? Promise.resolve(nameCounts(a, from, to)) : inWorker<NameCounts>({ kind: "counts", a, from, to }, [])),
  sample: (a, minNames) =>
    inline() ? Promise.resolve(sampleLongTerms(a.names, a.nameOff, minNames)) : inWorker<Candidate[]>({ kind: "sample", a, minNames }, []),
  fill: (a, plan, E, from, to, m) =>
    inline() ? Promise.resolve(fillRange(a, plan, E, from, to, m)) : inWorker<void>({ kind: "fill", a, plan, E, from, to, m }, []),
  entries: (a, b, plan, extNames, r0, r1) =>
    inline() ? Promise.resolve(entriesOf(a, b, plan, extNames, r0, r1)) : inWorker<Entry[]>({ kind: "entries", a, b, plan, extNames, r0, r1 }, []),
};

/**
 * The index file's writer thread (write.ts IndexFileWriter): one worker for the whole file,
 * which writes each section it is sent and answers its CRC-32, in order. Its time is mostly
 * waiting for the disk, so it takes little from the two counting threads. Sections in
 * SharedArrayBuffers are shared, handed-over buffers moved, others copied. close() ends it.
 */
export function writeBeside(): { writeAt: WriteAt; close(): void } {
  if (inline()) return { writeAt: writeHere, close: () => {} };
  const worker = new Worker(BUILDER_WORKER);
  const waiting: { resolve: (crc: number) => void; reject: (e: Error) => void }[] = [];
  let failed: Error | null = null;
  const failAll = (e: Error) => {
    failed ??= e;
    for (const w of waiting.splice(0)) w.reject(failed);
  };
  worker.onmessage = (ev: MessageEvent<WorkerReply>) => {
    const m = ev.data;
    const w = waiting.shift();
    if (w === undefined) return;
    if (m.ok) w.resolve(m.result as number);
    else w.reject(workerError("index writer", m));
  };
  worker.addEventListener("error", (ev) => failAll(new Error(`index writer: ${(ev as ErrorEvent).message ?? "failed"}`)));
  // ended without answering (killed, out of memory): the writes it owed fail, nothing waits forever
  worker.addEventListener("close", () => failAll(new Error("index writer: its thread ended")));
  return {
    writeAt: (fd, position, data, handOver) => {
      if (failed !== null) return Promise.reject(failed);
      return new Promise<number>((resolve, reject) => {
        waiting.push({ resolve, reject });
        worker.postMessage({ kind: "write", fd, position, data } satisfies WorkerTask, handOver ? [data.buffer as ArrayBuffer] : []);
      });
    },
    close: () => {
      failAll(new Error("index writer: closed"));
      worker.terminate();
    },
  };
}
