/**
 * Worker thread entry of the builder's second core (parallel.ts): sorts a run of partitions
 * into arrays of its own, builds the trigram index, runs a step of the precompute (a pass
 * over a range of names, the long terms' sample, half of the rows' entries), the containment counts of a range of suffix buckets, or writes the index file's
 * sections in the order they come (one worker for the whole file: writeBeside). Inputs arrive as SharedArrayBuffer
 * views (nothing copied in) or transferred buffers; outputs are transferred back.
 */
import { buildTrigrams } from "./trigrams.ts";
import { sortPartitions } from "./radix.ts";
import { fillRange, nameCounts } from "./precompute.ts";
import { entriesOf } from "./precompute-encode.ts";
import { sampleLongTerms } from "./long-terms.ts";
import { innerCounts } from "./containment.ts";
import { writeAll } from "./write.ts";
import type { WorkerReply, WorkerTask } from "./parallel.ts";

declare const self: Worker;

self.onmessage = (ev: MessageEvent<WorkerTask>) => {
  const task = ev.data;
  try {
    if (task.kind === "trigrams") {
      const t = buildTrigrams(task.names, task.nameOff);
      reply({ ok: true, result: t }, [t.offsets.buffer, t.counts.buffer, t.data.buffer]);
    } else if (task.kind === "sort") {
      reply({ ok: true, result: sortPartitions(task) }, []); // SharedArrayBuffers: shared, not moved
    } else if (task.kind === "counts") {
      const c = nameCounts(task.a, task.from, task.to);
      reply(
        { ok: true, result: c },
        Object.values(c).map((v) => v.buffer),
      );
    } else if (task.kind === "write") {
      writeAll(task.fd, task.data, task.position);
      reply({ ok: true, result: Bun.hash.crc32(task.data) >>> 0 }, []);
    } else if (task.kind === "contain") {
      const c = innerCounts(task.a, task.counts, task.firstName, task.from, task.to);
      reply({ ok: true, result: c }, [c.ids.buffer, c.names.buffer, c.domains.buffer, c.ends.buffer]);
    } else if (task.kind === "sample") {
      reply({ ok: true, result: sampleLongTerms(task.a.names, task.a.nameOff, task.minNames) }, []);
    } else if (task.kind === "entries") {
      const entries = entriesOf(task.a, task.b, task.plan, task.extNames, task.r0, task.r1);
      reply(
        { ok: true, result: entries },
        entries.map((e) => e.records.buffer),
      );
    } else {
      fillRange(task.a, task.plan, task.E, task.from, task.to, task.m); // into the shared matrix
      reply({ ok: true, result: null }, []);
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    reply({ ok: false, error: (e as Error).message, ...(typeof code === "string" ? { code } : {}) }, []);
  }
};

function reply(m: WorkerReply, transfer: ArrayBufferLike[]): void {
  self.postMessage(m, transfer as ArrayBuffer[]);
}
