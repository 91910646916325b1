/**
 * Registration data for one domain: RDAP at the servers the bootstrap registry lists for
 * its extension (the next listed server when one fails), then the registrar's RDAP server
 * when the registry's answer links to it (thin registries), and WHOIS for extensions the
 * registry does not list. The registrar hop only adds facts: its failure keeps the
 * registry's answer.
 */
import type { LiveBootstrap } from "./bootstrap.ts";
import type { RdapClient } from "./rdap-client.ts";
import { looksLikeDomain, parseRdapDomain, relatedDomainUrl } from "./rdap-parse.ts";
import { foundRow, mergeFacts, notFoundRow, type Registration } from "./registration.ts";
import { UpstreamError } from "./upstream.ts";
import type { WhoisLookup } from "./whois-lookup.ts";

export class RegistrationLookup {
  constructor(
    private readonly bootstrap: LiveBootstrap,
    private readonly rdap: RdapClient,
    private readonly whois: WhoisLookup,
  ) {}

  async lookup(domain: string, ext: string, deadline: number): Promise<Registration> {
    const bases = this.bootstrap.current.serversFor(ext);
    if (bases.length === 0) return this.whois.lookup(domain, ext, deadline);
    let lastError: unknown = null;
    for (const base of bases) {
      try {
        return await this.viaRdap(domain, base, deadline);
      } catch (e) {
        lastError = e;
      }
    }
    throw lastError;
  }

  private async viaRdap(domain: string, base: string, deadline: number): Promise<Registration> {
    const answer = await this.rdap.query(`${base}domain/${domain}`, deadline);
    if (answer.kind === "not_found") return notFoundRow(domain, "rdap");
    if (!looksLikeDomain(answer.body)) throw new UpstreamError("garbage", `${new URL(answer.url).host} sent JSON that is not an RDAP domain object`);
    let facts = parseRdapDomain(answer.body);
    const related = relatedDomainUrl(answer.body, answer.url);
    if (related) {
      try {
        const more = await this.rdap.query(related, deadline);
        if (more.kind === "found" && looksLikeDomain(more.body)) facts = mergeFacts(facts, parseRdapDomain(more.body));
      } catch {
        /* the registry's answer stands */
      }
    }
    return foundRow(domain, "rdap", facts, Date.now());
  }
}
