/**
 * POST /v1/dns against a fake resolver on 127.0.0.1 speaking the wire format: record
 * shapes, NXDOMAIN vs "no record of this type", whole TXT records, TC -> TCP, resolvers
 * that lie (in their header or in a record's length) or stay silent, charges, the cache, and
 * the time budget.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_SETTINGS } from "../../src/capabilities/lookups/settings.ts";
import { startFakeDns, type FakeDns } from "../fakes/dns-server.ts";
import { startLookupFakes, type LookupFakes } from "../fakes/index.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

let fakes: LookupFakes;
let silentDns: FakeDns;
let t: TestServer;
beforeAll(async () => {
  fakes = await startLookupFakes();
  silentDns = await startFakeDns("silent");
  t = await startTestServer(fakes.env);
});
afterAll(async () => {
  await t.stop();
  fakes.stop();
  silentDns.stop();
});

let keyN = 0;
async function dns(body: unknown, server = t) {
  const { key } = server.newKey(`dns-${++keyN}`, 1000);
  const r = await server.post("/v1/dns", body, key);
  const json = await r.json();
  const used = (await (await server.fetch("/v1/usage", { key })).json()).credits_used as number;
  return { status: r.status, body: json, charged: r.headers.get("x-credits-charged"), used };
}

describe("answers", () => {
  test("every type, in its shape, keyed by the normalised name; TXT whole; MX by priority", async () => {
    const { status, body, charged } = await dns({ domains: ["EXAMPLE.com."], record_types: ["A", "AAAA", "MX", "TXT", "NS", "CNAME", "SOA"] });
    expect(status).toBe(200);
    expect(charged).toBe("1");
    expect(body.results).toEqual({
      "example.com": {
        A: ["93.184.215.14"],
        AAAA: ["2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
        MX: [
          { exchange: "mx1.example.com", priority: 10 },
          { exchange: "mx2.example.com", priority: 20 },
        ],
        TXT: ["v=spf1 -all", "google-site-verification=abc123 and more"],
        NS: ["a.iana-servers.net", "b.iana-servers.net"],
        CNAME: [],
        SOA: { nsname: "ns1.example.com", hostmaster: "hostmaster.example.com", serial: 2026112201, refresh: 7200, retry: 3600, expire: 1209600, minttl: 300 },
        errors: [],
      },
    });
  });

  test("default types are A, AAAA, MX, TXT, NS; exactly those keys plus errors", async () => {
    const { body } = await dns({ domains: ["host3.com"] });
    expect(Object.keys(body.results["host3.com"]).sort()).toEqual(["A", "AAAA", "MX", "NS", "TXT", "errors"]);
    expect(body.results["host3.com"]).toMatchObject({ A: ["192.0.2.4"], AAAA: [], MX: [], TXT: [], errors: [] });
  });

  test("NXDOMAIN is an error of the domain; a missing type is an empty array (SOA null), not an error", async () => {
    const { body, charged } = await dns({ domains: ["nosuch.com", "www.example.com", "host5.com"], record_types: ["A", "CNAME", "SOA"] });
    expect(body.results["nosuch.com"]).toEqual({ A: [], CNAME: [], SOA: null, errors: ["NXDOMAIN: nosuch.com does not exist"] });
    // A CNAME leads the A (and SOA) questions to its target, as resolvers answer them.
    expect(body.results["www.example.com"]).toMatchObject({ A: ["93.184.215.14"], CNAME: ["example.com"], SOA: { nsname: "ns1.example.com" }, errors: [] });
    expect(body.results["host5.com"]).toEqual({ A: ["192.0.2.6"], CNAME: [], SOA: null, errors: [] });
    expect(charged).toBe("3");
  });

  test("a truncated UDP answer is asked again over TCP", async () => {
    const { body } = await dns({ domains: ["bigtxt.com"], record_types: ["TXT"] });
    expect(body.results["bigtxt.com"].TXT).toHaveLength(12);
    expect(body.results["bigtxt.com"].TXT[0]).toBe(`record-0-${"k".repeat(90)}`);
  });
});

describe("resolvers that misbehave", () => {
  test("garbage, lying lengths, wrong ids and SERVFAIL become errors of that domain; the rest is answered and charged", async () => {
    const { status, body, charged, used } = await dns({
      domains: ["garbage.com", "liar.com", "wrongid.com", "servfail.com", "host1.com"],
      record_types: ["A"],
    });
    expect(status).toBe(200);
    for (const name of ["garbage.com", "liar.com", "wrongid.com", "servfail.com"]) {
      expect(body.results[name].A).toEqual([]);
      expect(body.results[name].errors).toHaveLength(1);
      expect(body.results[name].errors[0]).toMatch(/^A: /);
    }
    expect(body.results["garbage.com"].errors[0]).toMatch(/undecodable/);
    expect(body.results["servfail.com"].errors[0]).toMatch(/SERVFAIL/);
    expect(body.results["host1.com"]).toEqual({ A: ["192.0.2.2"], errors: [] });
    expect(charged).toBe("1");
    expect(used).toBe(1);
  });

  test("records past the packet's end, of the wrong size for their type (A of 2 bytes, AAAA of 4) or named by a pointer loop are undecodable: errors, never charged", async () => {
    const malformed = ["overrun.com", "a2bytes.com", "aaaa4bytes.com", "ptrloop.com"];
    const { status, body, charged, used } = await dns({ domains: [...malformed, "host1.com"], record_types: ["A", "AAAA"] });
    expect(status).toBe(200);
    expect(JSON.stringify(body)).not.toMatch(/undefined|NaN/);
    for (const name of malformed) {
      expect(body.results[name]).toMatchObject({ A: [], AAAA: [] });
      expect(body.results[name].errors).toHaveLength(2);
      for (const e of body.results[name].errors) expect(e).toMatch(/undecodable/);
    }
    expect(body.results["host1.com"]).toEqual({ A: ["192.0.2.2"], AAAA: [], errors: [] });
    expect(charged).toBe("1");
    expect(used).toBe(1);
  });

  test("only malformed replies: 502, nothing charged", async () => {
    const { status, body, used } = await dns({ domains: ["overrun.net", "a2bytes.net"], record_types: ["A"] });
    expect(status).toBe(502);
    expect(body.error).toMatch(/did not answer/);
    expect(used).toBe(0);
  });

  test("a forged answer from another port is ignored; the resolver's own answer is taken", async () => {
    const { body } = await dns({ domains: ["spoofed.com"], record_types: ["A"] });
    expect(body.results["spoofed.com"]).toEqual({ A: ["192.0.2.53"], errors: [] });
  });

  test("a slow resolver (300 ms) is waited for", async () => {
    const { body } = await dns({ domains: ["slow.com"], record_types: ["A"] });
    expect(body.results["slow.com"]).toEqual({ A: ["192.0.2.99"], errors: [] });
  });

  test("answers are cached; the same question in flight is asked once", async () => {
    await Promise.all([dns({ domains: ["host7.com"], record_types: ["A"] }), dns({ domains: ["host7.com", "host7.com"], record_types: ["A"] })]);
    await dns({ domains: ["host7.com"], record_types: ["A"] });
    expect(fakes.dns.asked.get("host7.com|A")).toBe(1);
  });

  test("a silent resolver first: each question moves on to the next resolver", async () => {
    const twoResolvers = await startTestServer({ ...fakes.env, ZW_DNS_SERVERS: `${silentDns.address},${fakes.dns.address}` });
    try {
      const t0 = performance.now();
      const { status, body } = await dns({ domains: ["host9.com"], record_types: ["A", "NS"] }, twoResolvers);
      expect(status).toBe(200);
      expect(body.results["host9.com"]).toEqual({ A: ["192.0.2.10"], NS: ["ns1.example.com"], errors: [] });
      expect(performance.now() - t0).toBeGreaterThanOrEqual(DEFAULT_SETTINGS.dnsAttemptMs - 50);
      expect(silentDns.asked.get("host9.com|A")).toBe(1);
    } finally {
      await twoResolvers.stop();
    }
  });

  test("no resolver answers: 502 within the time budget, nothing charged", async () => {
    const silent = await startTestServer({ ...fakes.env, ZW_DNS_SERVERS: silentDns.address });
    try {
      const t0 = performance.now();
      const { status, body, used } = await dns({ domains: ["example.com", "host2.com"] }, silent);
      expect(performance.now() - t0).toBeLessThan(4_000 + 500);
      expect(status).toBe(502);
      expect(body.error).toMatch(/did not answer/);
      expect(used).toBe(0);
    } finally {
      await silent.stop();
    }
  });
});
