/**
 * Registration data (RDAP with WHOIS fallback) and DNS records: POST /v1/rdap, POST /v1/dns
 * (and through them the MCP tools rdap_lookup and dns_lookup). See docs/lookups.md.
 */
import { defineCapability } from "../../capability.ts";
import { observerOf } from "../../observe/observer.ts";
import { dns, rdap } from "./routes.ts";
import { startLookupService } from "./wiring.ts";

export const lookups = defineCapability({
  name: "lookups",
  endpoints: [rdap, dns],
  async start(services) {
    const svc = await startLookupService(services.config);
    services.lookups = svc;
    svc.observe = observerOf(services);
    return () => svc.stop();
  },
  health: (services) => (services.lookups ? { lookups: services.lookups.health() } : {}),
});
