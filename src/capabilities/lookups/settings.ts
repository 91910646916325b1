/**
 * Every time-out, cap and cache lifetime of the lookups capability, in one place. The
 * service takes a copy (tests and benchmarks pass overrides for short budgets); nothing
 * else in the folder types one of these numbers.
 */

export interface LookupSettings {
  /** A whole POST /v1/rdap request ends within this, whatever the upstreams do. */
  rdapBudgetMs: number;
  /** A whole POST /v1/dns request ends within this. */
  dnsBudgetMs: number;
  /** One HTTP exchange with an RDAP server (each redirect hop gets its own, within the budget). */
  rdapAttemptMs: number;
  /** One WHOIS exchange over TCP 43, connect to close. */
  whoisAttemptMs: number;
  /** One DNS question to one resolver before the next resolver is tried. */
  dnsAttemptMs: number;
  /** Rounds over the resolver list for one question. */
  dnsRounds: number;
  /** Redirects followed for one RDAP query. */
  rdapMaxRedirects: number;
  /** Largest RDAP answer read (bytes); a larger one is an error row. */
  rdapMaxBytes: number;
  /** Largest WHOIS answer read (bytes). */
  whoisMaxBytes: number;
  /** Questions in flight to one registry host at once; the rest wait in line (within the budget). */
  perRegistryConcurrency: number;
  /** Back-off after a registry's 429 without a usable Retry-After, and the ceiling for one with it. */
  backoffDefaultMs: number;
  backoffMaxMs: number;
  /** A 429'd registry whose Retry-After ends within this is waited for once instead of failing the row. */
  backoffWaitMs: number;
  /** Registration cache lifetimes: found rows 6 h, not_found rows 1 h (docs/lookups.md). */
  cacheFoundMs: number;
  cacheNotFoundMs: number;
  /** DNS answers are kept for their TTL, at most this long. */
  dnsCacheMaxMs: number;
  /** Cache bounds: entries and approximate bytes (JSON length of the values). */
  cacheMaxEntries: number;
  cacheMaxBytes: number;
  /** The bootstrap registry is reloaded this often from where it came from. */
  bootstrapRefreshMs: number;
  /** Where IANA publishes the bootstrap registry for domains (RFC 9224). */
  bootstrapUrl: string;
  /** IANA's WHOIS, asked which server holds an extension. */
  ianaWhois: string;
  /** An extension's WHOIS server (or its absence) is remembered this long. */
  whoisReferralMs: number;
}

export const DEFAULT_SETTINGS: Readonly<LookupSettings> = Object.freeze({
  rdapBudgetMs: 8_000,
  dnsBudgetMs: 4_000,
  rdapAttemptMs: 4_000,
  whoisAttemptMs: 4_000,
  dnsAttemptMs: 1_000,
  dnsRounds: 2,
  rdapMaxRedirects: 3,
  rdapMaxBytes: 1024 * 1024,
  whoisMaxBytes: 256 * 1024,
  perRegistryConcurrency: 4,
  backoffDefaultMs: 30_000,
  backoffMaxMs: 10 * 60_000,
  backoffWaitMs: 2_000,
  cacheFoundMs: 6 * 3600_000,
  cacheNotFoundMs: 3600_000,
  dnsCacheMaxMs: 300_000,
  cacheMaxEntries: 100_000,
  cacheMaxBytes: 64 * 1024 * 1024,
  bootstrapRefreshMs: 24 * 3600_000,
  bootstrapUrl: "https://data.iana.org/rdap/dns.json",
  ianaWhois: "whois.iana.org",
  whoisReferralMs: 24 * 3600_000,
});
