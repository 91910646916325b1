/**
 * POST /v1/rdap and POST /v1/dns. Schemas from src/schema/requests.ts, costs and limits
 * from the operation table; the pipeline does auth, rate, validation and credits. Rows
 * that failed are not charged (`charge`), and a request whose every row failed because
 * the upstreams did not answer is a 502 (the pipeline refunds it).
 */
import { parseDomainList, type ParsedName } from "../../domain/name.ts";
import { defineEndpoint } from "../../http/endpoint.ts";
import { ApiError } from "../../http/errors.ts";
import { OPERATIONS } from "../../operations.ts";
import { Schemas } from "../../schema/requests.ts";
import type { RecordType } from "./dns-client.ts";
import { DEFAULT_SETTINGS } from "./settings.ts";
import { DnsResponse, RdapResponse } from "./schemas.ts";
import { lookupsOf } from "./wiring.ts";

export const DEFAULT_RECORD_TYPES: readonly RecordType[] = ["A", "AAAA", "MX", "TXT", "NS"];

const names = (domains: unknown[]) => parseDomainList(domains, "domains", { requireExtension: true });

export const rdap = defineEndpoint({
  op: OPERATIONS.rdap,
  body: (limit) => Schemas.rdap(limit),
  summary: "Registration data (RDAP, with WHOIS where a registry has no RDAP)",
  description:
    "Registrar, dates, status flags, nameservers and DNSSEC for each domain, in input order, from the registry's RDAP " +
    "server (IANA bootstrap registry; the registrar's RDAP server is followed for thin registries) or WHOIS for " +
    "extensions without RDAP. status is found, not_found or error; error rows carry `error` and are not charged. " +
    "Answers are cached (found 6 h, not found 1 h). " +
    `The request ends within ${DEFAULT_SETTINGS.rdapBudgetMs / 1000} s; when no registry answered for any ` +
    "domain the answer is 502 and nothing is charged.",
  response: RdapResponse,
  prepare: (b: { domains: string[] }) => {
    const input = names(b.domains);
    return { input, units: { items: input.length } };
  },
  handle: async (input: ParsedName[], ctx) => {
    const batch = await lookupsOf(ctx.services).registration(input);
    if (batch.allUpstreamFailed) {
      throw new ApiError("upstream_unavailable", `registration servers did not answer (${batch.rows[0]?.error ?? "no answer"}); nothing was charged`);
    }
    return { body: { results: batch.rows }, charge: OPERATIONS.rdap.cost({ items: batch.answered }) };
  },
});

interface DnsInput {
  names: ParsedName[];
  types: RecordType[];
}

export const dns = defineEndpoint({
  op: OPERATIONS.dns,
  body: (limit) => Schemas.dns(limit),
  summary: "DNS records (A, AAAA, MX, TXT, NS, CNAME, SOA)",
  description:
    "Records of the requested types (default A, AAAA, MX, TXT, NS) for each domain, from the configured resolvers, " +
    "keyed by the normalised name. A type with no record is an empty array (SOA: null); NXDOMAIN and time-outs are " +
    "listed in the domain's errors. TXT records are whole. A domain for which no resolver answered is not charged; " +
    `the request ends within ${DEFAULT_SETTINGS.dnsBudgetMs / 1000} s, and when no resolver answered at all the ` +
    "answer is 502 and nothing is charged.",
  response: DnsResponse,
  prepare: (b: { domains: string[]; record_types?: RecordType[] }) => {
    const input: DnsInput = { names: names(b.domains), types: [...new Set(b.record_types ?? DEFAULT_RECORD_TYPES)] };
    return { input, units: { items: input.names.length } };
  },
  handle: async (input: DnsInput, ctx) => {
    const batch = await lookupsOf(ctx.services).dns(input.names, input.types);
    if (batch.allUpstreamFailed) {
      const first = Object.values(batch.results)[0]?.errors[0] ?? "no answer";
      throw new ApiError("upstream_unavailable", `DNS resolvers did not answer (${first}); nothing was charged`);
    }
    return { body: { results: batch.results }, charge: OPERATIONS.dns.cost({ items: batch.answered }) };
  },
});
