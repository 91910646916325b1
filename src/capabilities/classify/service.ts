/**
 * services.classify: camelcase and categorize batches for the REST endpoints and the tool
 * server. It never sees HTTP. A batch of up to POOL_THRESHOLD names runs here on the calling
 * thread (a thread hop would cost more than the work); a larger one is cut into one chunk per
 * worker (at least POOL_THRESHOLD names each) that the pool computes in parallel (tasks
 * "classify.camelcase" and "classify.categorize": rows only), and the batch tables (word_stats,
 * tld_stats, summary) are built here from the rows in input order. Both paths run the same
 * pure functions (results.ts), so the answer does not depend on where it was computed.
 *
 * A chunk crosses the thread boundary as text and columns, never as row objects: the names
 * go joined by newlines; categorize rows come back as the JSON text of their array and
 * camelcase rows as columns (camelcase-columns.ts: two strings and an Int32Array, the cheapest
 * to turn back into objects here). Long strings and typed arrays travel by structured clone
 * (the pool's codec), while msgpackr took 10-15 ms under Bun to pack the 500 row objects of
 * a 1,000-name request (bench/classify/RESULTS.md).
 */
import { splitName as parseName, type ParsedName } from "../../domain/name.ts";
import type { Pool } from "../../pool/pool.ts";
import type { Services } from "../../services.ts";
import { fromColumns, toColumns, type CamelcaseColumns } from "./camelcase-columns.ts";
import {
  camelcaseBatch, camelcaseBody, camelcaseOne, categorizeBatch, categorizeBody, categorizeOne,
  type CamelcaseBody, type CategorizeBody, type CategorizeRow,
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
  return toColumns(chunkDomains(input).map(camelcaseOne));
}

export function categorizeRowsTask(input: BatchInput): CategorizeChunk {
  return { rows: JSON.stringify(chunkDomains(input).map(categorizeOne)) };
}

type PoolPart = Pick<Pool, "run" | "size">;

export class ClassifyService {
  constructor(private readonly pool: PoolPart | null) {}

  async camelcase(domains: readonly ParsedName[]): Promise<CamelcaseBody> {
    if (!this.onPool(domains)) return camelcaseBatch(domains);
    const rows = await this.chunks("classify.camelcase", domains, (part, out: CamelcaseColumns) => fromColumns(part, out));
    return camelcaseBody(domains, rows);
  }

  async categorize(domains: readonly ParsedName[]): Promise<CategorizeBody> {
    if (!this.onPool(domains)) return categorizeBatch(domains);
    return categorizeBody(await this.chunks("classify.categorize", domains, (_, out: CategorizeChunk) => JSON.parse(out.rows) as CategorizeRow[]));
  }

  private onPool(domains: readonly ParsedName[]): boolean {
    return this.pool !== null && this.pool.size > 0 && domains.length > POOL_THRESHOLD;
  }

  /** Rows of every domain, in input order, computed by up to pool.size workers at once. */
  private async chunks<O, R>(task: string, domains: readonly ParsedName[], rowsOf: (part: readonly ParsedName[], out: O) => R[]): Promise<R[]> {
    const pool = this.pool!;
    const count = Math.max(1, Math.min(pool.size, Math.floor(domains.length / POOL_THRESHOLD)));
    const size = Math.ceil(domains.length / count);
    const parts: ParsedName[][] = [];
    const outs: Promise<O>[] = [];
    for (let at = 0; at < domains.length; at += size) {
      const part = domains.slice(at, at + size);
      parts.push(part);
      outs.push(pool.run<O>(task, { domains: part.map((d) => d.ascii).join("\n") } satisfies BatchInput));
    }
    const rows: R[] = [];
    const done = await Promise.all(outs);
    for (let c = 0; c < parts.length; c++) for (const r of rowsOf(parts[c]!, done[c]!)) rows.push(r);
    return rows;
  }
}

/** The service registered by the capability's start(). */
export function classifyServiceOf(s: Services): ClassifyService {
  const svc = s.classify as ClassifyService | undefined;
  if (svc === undefined) throw new Error("classify: the capability has not started");
  return svc;
}
