/**
 * Getting one chunk done on the pool, with the chunk-level rules of docs/jobs.md: the chunk is
 * tried up to three times (JOB_LIMITS.rowAttempts); each attempt has a lease: if the worker
 * goes silent past it, the attempt is abandoned (its late answer is ignored) and the chunk
 * is redone. Three failed attempts are an internal fault (the job fails). A pool that is
 * merely busy (its queue is full: 503) is waited for, up to a lease, without counting.
 * Row-level retries happen where the work runs (chunk-task.ts).
 */
import { ApiError } from "../../http/errors.ts";
import { JOB_LIMITS } from "../../operations.ts";
import type { ChunkJob, PackedChunk } from "../../pool/protocol.ts";
import { ChunkFault } from "./chunk-task.ts";
import type { ChunkExecutor } from "./executor.ts";

const BUSY_WAIT_MS = 200;

function withLease<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, rej) => {
    timer = setTimeout(() => rej(new ChunkFault(`worker silent for ${ms} ms: lease expired`)), ms);
  });
  return Promise.race([p, expired]).finally(() => clearTimeout(timer));
}

/** The pool refusing work for now (a full queue, workers restarting): wait, not a failure. */
const isBusy = (e: unknown) => e instanceof ApiError && e.code === "busy";

function checked(p: PackedChunk, expected: number): PackedChunk {
  if (!p || !(p.member instanceof Uint8Array) || p.rows !== expected) throw new ChunkFault("chunk task answered a malformed result");
  return p;
}

export async function computeChunk(ex: ChunkExecutor, job: ChunkJob, leaseMs: number): Promise<PackedChunk> {
  let last: unknown;
  let busySince = 0;
  // The pool enforces the lease itself; this guard, a little later, covers any executor.
  const guardMs = leaseMs + Math.min(1000, leaseMs / 2);
  for (let a = 0; a < JOB_LIMITS.rowAttempts; ) {
    try {
      return checked(await withLease(ex.run(job, leaseMs), guardMs), job.count);
    } catch (e) {
      const now = Date.now();
      if (isBusy(e) && (busySince === 0 || now - busySince < leaseMs)) {
        busySince ||= now;
        await Bun.sleep(BUSY_WAIT_MS);
        continue;
      }
      busySince = 0;
      last = e;
      a++;
    }
  }
  throw new ChunkFault(`chunk failed ${JOB_LIMITS.rowAttempts} times: ${last instanceof Error ? last.message : String(last)}`);
}
