/**
 * The worker side of the pool: answers init, task and broadcast messages with a task
 * table. workers/worker.ts runs it with the service's table; tests run it with their own.
 * One message is handled at a time, in order, so a broadcast (an index swap) never lands
 * in the middle of a task.
 */
import { ApiError } from "../http/errors.ts";
import { decode, encode } from "./codec.ts";
import type { BroadcastTable, FromWorker, TaskTable, ToWorker, WorkerContext } from "./protocol.ts";

declare const self: Worker;

export function runWorker(tasks: TaskTable, broadcasts: readonly BroadcastTable[]): void {
  let ctx: WorkerContext | null = null;
  let chain: Promise<void> = Promise.resolve();
  const post = (m: FromWorker, transfer: ArrayBuffer[] = []) => self.postMessage(m, transfer);

  async function handle(m: ToWorker): Promise<void> {
    if (m.kind === "init") {
      ctx = { config: m.config, inWorker: true };
      post({ kind: "ready" });
      return;
    }
    if (m.kind === "share") {
      // Nobody awaits a share: a handler's failure is reported here, never left to reject
      // the chain (which would stop this worker from handling anything after it).
      try {
        if (!ctx) throw new Error("shared with before init");
        for (const table of broadcasts) await table[m.topic]?.(m.value, ctx);
      } catch (e) {
        console.error(`worker: share "${m.topic}" failed:`, e);
      }
      return;
    }
    const id = m.id;
    try {
      if (!ctx) throw new Error("worker used before init");
      if (m.kind === "broadcast") {
        const data = decode(m.data);
        for (const table of broadcasts) await table[m.topic]?.(data, ctx);
        const { env, transfer } = encode(null);
        post({ kind: "done", id, output: env }, transfer);
        return;
      }
      const fn = tasks[m.task];
      if (!fn) throw new Error(`unknown task "${m.task}"`);
      const out = await fn(decode(m.input), ctx);
      const { env, transfer } = encode(out);
      post({ kind: "done", id, output: env }, transfer);
    } catch (e) {
      if (e instanceof ApiError) post({ kind: "failed", id, error: e.message, code: e.code, extra: e.extra });
      else post({ kind: "failed", id, error: e instanceof Error ? e.message : String(e) });
    }
  }

  self.onmessage = (ev: MessageEvent<ToWorker>) => {
    chain = chain.then(() => handle(ev.data));
  };
}
