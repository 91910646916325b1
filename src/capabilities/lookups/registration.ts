/**
 * The Registration result (docs/lookups.md) and the pieces RDAP and WHOIS parsers share: what a parser
 * extracts, how two partial records merge (registry first, registrar fills the gaps), dates
 * in ISO 8601 UTC, status flags in one spelling, and the human-readable age.
 */

export type RegistrationStatus = "found" | "not_found" | "error";

export interface Registration {
  domain: string;
  status: RegistrationStatus;
  /** Where the answer came from: "rdap" or "whois"; absent on error rows. */
  source?: "rdap" | "whois";
  registrationDate?: string | null;
  expirationDate?: string | null;
  lastUpdatedDate?: string | null;
  registrar?: string | null;
  age?: string | null;
  statusFlags?: string[];
  nameservers?: string[];
  dnssecEnabled?: boolean | null;
  /** Error rows only. */
  error?: string;
}

/** What a parser found in one answer; null where the answer said nothing. */
export interface RegistrationFacts {
  registrationDate: string | null;
  expirationDate: string | null;
  lastUpdatedDate: string | null;
  registrar: string | null;
  statusFlags: string[];
  nameservers: string[];
  dnssecEnabled: boolean | null;
}

export const emptyFacts = (): RegistrationFacts => ({
  registrationDate: null,
  expirationDate: null,
  lastUpdatedDate: null,
  registrar: null,
  statusFlags: [],
  nameservers: [],
  dnssecEnabled: null,
});

/** Registry facts win; the registrar's answer fills what the registry left out. */
export function mergeFacts(registry: RegistrationFacts, registrar: RegistrationFacts): RegistrationFacts {
  return {
    registrationDate: registry.registrationDate ?? registrar.registrationDate,
    expirationDate: registry.expirationDate ?? registrar.expirationDate,
    lastUpdatedDate: registry.lastUpdatedDate ?? registrar.lastUpdatedDate,
    registrar: registry.registrar ?? registrar.registrar,
    statusFlags: registry.statusFlags.length > 0 ? registry.statusFlags : registrar.statusFlags,
    nameservers: registry.nameservers.length > 0 ? registry.nameservers : registrar.nameservers,
    dnssecEnabled: registry.dnssecEnabled ?? registrar.dnssecEnabled,
  };
}

export function foundRow(domain: string, source: "rdap" | "whois", f: RegistrationFacts, now: number): Registration {
  return {
    domain,
    status: "found",
    source,
    registrationDate: f.registrationDate,
    expirationDate: f.expirationDate,
    lastUpdatedDate: f.lastUpdatedDate,
    registrar: f.registrar,
    age: f.registrationDate ? ageOf(Date.parse(f.registrationDate), now) : null,
    statusFlags: f.statusFlags,
    nameservers: f.nameservers,
    dnssecEnabled: f.dnssecEnabled,
  };
}

export const notFoundRow = (domain: string, source: "rdap" | "whois"): Registration => ({ domain, status: "not_found", source });
export const errorRow = (domain: string, error: string): Registration => ({ domain, status: "error", error });

/** A date in any form Date understands (RDAP is RFC 3339) -> "2020-01-02T03:04:05Z", or null. */
export function isoUtc(ms: number): string | null {
  if (!Number.isFinite(ms)) return null;
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  if (y < 1970 || y > 2200) return null;
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * Status flags in one spelling: RDAP's lower-cased words ("client transfer prohibited").
 * WHOIS gives EPP codes ("clientTransferProhibited https://icann.org/epp#...") which map to
 * the same words (RFC 8056 pairs each EPP code with its RDAP value).
 */
export function statusFlag(raw: string): string | null {
  if (raw.length > 256) return null;
  const first = raw
    .trim()
    .split(/\s+(?=https?:|\()/)[0]!
    .trim();
  if (first === "" || first.length > 64) return null;
  const words = /\s/.test(first) ? first : first.replace(/([a-z])([A-Z])/g, "$1 $2");
  const flag = words.toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim();
  return /^[a-z0-9 ]+$/.test(flag) ? flag : null;
}

export function uniq(list: string[]): string[] {
  return [...new Set(list)];
}

/** Nameserver host: lower-case, no trailing dot, first token only (WHOIS may add addresses). */
export function hostName(raw: string): string | null {
  if (raw.length > 512) return null;
  const h = raw
    .trim()
    .split(/[\s,]+/)[0]!
    .toLowerCase()
    .replace(/\.$/, "");
  return /^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/.test(h) ? h : null;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** "12 years, 3 months"; under a month, days ("12 days"); null for a date in the future. */
export function ageOf(fromMs: number, nowMs: number): string | null {
  if (!Number.isFinite(fromMs) || fromMs > nowMs) return null;
  const a = new Date(fromMs);
  const b = new Date(nowMs);
  let months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
  if (b.getUTCDate() < a.getUTCDate()) months -= 1;
  if (months <= 0) return plural(Math.floor((nowMs - fromMs) / 86_400_000), "day");
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (years === 0) return plural(rest, "month");
  return `${plural(years, "year")}, ${plural(rest, "month")}`;
}
