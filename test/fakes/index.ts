/**
 * Every fake upstream of the lookups capability, started together on 127.0.0.1, with the
 * settings that point a server at them: a bootstrap file naming the fake RDAP server for
 * com/net (Verisign style), org (PIR), fr (odd ccTLD), io (a redirect to a registrar's
 * RDAP server on another host), co.zz (a second-level registry), xyz (a second fake
 * registry), dead (a closed port); ZW_WHOIS_SERVERS putting the fake registry WHOIS behind
 * whois.iana.org and the hosts IANA refers to, the fake registrar WHOIS behind the
 * registrar's host, and a rate-limiting WHOIS for .lim; ZW_DNS_SERVERS naming the fake
 * resolver.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeDns, type FakeDns } from "./dns-server.ts";
import { startFakeRdap, type FakeRdap } from "./rdap-server.ts";
import { icannThin, ianaNoServer, ianaReferral, jprs, nominet, NOT_FOUND_TEXTS, registrarAnswer, ripeLike } from "./whois-answers.ts";
import { startFakeWhois, type FakeWhois } from "./whois-server.ts";

export interface LookupFakes {
  rdap: FakeRdap;
  /** A second registry (its own host, so its back-off does not touch the first), for .xyz. */
  rdapOther: FakeRdap;
  /** A registrar's RDAP server on its own host, where .io queries are redirected. */
  rdapRegistrar: FakeRdap;
  whois: FakeWhois;
  registrarWhois: FakeWhois;
  /** A WHOIS server (for .lim) that answers every query with a rate-limit notice. */
  busyWhois: FakeWhois;
  dns: FakeDns;
  bootstrapFile: string;
  env: Record<string, string>;
  stop(): void;
}

export const REGISTRAR_WHOIS = "whois.example-registrar.test";

export function writeBootstrap(file: string, services: Array<[string[], string[]]>): void {
  fs.writeFileSync(file, JSON.stringify({ description: "test bootstrap", publication: "2026-11-22T00:00:00Z", version: "1.0", services }));
}

export async function startLookupFakes(): Promise<LookupFakes> {
  const rdapRegistrar = startFakeRdap();
  const rdap = startFakeRdap({ redirectTo: rdapRegistrar.url });
  const rdapOther = startFakeRdap();
  const whois = await startFakeWhois({
    ws: ianaReferral("ws", "whois.nic.ws"),
    jp: ianaReferral("jp", "whois.jprs.jp"),
    ch: ianaReferral("ch", "whois.nic.ch"),
    nowhois: ianaNoServer("nowhois"),
    "example.ws": icannThin("example.ws", REGISTRAR_WHOIS),
    "free.ws": NOT_FOUND_TEXTS.noMatch,
    "gone.ws": NOT_FOUND_TEXTS.notFound,
    "nodata.ws": NOT_FOUND_TEXTS.noData,
    "notthere.ws": NOT_FOUND_TEXTS.statusFree,
    "binary.ws": { bytes: Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256)) },
    "silent.ws": { silent: true },
    "slow.ws": { slowMs: 300, text: ripeLike("slow.ws") },
    "huge.ws": { bytes: Buffer.from("Domain Name: HUGE.WS\n".repeat(60_000)) },
    "truncated.ws": "Domain Name: TRUNCATED.WS\nRegis",
    "endless.ws": { neverCloses: "Domain Name: ENDLESS.WS\nRegistrar: Never Ending Ltd\n" },
    "example.uk": nominet("example.uk"),
    "example.jp": jprs("example.jp"),
    "example.ch": ripeLike("example.ch"),
  });
  const registrarWhois = await startFakeWhois({ "example.ws": registrarAnswer("example.ws") });
  const busyWhois = await startFakeWhois({}, "Query rate limit exceeded. Try again later.\r\n");
  const dns = await startFakeDns();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-fakes-"));
  const bootstrapFile = path.join(dir, "bootstrap.json");
  writeBootstrap(bootstrapFile, [
    [["com", "net"], [`${rdap.url}vs/`]],
    [["org"], [`${rdap.url}pir`]],
    [["fr"], [`${rdap.url}nested/`]],
    [["io"], [`${rdap.url}moved/`]],
    [["co.zz"], [`${rdap.url}pir/`]],
    [["xyz"], [`${rdapOther.url}pir/`]],
    [["dead"], ["http://127.0.0.1:9/"]],
  ]);
  const w = whois.address;
  return {
    rdap,
    rdapOther,
    rdapRegistrar,
    whois,
    registrarWhois,
    busyWhois,
    dns,
    bootstrapFile,
    env: {
      ZW_RDAP_BOOTSTRAP: bootstrapFile,
      ZW_WHOIS_SERVERS: [
        `whois.iana.org=${w}`,
        `whois.nic.ws=${w}`,
        `whois.jprs.jp=${w}`,
        `whois.nic.ch=${w}`,
        `uk=${w}`,
        `lim=${busyWhois.address}`,
        `${REGISTRAR_WHOIS}=${registrarWhois.address}`,
      ].join(","),
      ZW_DNS_SERVERS: dns.address,
    },
    stop() {
      rdap.stop();
      rdapOther.stop();
      rdapRegistrar.stop();
      whois.stop();
      registrarWhois.stop();
      busyWhois.stop();
      dns.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
