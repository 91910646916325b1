/**
 * Hostile JSON bodies per synchronous operation: for each served body endpoint, a
 * generator of one case (a raw JSON text and the field names the body holds, which a 400
 * must name). Built from gen.ts; the mix keeps roughly a third of the cases valid so the
 * 2xx paths (charges, row counts, upstream fakes) are exercised as hard as the 400s.
 */
import { OPERATIONS, REQUEST_LIMITS, type OperationId } from "../../src/operations.ts";
import { BASE_NAMES, HOSTILE_NAMES, HOSTILE_STRINGS, int, junkValue, listValue, nameish, ODD_KEYS, pick, withRawKey, type Rng } from "./gen.ts";

export interface BodyCase {
  body: string;
  /** The fields a 400 may name. */
  fields: string[];
  /** The list the body carries, when it is an array (a 2xx must answer one row each). */
  list?: unknown[];
  includeCounts?: boolean;
  /** A field appears twice: must be refused, never half-read. */
  repeated?: string;
}

/** Wrap a body object: sometimes add an unknown or prototype-polluting key. */
function finish(r: Rng, obj: Record<string, unknown>, fields: string[], listField?: string): BodyCase {
  const list = listField && Array.isArray(obj[listField]) ? (obj[listField] as unknown[]) : undefined;
  const includeCounts = obj.include_counts === true;
  const first = Object.keys(obj)[0];
  if (first !== undefined && r() < 0.05) {
    // The first field again with another value: JSON.parse would keep only the last.
    return { body: withRawKey(obj, first, junkValue(r)), fields, repeated: first };
  }
  if (r() < 0.15) {
    const k = pick(r, ODD_KEYS);
    return { body: withRawKey(obj, k, junkValue(r)), fields: [...fields, k, "unknown field"], list, includeCounts };
  }
  return { body: JSON.stringify(obj), fields, list, includeCounts };
}

const TERM_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-";

function term(r: Rng): unknown {
  const x = r();
  if (x < 0.15) return junkValue(r);
  if (x < 0.3) return pick(r, HOSTILE_STRINGS);
  if (x < 0.4)
    return pick(r, [
      "a",
      "ab",
      "-shop",
      "shop-",
      "sh--op",
      "Shop",
      "shop ",
      "shöp",
      "xn--",
      "x".repeat(63),
      "x".repeat(64),
      TERM_CHARS,
      TERM_CHARS + TERM_CHARS.slice(0, 26),
    ]);
  return Array.from({ length: int(r, REQUEST_LIMITS.termMin, REQUEST_LIMITS.termMax) }, () => pick(r, [...TERM_CHARS])).join("");
}

function tlds(r: Rng): unknown {
  const x = r();
  if (x < 0.15) return junkValue(r);
  if (x < 0.25) return Array.from({ length: REQUEST_LIMITS.maxTlds + int(r, 0, 2) }, (_, i) => `t${i}`);
  return Array.from({ length: int(r, 0, 5) }, () =>
    pick(r, [
      "com",
      "net",
      "nu",
      "co.uk",
      ".com",
      "COM",
      "com.",
      "",
      "x".repeat(64),
      "xn--zz",
      "com",
      ...HOSTILE_STRINGS.slice(0, 12),
      ...HOSTILE_NAMES.slice(0, 8),
    ]),
  );
}

const RECORD_TYPES = ["A", "AAAA", "MX", "TXT", "NS", "CNAME", "SOA", "a", "SPF", "ANY", "", "A ", "PTR"];

/** The list of an upstream-backed endpoint: names the fakes answer quickly, or junk. */
function lookupList(r: Rng, limit: number): unknown {
  if (r() < 0.6) return listValue(r, limit);
  return Array.from({ length: int(r, 1, Math.min(3, limit)) }, () =>
    pick(r, ["example.com", "example.org", "example.ws", "nic.nu", "x", "free.ws", ...BASE_NAMES]),
  );
}

type Gen = (r: Rng) => BodyCase;

export const BODY_GENS: Partial<Record<OperationId, Gen>> = {
  appraise: (r) => {
    const x = r();
    if (x < 0.1) return finish(r, {}, ["domain"]);
    if (x < 0.2) return finish(r, { domain: junkValue(r) }, ["domain"]);
    if (x < 0.25) return finish(r, { domains: [nameish(r)] }, ["domain", "domains", "unknown field"]);
    return finish(r, { domain: r() < 0.3 ? pick(r, BASE_NAMES) : nameish(r) }, ["domain"]);
  },
  appraise_bulk: (r) => finish(r, { domains: listValue(r, OPERATIONS.appraise_bulk.batchLimit!) }, ["domains"], "domains"),
  categorize: (r) => finish(r, { domains: listValue(r, OPERATIONS.categorize.batchLimit!) }, ["domains"], "domains"),
  camelcase: (r) => finish(r, { domains: listValue(r, OPERATIONS.camelcase.batchLimit!) }, ["domains"], "domains"),
  zone_count: (r) => {
    const o: Record<string, unknown> = { term: term(r) };
    if (r() < 0.5) o.tlds = tlds(r);
    if (r() < 0.5) o.position = r() < 0.6 ? pick(r, ["contains", "starts", "ends"]) : pick(r, ["Contains", "start", "", null, 1, ["ends"], "ends "]);
    if (r() < 0.05) delete o.term;
    return finish(r, o, ["term", "tlds", "position"]);
  },
  zone_lookup: (r) => {
    const o: Record<string, unknown> = { domains: listValue(r, OPERATIONS.zone_lookup.batchLimit!) };
    if (r() < 0.5) o.include_counts = r() < 0.6 ? r() < 0.5 : junkValue(r);
    return finish(r, o, ["domains", "include_counts"], "domains");
  },
  rdap: (r) => finish(r, { domains: lookupList(r, OPERATIONS.rdap.batchLimit!) }, ["domains"], "domains"),
  dns: (r) => {
    const o: Record<string, unknown> = { domains: lookupList(r, OPERATIONS.dns.batchLimit!) };
    if (r() < 0.6) o.record_types = r() < 0.2 ? junkValue(r) : Array.from({ length: int(r, 0, 4) }, () => pick(r, RECORD_TYPES));
    return finish(r, o, ["domains", "record_types"], "domains");
  },
};
