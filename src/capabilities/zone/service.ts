/**
 * services.zone: the zone capability's service on the main thread, used by the REST
 * endpoints, the tool server and the other capabilities. It never sees HTTP. Every answer
 * comes from the index of this moment; with no index loaded, each call is a 502 ApiError.
 * Lookup batches larger than a few hundred names' worth of work go to the worker pool
 * (task "zone.lookup"); smaller ones run here through the same function.
 */
import type { ParsedName } from "../../domain/name.ts";
import type { Services } from "../../services.ts";
import type { Position, ZoneCount, ZoneIndex, ZoneStats } from "../../zone-index/index.ts";
import type { ZoneIndexHolder } from "../../zone-index/swap.ts";
import { lookupCompact, lookupRow, type LookupRow, type LookupTaskInput, type LookupTaskOutput } from "./rows.ts";
import { noIndex } from "./thread-index.ts";

/** What this service needs of the worker pool (src/pool/pool.ts). */
export interface PoolLike {
  run<T = unknown>(task: string, input: unknown): Promise<T>;
  share(topic: string, value: unknown): void;
}

/** Names (x10 with include_counts) above which a lookup batch goes to the pool. */
export const POOL_THRESHOLD_UNITS = 2000;

export interface LookupAnswer {
  results: LookupRow[];
  index_built_at: string;
}

export class ZoneService {
  constructor(
    private readonly holder: ZoneIndexHolder,
    private readonly pool: PoolLike | null,
  ) {}

  /** The index in use, or null when none is loaded (appraise reads it for its features). */
  current(): ZoneIndex | null {
    return this.holder.current;
  }

  /** The index in use; a 502 ApiError when none is loaded. */
  index(): ZoneIndex {
    const index = this.holder.current;
    if (index === null) throw noIndex();
    return index;
  }

  /** zone/count. `tlds` are normalised extensions (no leading dot); null or absent = all. */
  count(term: string, position: Position, tlds?: readonly string[] | null): ZoneCount {
    return this.index().count(term, position, tlds ?? null);
  }

  stats(): ZoneStats {
    return this.index().stats();
  }

  /** True when this exact normalised domain is registered. */
  isRegistered(ascii: string): boolean {
    return this.index().has(ascii);
  }

  /** Domains registered under this exact name (first label) across every extension. */
  extensionsRegistered(name: string): number {
    return this.index().extensionsRegistered(name);
  }

  /** Domains registered under this extension ("com", "co.uk"); 0 when it has none. */
  extensionSize(ext: string): number {
    return this.index().extensionSize(ext);
  }

  /** zone/lookup rows in input order; inputs[i] is the item as sent, parsed[i] its parsed form. */
  async lookup(inputs: readonly string[], parsed: readonly ParsedName[], includeCounts: boolean): Promise<LookupAnswer> {
    const domains = parsed.map((p) => p.ascii);
    const units = parsed.length * (includeCounts ? 10 : 1);
    const out =
      this.pool !== null && units > POOL_THRESHOLD_UNITS
        ? await this.pool.run<LookupTaskOutput>("zone.lookup", { domains: domains.join("\n"), includeCounts } satisfies LookupTaskInput)
        : lookupCompact(this.index(), domains, includeCounts);
    const results = new Array<LookupRow>(parsed.length);
    for (let i = 0; i < parsed.length; i++) results[i] = lookupRow(inputs[i], parsed[i], out.rows, i, includeCounts);
    return { results, index_built_at: out.builtAt };
  }

  /** Re-reads the index file now, checking it in one go; true when a new index was swapped in. */
  reload(): boolean {
    return this.holder.reload();
  }

  /** The same with the check in slices between requests (SIGHUP): the index in use serves meanwhile. */
  reloadInBackground(): Promise<boolean> {
    return this.holder.reloadInBackground();
  }
}

/** services.zone, typed; null before the capability started. */
export function zoneServiceOf(services: Services): ZoneService | null {
  return services.zone ?? null;
}
