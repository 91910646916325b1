/**
 * The builder's second core: the trigram index is built in a worker thread while the main
 * thread computes the precomputed answers (the two read the same names and nothing else of
 * each other's). The names must sit in SharedArrayBuffers (collect.ts allocates them so).
 * ZW_WORKERS=0 builds inline instead (the pool's switch, for a one-core run or a debugger).
 * A worker that cannot start or fails rejects the promise: the build stops with that
 * message, it never waits forever.
 */
import { buildTrigrams, type Trigrams } from "./trigrams.ts";

/** Path of the worker entry; `bun build --compile` must list it as an entrypoint (compile.ts). */
export const TRIGRAM_WORKER = new URL("./trigram-worker.ts", import.meta.url);

export function trigramsBeside(names: Uint8Array, nameOff: Uint32Array): Promise<Trigrams> {
  if (process.env.ZW_WORKERS === "0") return Promise.resolve(buildTrigrams(names, nameOff));
  return new Promise<Trigrams>((resolve, reject) => {
    const worker = new Worker(TRIGRAM_WORKER);
    const done = (f: () => void) => {
      worker.terminate();
      f();
    };
    worker.onmessage = (ev: MessageEvent<({ ok: true } & Trigrams) | { ok: false; error: string }>) => {
      const m = ev.data;
      done(() => (m.ok ? resolve({ offsets: m.offsets, counts: m.counts, data: m.data }) : reject(new Error(`trigram worker: ${m.error}`))));
    };
    worker.addEventListener("error", (ev) => done(() => reject(new Error(`trigram worker: ${(ev as ErrorEvent).message ?? "failed"}`))));
    worker.postMessage({ names, nameOff });
  });
}
