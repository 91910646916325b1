/**
 * One valid and one invalid request per operation, for the shared suites. The valid ones
 * are answerable by the fixture server (its zone index and fake upstreams).
 */
import type { OperationId } from "../../src/operations.ts";

export interface Sample {
  /** Valid body (undefined for GET operations). */
  valid?: unknown;
  /** Units the valid body costs, as the operation table computes them. */
  units: { items: number; includeCounts?: boolean };
  /** An invalid body and the exact message it must get. */
  invalid?: { body: unknown; message: string };
  /** A list one over the REST limit, when the operation takes a list. */
  overLimit?: (limit: number) => unknown;
}

const names = (n: number, ext = ".com") => Array.from({ length: n }, (_, i) => `name${i}${ext}`);

export const SAMPLES: Partial<Record<OperationId, Sample>> = {
  appraise: {
    valid: { domain: "bestpizza.com" },
    units: { items: 1 },
    invalid: { body: { domain: "foo..bar" }, message: 'domain: "foo..bar" is not a valid domain name' },
  },
  appraise_bulk: {
    valid: { domains: ["bestpizza.com", "cheapflights.net", "xqzvtkpl.io"] },
    units: { items: 3 },
    invalid: { body: { domains: ["a.com", "b.com", "c.com", "foo..bar"] }, message: 'domains[3]: "foo..bar" is not a valid domain name' },
    overLimit: (n) => ({ domains: names(n + 1) }),
  },
  categorize: {
    valid: { domains: ["bestpizza.com", "denverdentist.com"] },
    units: { items: 2 },
    invalid: { body: { domains: ["a.com", 7] }, message: "domains[1] must be a string" },
    overLimit: (n) => ({ domains: names(n + 1) }),
  },
  camelcase: {
    valid: { domains: ["bestpizza.com", "top10games.net", "openbsd"] },
    units: { items: 3 },
    invalid: { body: { domains: ["a.com"], domian: ["a.com"] }, message: 'unknown field "domian"' },
    overLimit: (n) => ({ domains: names(n + 1) }),
  },
  zone_count: {
    valid: { term: "shop", position: "contains" },
    units: { items: 1 },
    invalid: { body: { term: "Shop!" }, message: "term must be 2 to 63 characters of lower-case a-z, 0-9 and hyphen" },
  },
  zone_lookup: {
    valid: { domains: ["google.com", "nic.nu", "x"], include_counts: true },
    units: { items: 3, includeCounts: true },
    invalid: { body: { domains: ["ok.com"], include_counts: "yes" }, message: "include_counts must be a boolean" },
    overLimit: (n) => ({ domains: names(n + 1) }),
  },
  zone_stats: { units: { items: 1 } },
  rdap: {
    valid: { domains: ["example.com"] },
    units: { items: 1 },
    invalid: { body: { domains: [] }, message: "domains must not be empty" },
    overLimit: (n) => ({ domains: names(n + 1) }),
  },
  dns: {
    valid: { domains: ["example.com"], record_types: ["A", "TXT"] },
    units: { items: 1 },
    invalid: { body: { domains: ["example.com"], record_types: ["A", "SPF"] }, message: "record_types[1] must be one of A, AAAA, MX, TXT, NS, CNAME, SOA" },
    overLimit: (n) => ({ domains: names(n + 1) }),
  },
};
