/**
 * services.classify: camelcase and categorize batches for the REST endpoints and the tool
 * server. It never sees HTTP. A batch of up to POOL_THRESHOLD names runs here on the calling
 * thread (a thread hop would cost more than the work); a larger one goes to the worker pool
 * (tasks "classify.camelcase" and "classify.categorize", tasks.ts), so a 1,000-name request
 * never holds the HTTP thread. Both paths run the same pure functions (results.ts), so the
 * answer does not depend on where it was computed.
 */
import { splitName as parseName, type ParsedName } from "../../domain/name.ts";
import type { Pool } from "../../pool/pool.ts";
import type { Services } from "../../services.ts";
import { camelcaseBatch, categorizeBatch, type CamelcaseBody, type CategorizeBody } from "./results.ts";

/** Names above which a batch runs on the pool. */
export const POOL_THRESHOLD = 64;

/** What a pool task receives: normalised ASCII domains (or bare names). */
export interface BatchInput {
  domains: string[];
}

export function camelcaseTask(input: BatchInput): CamelcaseBody {
  return camelcaseBatch(input.domains.map(parseName));
}

export function categorizeTask(input: BatchInput): CategorizeBody {
  return categorizeBatch(input.domains.map(parseName));
}

export class ClassifyService {
  constructor(private readonly pool: Pick<Pool, "run"> | null) {}

  camelcase(domains: readonly ParsedName[]): Promise<CamelcaseBody> {
    if (this.pool === null || domains.length <= POOL_THRESHOLD) return Promise.resolve(camelcaseBatch(domains));
    return this.pool.run<CamelcaseBody>("classify.camelcase", { domains: domains.map((d) => d.ascii) } satisfies BatchInput);
  }

  categorize(domains: readonly ParsedName[]): Promise<CategorizeBody> {
    if (this.pool === null || domains.length <= POOL_THRESHOLD) return Promise.resolve(categorizeBatch(domains));
    return this.pool.run<CategorizeBody>("classify.categorize", { domains: domains.map((d) => d.ascii) } satisfies BatchInput);
  }
}

/** The service registered by the capability's start(). */
export function classifyServiceOf(s: Services): ClassifyService {
  const svc = s.classify as ClassifyService | undefined;
  if (svc === undefined) throw new Error("classify: the capability has not started");
  return svc;
}
