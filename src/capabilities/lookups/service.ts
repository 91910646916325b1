/**
 * The lookups service, shared by REST and the MCP tools (through the same endpoints):
 * registration data for a list of domains and DNS records for a list of domains, each
 * within a fixed time budget per request.
 *
 * Guarantees:
 *  - a request ends within its budget whatever the upstreams do: every wait is raced
 *    against the request's deadline, and the work itself is bounded a little earlier;
 *  - one upstream trip per question at a time (single-flight), answers cached (registration:
 *    found 6 h, not found 1 h; DNS: the records' TTL, capped), errors never cached;
 *  - each row says whether it failed because an upstream did not answer, so the route can
 *    answer 502 when every row did, and charge only for rows that got an answer.
 */
import { observerOf, type Observer } from "../../observe/observer.ts";
import type { Config } from "../../config.ts";
import type { ParsedName } from "../../domain/name.ts";
import type { LiveBootstrap } from "./bootstrap.ts";
import { SingleFlight, TtlLru } from "./cache.ts";
import { resolve, type RecordType } from "./dns-client.ts";
import { emptyRecords, recordsOf, replyTtlSeconds, type Records, type TypeAnswer } from "./dns-records.ts";
import { RdapClient } from "./rdap-client.ts";
import { RegistrationLookup } from "./rdap-lookup.ts";
import { errorRow, type Registration } from "./registration.ts";
import { RegistryGate } from "./registry-gate.ts";
import type { LookupSettings } from "./settings.ts";
import { beforeDeadline, isUpstreamFailure, messageOf } from "./upstream.ts";
import { WhoisLookup } from "./whois-lookup.ts";

/** Work stops this long before the request's deadline, so its result still makes it. */
const MARGIN_MS = 100;

export interface RdapBatch {
  rows: Registration[];
  /** Rows with an answer (found or not_found): the ones charged. */
  answered: number;
  /** Every row failed because an upstream did not answer: the request is a 502. */
  allUpstreamFailed: boolean;
}

export type DnsRow = Record<string, Records | string[]> & { errors: string[] };

export interface DnsBatch {
  results: Record<string, DnsRow>;
  /** Input items that got at least one answer (charged). */
  answered: number;
  allUpstreamFailed: boolean;
}

export class LookupService {
  /** Where cache hits and upstream failures are reported (set by the capability's start). */
  observe: Observer = observerOf({});
  private readonly gate: RegistryGate;
  private readonly registrations: RegistrationLookup;
  private readonly regCache: TtlLru<Registration>;
  private readonly dnsCache: TtlLru<TypeAnswer>;
  private readonly regFlight = new SingleFlight<Registration>();
  private readonly dnsFlight = new SingleFlight<TypeAnswer>();

  constructor(
    private readonly config: Config,
    readonly bootstrap: LiveBootstrap,
    readonly settings: LookupSettings,
  ) {
    const s = settings;
    this.gate = new RegistryGate(s.perRegistryConcurrency, s.backoffDefaultMs, s.backoffMaxMs);
    const whois = new WhoisLookup(config.whoisServers, this.gate, s);
    this.registrations = new RegistrationLookup(bootstrap, new RdapClient(this.gate, s), whois);
    this.regCache = new TtlLru(s.cacheMaxEntries, s.cacheMaxBytes / 2);
    this.dnsCache = new TtlLru(s.cacheMaxEntries, s.cacheMaxBytes / 2);
  }

  /** Registration data for each name, in input order. */
  async registration(names: readonly ParsedName[]): Promise<RdapBatch> {
    const deadline = Date.now() + this.settings.rdapBudgetMs;
    const outcomes = await Promise.all(names.map((n) => this.oneRegistration(n, deadline)));
    const answered = outcomes.filter((o) => o.row.status !== "error").length;
    return {
      rows: outcomes.map((o) => o.row),
      answered,
      allUpstreamFailed: outcomes.length > 0 && outcomes.every((o) => o.upstreamFailed),
    };
  }

  private async oneRegistration(n: ParsedName, deadline: number): Promise<{ row: Registration; upstreamFailed: boolean }> {
    const key = n.ascii;
    const hit = this.regCache.get(key);
    this.observe.lookupCache("registration", hit !== undefined);
    if (hit) return { row: hit, upstreamFailed: false };
    const work = this.regFlight.run(key, async () => {
      const row = await this.registrations.lookup(n.ascii, n.ext ?? "", Date.now() + this.settings.rdapBudgetMs - MARGIN_MS);
      const s = this.settings;
      this.regCache.set(key, row, row.status === "found" ? s.cacheFoundMs : s.cacheNotFoundMs);
      return row;
    });
    try {
      return { row: await beforeDeadline(work, deadline, n.ascii), upstreamFailed: false };
    } catch (e) {
      if (isUpstreamFailure(e)) this.observe.upstreamError("registration", n.ext ?? "", messageOf(e));
      return { row: errorRow(n.ascii, messageOf(e)), upstreamFailed: isUpstreamFailure(e) };
    }
  }

  /** DNS records of the given types for each name; results keyed by the normalised name. */
  async dns(names: readonly ParsedName[], types: readonly RecordType[]): Promise<DnsBatch> {
    const deadline = Date.now() + this.settings.dnsBudgetMs;
    const distinct = [...new Set(names.map((n) => n.ascii))];
    const rows = await Promise.all(distinct.map((name) => this.dnsRow(name, types, deadline)));
    const results: Record<string, DnsRow> = {};
    const answeredNames = new Set<string>();
    distinct.forEach((name, i) => {
      results[name] = rows[i]!.row;
      if (rows[i]!.answered) answeredNames.add(name);
    });
    const answered = names.filter((n) => answeredNames.has(n.ascii)).length;
    return { results, answered, allUpstreamFailed: names.length > 0 && answeredNames.size === 0 };
  }

  private async dnsRow(name: string, types: readonly RecordType[], deadline: number): Promise<{ row: DnsRow; answered: boolean }> {
    const answers = await Promise.all(types.map((t) => this.dnsQuestion(name, t, deadline)));
    const row = {} as DnsRow;
    const errors: string[] = [];
    let answered = false;
    let nxdomain = false;
    types.forEach((t, i) => {
      const a = answers[i]!;
      if ("error" in a) {
        row[t] = emptyRecords(t);
        errors.push(a.error);
      } else {
        answered = true;
        nxdomain ||= a.nxdomain;
        row[t] = a.records;
      }
    });
    if (nxdomain) errors.unshift(`NXDOMAIN: ${name} does not exist`);
    row.errors = errors;
    return { row, answered };
  }

  private async dnsQuestion(name: string, type: RecordType, deadline: number): Promise<TypeAnswer | { error: string }> {
    const key = `${name}|${type}`;
    const hit = this.dnsCache.get(key);
    this.observe.lookupCache("dns", hit !== undefined);
    if (hit) return hit;
    const s = this.settings;
    const work = this.dnsFlight.run(key, async () => {
      const reply = await resolve(name, type, this.config.dnsServers, Date.now() + s.dnsBudgetMs - MARGIN_MS, {
        attemptMs: s.dnsAttemptMs,
        rounds: s.dnsRounds,
      });
      const answer = recordsOf(type, reply);
      this.dnsCache.set(key, answer, Math.min(s.dnsCacheMaxMs, replyTtlSeconds(reply) * 1000));
      return answer;
    });
    try {
      return await beforeDeadline(work, deadline, `${type}`);
    } catch (e) {
      this.observe.upstreamError("dns", "resolvers", messageOf(e));
      return { error: messageOf(e) };
    }
  }

  /** Facts for /healthz. */
  health(): Record<string, unknown> {
    const b = this.bootstrap;
    return {
      rdap_bootstrap: {
        publication: b.current.publication,
        extensions: b.current.size,
        loaded_at: new Date(b.loadedAt).toISOString(),
        last_refresh_error: b.lastError,
      },
      dns_servers: this.config.dnsServers.map((h) => `${h.host}:${h.port}`),
      lookup_cache_entries: this.regCache.size + this.dnsCache.size,
    };
  }

  stop(): void {
    this.bootstrap.stop();
  }
}
