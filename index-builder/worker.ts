/**
 * Worker thread entry of the builder's second core (parallel.ts): sorts a run of partitions
 * into arrays of its own, or builds the trigram index. Inputs arrive as SharedArrayBuffer
 * views (nothing copied in) or transferred buffers; outputs are transferred back.
 */
import { buildTrigrams } from "./trigrams.ts";
import { sortPartitions } from "./radix.ts";
import type { WorkerReply, WorkerTask } from "./parallel.ts";

declare const self: Worker;

self.onmessage = (ev: MessageEvent<WorkerTask>) => {
  const task = ev.data;
  try {
    if (task.kind === "trigrams") {
      const t = buildTrigrams(task.names, task.nameOff);
      reply({ ok: true, kind: "trigrams", result: t }, [t.offsets.buffer, t.counts.buffer, t.data.buffer]);
    } else {
      const c = sortPartitions(task.parts, task.rank);
      reply({ ok: true, kind: "sort", result: c }, [c.postStart.buffer, c.post.buffer, c.extCount.buffer]);
    }
  } catch (e) {
    reply({ ok: false, error: (e as Error).message }, []);
  }
};

function reply(m: WorkerReply, transfer: ArrayBufferLike[]): void {
  self.postMessage(m, transfer as ArrayBuffer[]);
}
