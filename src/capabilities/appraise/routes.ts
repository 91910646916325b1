/**
 * POST /v1/appraise and POST /v1/appraise/bulk. The single appraisal runs on the HTTP thread
 * (one name: a thread hop would cost more than the work); bulk runs on the worker pool
 * (task "appraise.bulk"). `?explain=true` adds the explanation; anything but true/false (1/0) is a 400.
 */
import { badRequest } from "../../http/errors.ts";
import { defineEndpoint, ONE, type CallContext } from "../../http/endpoint.ts";
import { parseDomain, parseDomainList, type ParsedName } from "../../domain/name.ts";
import { OPERATIONS } from "../../operations.ts";
import { Schemas } from "../../schema/requests.ts";
import { appraiseOne, type AppraisalRow, type BulkInput } from "./appraiser.ts";
import { envHere } from "./env.ts";
import { AppraisalBulk, AppraisalSingle } from "./schemas.ts";

/** The `explain` query parameter: absent or "false" = no, "true" = yes, anything else = 400. */
export function explainParam(query: URLSearchParams): boolean {
  const v = query.get("explain");
  if (v === null || v === "false" || v === "0") return false;
  if (v === "true" || v === "1") return true;
  throw badRequest(`explain must be true or false (or 1 or 0; got ${JSON.stringify(v.slice(0, 20))})`);
}

const EXPLAIN_QUERY = [
  {
    name: "explain",
    description: "true (or 1) adds the features that moved the value and by how much; false (or 0), the default, leaves them out",
    schema: { type: "string", enum: ["true", "false", "1", "0"] },
  },
];

const EXPLAIN_NOTE = " Over REST, add ?explain=true for the features that moved the value and by how much (never returned by default).";

export const appraise = defineEndpoint({
  op: OPERATIONS.appraise,
  body: () => Schemas.appraise(),
  summary: "Appraise one domain",
  description:
    "USD value estimate with a 20th-80th percentile range from a deterministic model (name shape and patterns, word frequency, classification, extension tier, zone-index demand), the classification and the zone facts." +
    EXPLAIN_NOTE,
  response: AppraisalSingle,
  query: EXPLAIN_QUERY,
  prepare: (body: { domain: unknown }, ctx: CallContext) => ({
    input: { parsed: parseDomain(body.domain, "domain", { requireExtension: true }), explain: explainParam(ctx.query) },
    units: ONE,
  }),
  handle: (input: { parsed: ParsedName; explain: boolean }, ctx) => ({
    body: appraiseOne(input.parsed, envHere(ctx.services.config), input.explain),
  }),
});

export const appraiseBulk = defineEndpoint({
  op: OPERATIONS.appraise_bulk,
  body: (limit) => Schemas.appraiseBulk(limit),
  summary: "Appraise up to 500 domains",
  description: "One appraisal row per domain, in input order (value, low, high, version, classification)." + EXPLAIN_NOTE,
  response: AppraisalBulk,
  query: EXPLAIN_QUERY,
  prepare: (body: { domains: unknown[] }, ctx: CallContext) => {
    const parsed = parseDomainList(body.domains, "domains", { requireExtension: true });
    const input: BulkInput = { domains: parsed.map((p) => p.ascii), explain: explainParam(ctx.query) };
    return { input, units: { items: parsed.length } };
  },
  handle: async (input: BulkInput, ctx) => {
    const results = await ctx.services.pool.run<AppraisalRow[]>("appraise.bulk", input);
    return { body: { results } };
  },
});
