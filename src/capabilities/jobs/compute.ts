/**
 * Computing one chunk, with the retry rules of the spec:
 * - the whole task is tried up to three times (JOB_LIMITS.rowAttempts); each attempt has a
 *   lease: if the worker goes silent past it, the attempt is abandoned (its late answer is
 *   ignored) and the chunk is redone. Three failed attempts are an internal fault. A pool
 *   that is merely busy (queue full, 503) is waited for, up to a lease, without counting.
 * - rows answered with an error field are retried (only those names) until they have had
 *   three attempts; the rows still failing stay in the output with their error.
 * The output keeps input order and holds exactly one line per name, checked here.
 */
import { ApiError } from "../../http/errors.ts";
import { JOB_LIMITS } from "../../operations.ts";
import type { ChunkExecutor } from "./executor.ts";
import type { ChunkOutput } from "./types.ts";

const BUSY_WAIT_MS = 200;

export class ChunkFault extends Error {
  override name = "ChunkFault";
}

export interface ChunkResult {
  /** NDJSON, one line per name, each ending "\n". */
  text: string;
  errors: number;
}

function withLease<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, rej) => {
    timer = setTimeout(() => rej(new ChunkFault(`worker silent for ${ms} ms: lease expired`)), ms);
  });
  return Promise.race([p, expired]).finally(() => clearTimeout(timer));
}

function splitLines(out: ChunkOutput, expected: number): string[] {
  if (!out || typeof out.ndjson !== "string") throw new ChunkFault("task answered without ndjson");
  const lines = out.ndjson.split("\n");
  if (lines.pop() !== "") throw new ChunkFault("task output does not end with a newline");
  if (lines.length !== expected) throw new ChunkFault(`task answered ${lines.length} rows for ${expected} names`);
  return lines;
}

const hasError = (line: string) => line.includes('"error"') && Object.hasOwn(JSON.parse(line) as object, "error");

/** The pool refusing work because its queue is full (PoolBusyError): wait, not a failure. */
const isBusy = (e: unknown) => e instanceof ApiError && e.status === 503;

async function attempt(ex: ChunkExecutor, task: string, names: string[], options: Record<string, unknown>, leaseMs: number): Promise<string[]> {
  let last: unknown;
  let busySince = 0;
  for (let a = 0; a < JOB_LIMITS.rowAttempts; ) {
    try {
      return splitLines(await withLease(ex.run(task, { names, options }, leaseMs), leaseMs + Math.min(1000, leaseMs / 2)), names.length);
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

export async function computeChunk(
  ex: ChunkExecutor,
  task: string,
  names: string[],
  options: Record<string, unknown>,
  leaseMs: number,
): Promise<ChunkResult> {
  const lines = await attempt(ex, task, names, options, leaseMs);
  let failed: number[] = [];
  for (let i = 0; i < lines.length; i++) if (hasError(lines[i]!)) failed.push(i);
  for (let round = 1; round < JOB_LIMITS.rowAttempts && failed.length > 0; round++) {
    const again = await attempt(ex, task, failed.map((i) => names[i]!), options, leaseMs);
    const still: number[] = [];
    for (let k = 0; k < failed.length; k++) {
      lines[failed[k]!] = again[k]!;
      if (hasError(again[k]!)) still.push(failed[k]!);
    }
    failed = still;
  }
  return { text: lines.join("\n") + "\n", errors: failed.length };
}
