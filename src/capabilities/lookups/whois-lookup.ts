/**
 * The WHOIS fallback for extensions without RDAP: which server to ask, asking it, and one
 * referral hop to the registrar's WHOIS where the registry is thin.
 *
 * Server choice: ZW_WHOIS_SERVERS entries win (keyed by extension, longest suffix first;
 * an entry keyed by a host name, such as "whois.iana.org=127.0.0.1:4343", redirects that
 * host, which is how tests put fakes behind IANA and registrar referrals). Otherwise IANA
 * is asked ("refer:" / "whois:" in its answer for the top-level label); its answer, or
 * the fact that it names no server, is remembered for a day. No npm package keeps a
 * maintained server list (checked: `whois-servers-list` and `whois-server-list` do not
 * exist; `whois` bundles a list inside a CLI with three dependencies), so IANA is the
 * maintained list.
 */
import type { HostPort } from "../../config.ts";
import { TtlLru } from "./cache.ts";
import type { RegistryGate } from "./registry-gate.ts";
import { foundRow, mergeFacts, notFoundRow, type Registration } from "./registration.ts";
import type { LookupSettings } from "./settings.ts";
import { whoisQuery } from "./whois-client.ts";
import { parseWhois, whoisPairs } from "./whois-parse.ts";
import { NoServiceError, UpstreamError } from "./upstream.ts";

export class WhoisLookup {
  /** extension -> its WHOIS host (null: IANA names none). */
  private referrals: TtlLru<string | null>;

  constructor(
    private readonly overrides: ReadonlyMap<string, HostPort>,
    private readonly gate: RegistryGate,
    private readonly s: LookupSettings,
  ) {
    this.referrals = new TtlLru(10_000, 4 * 1024 * 1024);
  }

  /** Where a host name actually is: an override keyed by the host, else port 43. */
  private target(host: string): HostPort {
    return this.overrides.get(host.toLowerCase()) ?? { host, port: 43 };
  }

  private gateKey = (server: HostPort) => `whois:${server.host}:${server.port}`;

  /** One query through the gate; a server backed off after a rate-limit notice is not asked. */
  private ask(server: HostPort, query: string, deadline: number): Promise<string> {
    const blocked = this.gate.blockedFor(this.gateKey(server));
    if (blocked > 0) return Promise.reject(new UpstreamError("busy", `WHOIS ${server.host} is rate limiting us: retry in ${Math.ceil(blocked / 1000)} s`));
    const limits = { attemptMs: this.s.whoisAttemptMs, maxBytes: this.s.whoisMaxBytes };
    return this.gate.run(this.gateKey(server), deadline, () => whoisQuery(server, query, deadline, limits));
  }

  /** The server for an extension, or null when none is known. */
  async serverFor(ext: string, deadline: number): Promise<HostPort | null> {
    const labels = ext.split(".");
    for (let i = 0; i < labels.length; i++) {
      const hit = this.overrides.get(labels.slice(i).join("."));
      if (hit) return hit;
    }
    const tld = labels[labels.length - 1]!;
    const cached = this.referrals.get(tld);
    if (cached !== undefined) return cached === null ? null : this.target(cached);
    const text = await this.ask(this.target(this.s.ianaWhois), tld, deadline);
    const pairs = whoisPairs(text);
    const refer = pairs.find(([k]) => k === "refer")?.[1] ?? pairs.find(([k]) => k === "whois")?.[1] ?? null;
    const host = refer && /^[a-z0-9.-]+$/i.test(refer.trim()) ? refer.trim().toLowerCase() : null;
    // IANA answered but named no server: remembered as "none" (a real answer, not an outage).
    if (host === null && !/domain:|%/i.test(text)) throw new UpstreamError("garbage", "IANA WHOIS sent an answer we cannot read");
    this.referrals.set(tld, host, this.s.whoisReferralMs);
    return host === null ? null : this.target(host);
  }

  async lookup(domain: string, ext: string, deadline: number, now = Date.now()): Promise<Registration> {
    const server = await this.serverFor(ext, deadline);
    if (!server) throw new NoServiceError(`no RDAP or WHOIS service is known for .${ext}`);
    const verdict = parseWhois(await this.ask(server, domain, deadline));
    if (verdict.kind === "not_found") return notFoundRow(domain, "whois");
    if (verdict.kind === "busy") {
      this.gate.backOff(this.gateKey(server), null);
      throw new UpstreamError("busy", `WHOIS ${server.host}: ${verdict.message}`);
    }
    if (verdict.kind === "unreadable") throw new UpstreamError("garbage", `WHOIS ${server.host}: ${verdict.message}`);
    let facts = verdict.facts;
    const ref = verdict.referral ? this.target(verdict.referral) : null;
    if (ref && (ref.host !== server.host || ref.port !== server.port)) {
      // Thin registry: the registrar's server knows more. Its failure keeps the registry's facts.
      try {
        const more = parseWhois(await this.ask(ref, domain, deadline));
        if (more.kind === "found") facts = mergeFacts(facts, more.facts);
      } catch {
        /* the registry's answer stands */
      }
    }
    return foundRow(domain, "whois", facts, now);
  }
}
