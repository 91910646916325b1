/**
 * POST /v1/zone/count, POST /v1/zone/lookup and GET /v1/zone/stats (docs/zone.md). The
 * schemas come from src/schema/requests.ts, costs and limits from the operation table;
 * the pipeline does auth, rate, validation and credits. Counts and booleans only.
 */
import { normaliseDomain, parseDomainList, clip } from "../../domain/name.ts";
import { defineEndpoint, ONE, type CallContext } from "../../http/endpoint.ts";
import { badRequest } from "../../http/errors.ts";
import { OPERATIONS } from "../../operations.ts";
import { Schemas } from "../../schema/requests.ts";
import type { ParsedName } from "../../domain/name.ts";
import type { Position } from "../../zone-index/index.ts";
import { ZoneCountResult, ZoneLookupResult, ZoneStatsResult } from "./schemas.ts";
import { noIndex } from "./thread-index.ts";
import { zoneServiceOf, type ZoneService } from "./service.ts";

function service(ctx: CallContext): ZoneService {
  const s = zoneServiceOf(ctx.services);
  if (s === null) throw noIndex();
  return s;
}

/** tlds entries are normalised like domains (case, trailing dot, IDN); one leading dot is allowed. */
export function normaliseTlds(tlds: readonly string[]): string[] {
  return tlds.map((t, i) => {
    const ascii = normaliseDomain(t.startsWith(".") ? t.slice(1) : t);
    if (ascii === null) throw badRequest(`tlds[${i}]: ${JSON.stringify(clip(t))} is not a valid extension`);
    return ascii;
  });
}

interface CountBody {
  term: string;
  tlds?: string[];
  position?: Position;
}

export const zoneCount = defineEndpoint({
  op: OPERATIONS.zone_count,
  body: () => Schemas.zoneCount(),
  summary: "Count registered domains whose name contains, starts or ends with a keyword",
  description:
    "Counts over the zone index: matching domains, distinct names, exact-name domains, matches whose extension also " +
    "holds the term, and the full per-extension breakdown. Optionally restricted to up to 50 extensions (an unknown " +
    "extension matches nothing). Never returns domain names. 502 when no index is loaded.",
  response: ZoneCountResult,
  prepare: (b: CountBody) => ({
    input: { term: b.term, position: b.position ?? "contains", tlds: b.tlds === undefined ? null : normaliseTlds(b.tlds) },
    units: ONE,
  }),
  handle: (i: { term: string; position: Position; tlds: string[] | null }, ctx) => ({
    body: service(ctx).count(i.term, i.position, i.tlds),
  }),
});

interface LookupBody {
  domains: string[];
  include_counts?: boolean;
}

export const zoneLookup = defineEndpoint({
  op: OPERATIONS.zone_lookup,
  body: (limit) => Schemas.zoneLookup(limit),
  summary: "Whether names are registered, and in how many extensions",
  description:
    "For each full domain or bare name: registered (null for a bare name), the number of extensions the name is " +
    "registered in, and with include_counts the domains and distinct names containing it and the domains starting " +
    "and ending with it. Names under 2 characters are unsupported (counts null). " +
    "502 when no index is loaded.",
  response: ZoneLookupResult,
  prepare: (b: LookupBody) => ({
    input: { inputs: b.domains, parsed: parseDomainList(b.domains, "domains"), includeCounts: b.include_counts === true },
    units: { items: b.domains.length, includeCounts: b.include_counts === true },
  }),
  handle: async (i: { inputs: string[]; parsed: ParsedName[]; includeCounts: boolean }, ctx) => ({
    body: await service(ctx).lookup(i.inputs, i.parsed, i.includeCounts),
  }),
});

export const zoneStats = defineEndpoint({
  op: OPERATIONS.zone_stats,
  summary: "Size of the zone index",
  description: "Build time, domains, distinct names, extensions and the 20 largest extensions. 502 when no index is loaded.",
  response: ZoneStatsResult,
  prepare: () => ({ input: null, units: ONE }),
  handle: (_i, ctx) => ({ body: service(ctx).stats() }),
});
