/**
 * services.classify: camelcase and categorize batches for the REST endpoints and the tool
 * server. It never sees HTTP. A batch of up to POOL_THRESHOLD names runs here on the calling
 * thread (a thread hop would cost more than the work); a larger one is cut into one chunk per
 * worker (at least POOL_THRESHOLD names each) that the pool computes in parallel (tasks
 * "classify.camelcase" and "classify.categorize": rows only), and the batch tables (word_stats,
 * tld_stats, summary) are built here from the rows in input order. Both paths run the same
 * pure functions (results.ts), so the answer does not depend on where it was computed.
 *
 * A chunk crosses the thread boundary as text both ways: the names joined by newlines, and
 * the rows as the JSON text of their array. Both are long strings, which the pool's codec
 * hands to structured clone (a copy), while msgpackr took 10-15 ms under Bun to pack the
 * 500 row objects of a 1,000-name request; JSON.stringify in the worker and JSON.parse
 * here cost well under a millisecond each (bench/classify/RESULTS.md).
 */
import { splitName as parseName, type ParsedName } from "../../domain/name.ts";
import type { Pool } from "../../pool/pool.ts";
import type { Services } from "../../services.ts";
import {
  camelcaseBatch, camelcaseBody, camelcaseOne, categorizeBatch, categorizeBody, categorizeOne,
  type CamelcaseBody, type CamelcaseRow, type CategorizeBody, type CategorizeRow,
} from "./results.ts";

/** Names above which a batch runs on the pool; also the smallest chunk sent to one worker. */
export const POOL_THRESHOLD = 64;

/** What a pool task receives: normalised ASCII domains (or bare names), one per line. */
export interface BatchInput {
  domains: string;
}

/** What a pool task returns: the JSON text of the chunk's rows, an array in input order. */
export interface BatchOutput {
  rows: string;
}

function rowsTask<R>(input: BatchInput, row: (d: ParsedName) => R): BatchOutput {
  return { rows: JSON.stringify(input.domains.split("\n").map((d) => row(parseName(d)))) };
}

export function camelcaseRowsTask(input: BatchInput): BatchOutput {
  return rowsTask(input, camelcaseOne);
}

export function categorizeRowsTask(input: BatchInput): BatchOutput {
  return rowsTask(input, categorizeOne);
}

type PoolPart = Pick<Pool, "run" | "size">;

export class ClassifyService {
  constructor(private readonly pool: PoolPart | null) {}

  async camelcase(domains: readonly ParsedName[]): Promise<CamelcaseBody> {
    if (!this.onPool(domains)) return camelcaseBatch(domains);
    return camelcaseBody(domains, await this.rows<CamelcaseRow>("classify.camelcase", domains));
  }

  async categorize(domains: readonly ParsedName[]): Promise<CategorizeBody> {
    if (!this.onPool(domains)) return categorizeBatch(domains);
    return categorizeBody(await this.rows<CategorizeRow>("classify.categorize", domains));
  }

  private onPool(domains: readonly ParsedName[]): boolean {
    return this.pool !== null && this.pool.size > 0 && domains.length > POOL_THRESHOLD;
  }

  /** Rows of every domain, in input order, computed by up to pool.size workers at once. */
  private async rows<R>(task: string, domains: readonly ParsedName[]): Promise<R[]> {
    const pool = this.pool!;
    const chunks = Math.max(1, Math.min(pool.size, Math.floor(domains.length / POOL_THRESHOLD)));
    const size = Math.ceil(domains.length / chunks);
    const parts: Promise<BatchOutput>[] = [];
    for (let at = 0; at < domains.length; at += size) {
      let lines = domains[at]!.ascii;
      for (let k = at + 1; k < Math.min(domains.length, at + size); k++) lines += "\n" + domains[k]!.ascii;
      parts.push(pool.run<BatchOutput>(task, { domains: lines } satisfies BatchInput));
    }
    const rows: R[] = [];
    for (const out of await Promise.all(parts)) for (const r of JSON.parse(out.rows) as R[]) rows.push(r);
    return rows;
  }
}

/** The service registered by the capability's start(). */
export function classifyServiceOf(s: Services): ClassifyService {
  const svc = s.classify as ClassifyService | undefined;
  if (svc === undefined) throw new Error("classify: the capability has not started");
  return svc;
}
