/**
 * The WHOIS fallback through POST /v1/rdap, against fake WHOIS servers on 127.0.0.1 put
 * behind whois.iana.org, the registries' hosts and a registrar's host by ZW_WHOIS_SERVERS.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { LookupFakes } from "../fakes/index.ts";
import { startFixtureServer, type Fixture } from "../support/fixture.ts";

let fakes: LookupFakes;
let t: Fixture;
beforeAll(async () => {
  t = await startFixtureServer();
  fakes = t.fakes;
});
afterAll(() => t.stopAll());

let keyN = 0;
/** A fresh key per call: the rdap bucket allows 6 requests a minute per key. */
async function rdap(domains: string[]) {
  const r = await t.post("/v1/rdap", { domains }, t.newKey(`whois-${++keyN}`).key);
  return { status: r.status, body: await r.json(), charged: r.headers.get("x-credits-charged") };
}

describe("formats", () => {
  test("ICANN key/value format from a thin registry, completed by the registrar's WHOIS", async () => {
    const { body, charged } = await rdap(["example.ws"]);
    expect(body.results[0]).toMatchObject({
      domain: "example.ws",
      status: "found",
      source: "whois",
      registrationDate: "2001-05-14T04:00:00Z",
      expirationDate: "2027-05-13T04:00:00Z",
      lastUpdatedDate: "2024-08-14T07:01:39Z",
      registrar: "Example Registrar, Inc.",
      statusFlags: ["client delete prohibited", "client transfer prohibited"],
      nameservers: ["ns1.example.ws", "ns2.example.ws"],
      // The registry said unsigned; its answer wins over the registrar's.
      dnssecEnabled: false,
    });
    expect(body.results[0].age).toMatch(/^\d+ years, \d+ months?$/);
    expect(charged).toBe("2");
    expect(fakes.whois.count("ws")).toBe(1); // IANA asked once for the extension
    expect(fakes.registrarWhois.count("example.ws")).toBe(1);
  });

  test("Nominet section style, JPRS [Key] style and a RIPE-like ccTLD", async () => {
    const [uk, jp, ch] = (await rdap(["example.uk", "example.jp", "example.ch"])).body.results;
    expect(uk).toMatchObject({
      status: "found",
      registrar: "Markmonitor Inc. t/a MarkMonitor Inc.",
      registrationDate: "1999-02-14T00:00:00Z",
      expirationDate: "2027-02-14T00:00:00Z",
      lastUpdatedDate: "2026-01-13T00:00:00Z",
      nameservers: ["ns1.google.com", "ns2.google.com"],
    });
    expect(jp).toMatchObject({
      status: "found",
      registrationDate: "2001-05-14T00:00:00Z",
      expirationDate: "2027-05-31T00:00:00Z",
      statusFlags: ["active"],
      nameservers: ["ns1.example.jp", "ns2.example.jp"],
    });
    expect(ch).toMatchObject({
      status: "found",
      registrar: "Registrar of the Alps AG",
      registrationDate: "2003-02-17T00:00:00Z",
      expirationDate: "2027-02-17T00:00:00Z",
      nameservers: ["ns1.alps.test", "ns2.alps.test"],
      dnssecEnabled: true,
    });
  });

  test('"No match for", "NOT FOUND", "No Data Found" and "Status: free" are not_found', async () => {
    const { body, charged } = await rdap(["free.ws", "gone.ws", "nodata.ws", "notthere.ws"]);
    expect(body.results.map((r: { status: string }) => r.status)).toEqual(["not_found", "not_found", "not_found", "not_found"]);
    expect(charged).toBe("8");
  });
});

describe("misbehaving servers", () => {
  test("binary junk, an oversized answer and a cut-off answer are error rows; slow is fine", async () => {
    const names = ["binary.ws", "huge.ws", "truncated.ws", "slow.ws"];
    const { status, body, charged } = await rdap(names);
    expect(status).toBe(200);
    const rows = body.results as Array<{ status: string; error?: string }>;
    expect(rows.map((r) => r.status)).toEqual(["error", "error", "error", "found"]);
    expect(rows[0]!.error).toMatch(/not readable text/);
    expect(rows[1]!.error).toMatch(/more than/);
    expect(rows[2]!.error).toMatch(/cannot read/);
    expect(charged).toBe("2");
  });

  test("a rate-limit notice is an error (502 when alone), and the server is left alone afterwards", async () => {
    const first = await rdap(["example.lim"]);
    expect(first.status).toBe(502);
    expect(first.body.error).toMatch(/rate limiting/);
    const second = await rdap(["other.lim", "example.uk"]);
    expect(second.body.results[0]).toMatchObject({ status: "error", error: expect.stringMatching(/retry in \d+ s/) });
    expect(second.body.results[1].status).toBe("found");
    expect(fakes.busyWhois.queries).toEqual(["example.lim"]);
  });

  test("an extension IANA names no WHOIS server for is an error row, not an outage (200, nothing charged)", async () => {
    const { status, body, charged } = await rdap(["someone.nowhois"]);
    expect(status).toBe(200);
    expect(body.results[0]).toEqual({ domain: "someone.nowhois", status: "error", error: "no RDAP or WHOIS service is known for .nowhois" });
    expect(charged).toBe("0");
  });

  test("a silent server and one that never closes: 502 within the time budget, nothing charged", async () => {
    const { key } = t.newKey("whois-silent", 100);
    const t0 = performance.now();
    const r = await t.post("/v1/rdap", { domains: ["silent.ws", "endless.ws"] }, key);
    const ms = performance.now() - t0;
    expect(r.status).toBe(502);
    expect((await r.json()).error).toMatch(/did not answer/);
    expect(ms).toBeLessThan(8_000 + 500);
    expect((await (await t.fetch("/v1/usage", { key })).json()).credits_used).toBe(0);
  });
});
