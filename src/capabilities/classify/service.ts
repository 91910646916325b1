/**
 * services.classify: camelcase and categorize batches for the REST endpoints and the tool
 * server. It never sees HTTP. A batch of up to POOL_THRESHOLD names runs here on the calling
 * thread (a thread hop would cost more than the work); a larger one is cut into one chunk per
 * worker (at least POOL_THRESHOLD names each) that the pool computes in parallel (tasks
 * "classify.camelcase" and "classify.categorize": rows only), and the batch tables (word_stats,
 * tld_stats, summary) are built here from the rows in input order. Both paths run the same
 * pure functions (results.ts), so the answer does not depend on where it was computed.
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

/** What a pool task receives: normalised ASCII domains (or bare names). */
export interface BatchInput {
  domains: string[];
}

export function camelcaseRowsTask(input: BatchInput): CamelcaseRow[] {
  return input.domains.map((d) => camelcaseOne(parseName(d)));
}

export function categorizeRowsTask(input: BatchInput): CategorizeRow[] {
  return input.domains.map((d) => categorizeOne(parseName(d)));
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
    const parts: Promise<R[]>[] = [];
    for (let at = 0; at < domains.length; at += size) {
      parts.push(pool.run<R[]>(task, { domains: domains.slice(at, at + size).map((d) => d.ascii) } satisfies BatchInput));
    }
    return (await Promise.all(parts)).flat();
  }
}

/** The service registered by the capability's start(). */
export function classifyServiceOf(s: Services): ClassifyService {
  const svc = s.classify as ClassifyService | undefined;
  if (svc === undefined) throw new Error("classify: the capability has not started");
  return svc;
}
