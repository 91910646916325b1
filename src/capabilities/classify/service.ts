/**
 * services.classify: camelcase and categorize batches for the REST endpoints and the tool
 * server. It never sees HTTP. A batch of up to POOL_THRESHOLD names runs here on the calling
 * thread (a thread hop would cost more than the work); a larger one is cut into shares of at
 * least POOL_THRESHOLD names that the pool computes in parallel (tasks "classify.camelcase":
 * rows and their words counted, "classify.categorize": rows), this thread taking one share
 * itself when the pool is idle (see chunks), and the batch tables (word_stats from the
 * shares' tallies, tld_stats, summary) are built here in input order. Both paths run the same
 * pure functions (results.ts), so the answer does not depend on where it was computed.
 *
 * A chunk crosses the thread boundary as text and columns, never as row objects: the names
 * go joined by newlines; categorize rows come back as the JSON text of their array and
 * camelcase rows as columns (camelcase-columns.ts: two strings and an Int32Array, the cheapest
 * to turn back into objects here, beside the share's word tally). Long strings and typed arrays travel by structured clone
 * (the pool's codec), while msgpackr took 10-15 ms under Bun to pack the 500 row objects of
 * a 1,000-name request (bench/classify/RESULTS.md).
 */
import os from "node:os";
import { splitName as parseName, type ParsedName } from "../../domain/name.ts";
import { ApiError } from "../../http/errors.ts";
import type { Pool } from "../../pool/pool.ts";
import type { Services } from "../../services.ts";
import { fromColumns, toColumns, type CamelcaseColumns } from "./camelcase-columns.ts";
import {
  camelcaseBatch,
  camelcaseBody,
  camelcaseRows,
  categorizeBatch,
  categorizeBody,
  categorizeRows,
  newWordTally,
  type CamelcaseBody,
  type CategorizeBody,
  type CategorizeRow,
} from "./results.ts";

/** Names above which a batch runs on the pool; also the smallest chunk sent to one worker. */
export const POOL_THRESHOLD = 64;

/** What a pool task receives: normalised ASCII domains (or bare names), one per line. */
export interface BatchInput {
  domains: string;
}

/** What "classify.categorize" returns: the JSON text of the chunk's rows, an array in input order. */
export interface CategorizeChunk {
  rows: string;
}

const chunkDomains = (input: BatchInput) => input.domains.split("\n").map(parseName);

export function camelcaseRowsTask(input: BatchInput): CamelcaseColumns {
  const domains = chunkDomains(input),
    words = newWordTally(domains.length);
  return toColumns(camelcaseRows(domains, words), words);
}

export function categorizeRowsTask(input: BatchInput): CategorizeChunk {
  return { rows: JSON.stringify(categorizeRows(chunkDomains(input))) };
}

type PoolPart = Pick<Pool, "run" | "size" | "stats">;

/** Threads that can compute at once; a share beyond this only waits for a core. */
const CORES = Math.max(1, os.availableParallelism?.() ?? os.cpus().length);

export class ClassifyService {
  constructor(private readonly pool: PoolPart | null) {}

  async camelcase(domains: readonly ParsedName[]): Promise<CamelcaseBody> {
    if (!this.onPool(domains)) return camelcaseBatch(domains);
    // Each share's words are counted where the share is computed; the workers' tallies are merged here.
    const words = newWordTally(domains.length);
    const rows = await this.chunks(
      "classify.camelcase",
      domains,
      (part, out: CamelcaseColumns) => {
        words.merge(out);
        return fromColumns(part, out);
      },
      (part) => camelcaseRows(part, words),
    );
    return camelcaseBody(domains, rows, words);
  }

  async categorize(domains: readonly ParsedName[]): Promise<CategorizeBody> {
    if (!this.onPool(domains)) return categorizeBatch(domains);
    return categorizeBody(
      await this.chunks(
        "classify.categorize",
        domains,
        (_, out: CategorizeChunk) => JSON.parse(out.rows) as CategorizeRow[],
        (part) => categorizeRows(part),
      ),
    );
  }

  private onPool(domains: readonly ParsedName[]): boolean {
    return this.pool !== null && this.pool.size > 0 && domains.length > POOL_THRESHOLD;
  }

  /**
   * Rows of every domain, in input order. With the pool busy (a server under load) the batch
   * is cut into one share per worker and this thread only waits, so it stays free for other
   * requests. With the pool idle, this thread computes one share itself while the workers
   * compute theirs, and only as many shares run as there are cores: on an idle 2-core
   * machine one worker and this thread (measured: 8.7 ms for 1,000 camelcase names, against
   * 14.8 ms for two workers, whose shares then compete with this thread for the cores).
   */
  private async chunks<O, R>(
    task: string,
    domains: readonly ParsedName[],
    rowsOf: (part: readonly ParsedName[], out: O) => R[],
    here: (part: readonly ParsedName[]) => R[],
  ): Promise<R[]> {
    const pool = this.pool!;
    const st = pool.stats();
    const local = st.busy === 0 && st.queued === 0;
    const workers = local ? Math.min(pool.size, CORES - 1) : pool.size;
    const count = Math.max(1, Math.min(workers + (local ? 1 : 0), Math.floor(domains.length / POOL_THRESHOLD)));
    const size = Math.ceil(domains.length / count);
    const first = local ? size : 0;
    const parts: ParsedName[][] = [];
    const outs: Promise<O>[] = [];
    for (let at = first; at < domains.length; at += size) {
      const part = domains.slice(at, at + size);
      parts.push(part);
      outs.push(pool.run<O>(task, { domains: part.map((d) => d.ascii).join("\n") } satisfies BatchInput));
    }
    const rows: R[] = local ? here(domains.slice(0, first)) : [];
    const done = await Promise.all(outs);
    for (let c = 0; c < parts.length; c++) for (const r of rowsOf(parts[c]!, done[c]!)) rows.push(r);
    return rows;
  }
}

/** The service registered by the capability's start(); 503 (unavailable) before it started. */
export function classifyServiceOf(s: Services): ClassifyService {
  if (s.classify === undefined) throw new ApiError("unavailable", "the classify service is not running");
  return s.classify;
}
