/**
 * POST /v1/rdap against fake registries on 127.0.0.1: the registry styles, the registrar
 * hop, redirects, not found, 429s, garbage, charges, the cache and single-flight.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEFAULT_SETTINGS } from "../../src/capabilities/lookups/settings.ts";
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
async function rdap(domains: string[], quota = 1000) {
  const { key } = t.newKey(`rdap-${++keyN}`, quota);
  const r = await t.post("/v1/rdap", { domains }, key);
  const body = await r.json();
  const used = (await (await t.fetch("/v1/usage", { key })).json()).credits_used as number;
  return { status: r.status, body, charged: r.headers.get("x-credits-charged"), used };
}

describe("registry styles", () => {
  test("Verisign style (thin) with the registrar's RDAP server followed", async () => {
    const { status, body, charged } = await rdap(["Example.COM"]);
    expect(status).toBe(200);
    expect(charged).toBe("2");
    const row = body.results[0];
    expect(row).toMatchObject({
      domain: "example.com",
      status: "found",
      source: "rdap",
      registrationDate: "1995-08-14T04:00:00Z",
      expirationDate: "2026-08-13T04:00:00Z",
      lastUpdatedDate: "2025-08-14T07:01:39Z",
      registrar: "RESERVED-Internet Assigned Numbers Authority",
      statusFlags: ["client delete prohibited", "client transfer prohibited", "client update prohibited"],
      nameservers: ["a.iana-servers.net", "b.iana-servers.net"],
      dnssecEnabled: true,
    });
    expect(row.age).toMatch(/^\d+ years, \d+ months?$/);
    expect(fakes.rdap.hits.get("/registrar/domain/example.com")).toBe(1);
  });

  test("PIR style: registrar from the vCard org, flags lower-cased, DNSSEC off, base URL without a slash", async () => {
    const row = (await rdap(["example.org"])).body.results[0];
    expect(row).toMatchObject({
      status: "found",
      registrar: "Gandi SAS",
      registrationDate: "2013-03-14T19:24:05Z",
      expirationDate: "2027-03-14T19:24:05Z",
      statusFlags: ["client transfer prohibited", "server delete prohibited", "active"],
      nameservers: ["ns1.example.org", "ns2.example.org"],
      dnssecEnabled: false,
    });
  });

  test("odd ccTLD: wrapped object, nested registrar, offsets converted to UTC, unreadable date left null", async () => {
    const row = (await rdap(["exemple.fr"])).body.results[0];
    expect(row).toMatchObject({
      status: "found",
      registrar: "OVH",
      registrationDate: "2004-06-01T10:00:00Z",
      expirationDate: "2027-06-01T10:00:00Z",
      lastUpdatedDate: null,
      statusFlags: ["active", "client transfer prohibited"],
      nameservers: [],
      dnssecEnabled: true,
    });
  });

  test("a redirect to a registrar's RDAP server is followed; a second-level registry is found by its longest suffix", async () => {
    const [a, b] = (await rdap(["moved.io", "shop.co.zz"])).body.results;
    expect(a).toMatchObject({ domain: "moved.io", status: "found", registrar: "Example Registrar, Inc.", statusFlags: ["active"] });
    expect(fakes.rdapRegistrar.hitsFor("moved.io")).toBe(1);
    expect(b).toMatchObject({ domain: "shop.co.zz", status: "found", registrar: "Gandi SAS" });
  });
});

describe("names", () => {
  test("an internationalised name is asked and answered in its ASCII form", async () => {
    const { body } = await rdap(["Bücher.ORG"]);
    expect(body.results[0]).toMatchObject({ domain: "xn--bcher-kva.org", status: "found" });
    expect(fakes.rdap.hitsFor("xn--bcher-kva.org")).toBe(1);
  });

  test("a bare name is a 400 naming its index, nothing charged", async () => {
    const { status, body, used } = await rdap(["example.com", "localhost"]);
    expect(status).toBe(400);
    expect(body.error).toBe('domains[1]: "localhost" needs an extension (e.g. "localhost.com")');
    expect(used).toBe(0);
  });
});

describe("not found, errors and charges", () => {
  test("404 and an error object saying 404 are not_found, and charged", async () => {
    const { body, charged, used } = await rdap(["missing.com", "err404.org"]);
    expect(body.results).toEqual([
      { domain: "missing.com", status: "not_found", source: "rdap" },
      { domain: "err404.org", status: "not_found", source: "rdap" },
    ]);
    expect(charged).toBe("4");
    expect(used).toBe(4);
  });

  test("garbage, truncated JSON, 2 MB, an endless body, non-domain JSON, 500 and redirect loops are error rows, never charged", async () => {
    const names = ["garbage.com", "truncated.org", "huge.com", "notdomain.org", "boom.com", "loop.com", "hugestream.org", "ok-one.org"];
    const { status, body, charged, used } = await rdap(names);
    expect(status).toBe(200);
    const rows = body.results as Array<{ domain: string; status: string; error?: string }>;
    expect(rows.map((r) => r.domain)).toEqual(names);
    expect(rows.slice(0, 7).every((r) => r.status === "error" && typeof r.error === "string")).toBe(true);
    expect(rows[0]!.error).toMatch(/not valid JSON/);
    expect(rows[2]!.error).toMatch(/larger than/);
    expect(rows[3]!.error).toMatch(/not an RDAP domain object/);
    expect(rows[4]!.error).toMatch(/HTTP 500/);
    expect(rows[5]!.error).toMatch(/redirects/);
    expect(rows[6]!.error).toMatch(/larger than/);
    expect(rows[7]!.status).toBe("found");
    expect(charged).toBe("2");
    expect(used).toBe(2);
  });

  test('objects where strings belong ({"toString": 1}) are skipped: the row is found and charged, not the runtime\'s error', async () => {
    const { status, body, charged } = await rdap(["hostile.com"]);
    expect(status).toBe(200);
    expect(body.results[0]).toMatchObject({
      domain: "hostile.com",
      status: "found",
      registrar: "Hostile Registrar",
      registrationDate: "2010-01-02T03:04:05Z",
      statusFlags: ["active"],
    });
    expect(charged).toBe("2");
  });

  test("a registry's 429 with a short Retry-After is waited out once", async () => {
    const row = (await rdap(["busy-once.org"])).body.results[0];
    expect(row.status).toBe("found");
    expect(fakes.rdap.hitsFor("busy-once.org")).toBe(2);
  });

  test("a long Retry-After is an error row at once, and the registry is left alone meanwhile", async () => {
    const first = await rdap(["alwaysbusy.xyz"]);
    expect(first.status).toBe(502);
    expect(first.body.error).toMatch(/429/);
    expect(first.used).toBe(0);
    // That registry is now backed off: no request reaches it, for any name; others are unaffected.
    const second = await rdap(["other-name.xyz", "fine.org"]);
    expect(second.body.results.map((r: { status: string }) => r.status)).toEqual(["error", "found"]);
    expect(second.body.results[0].error).toMatch(/rate limiting/);
    expect(fakes.rdapOther.hitsFor("other-name.xyz")).toBe(0);
  });
});

describe("cache and single-flight", () => {
  test("a repeated question is answered from the cache", async () => {
    await rdap(["cached.org"]);
    const t0 = performance.now();
    const again = await rdap(["cached.org"]);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(again.body.results[0].status).toBe("found");
    expect(fakes.rdap.hitsFor("cached.org")).toBe(1);
  });

  test("not_found is cached too; errors are not", async () => {
    await rdap(["missing-twice.org", "boom-twice.org"]);
    await rdap(["missing-twice.org", "boom-twice.org"]);
    expect(fakes.rdap.hitsFor("missing-twice.org")).toBe(1);
    expect(fakes.rdap.hitsFor("boom-twice.org")).toBe(2);
  });

  test("the same domain asked by concurrent requests (and twice in one) reaches the registry once", async () => {
    const answers = await Promise.all([rdap(["slow-shared.org", "slow-shared.org"]), rdap(["slow-shared.org"]), rdap(["slow-shared.org"])]);
    for (const a of answers) expect(a.body.results.every((r: { status: string }) => r.status === "found")).toBe(true);
    expect(answers[0]!.charged).toBe("4");
    expect(fakes.rdap.hitsFor("slow-shared.org")).toBe(1);
  });
});

describe("time budget", () => {
  test("a registry that never answers and one that refuses connections: 502 within the budget, nothing charged", async () => {
    const t0 = performance.now();
    const { status, body, used } = await rdap(["silent.com", "anything.dead"]);
    expect(performance.now() - t0).toBeLessThan(8_000 + 500);
    expect(status).toBe(502);
    expect(body.error).toMatch(/did not answer/);
    expect(used).toBe(0);
  });

  test("a silent registry next to a good one: the good row is answered and charged, the silent one is an error row", async () => {
    const { status, body, charged } = await rdap(["silent-two.com", "fine-two.org"]);
    expect(status).toBe(200);
    expect(body.results.map((r: { status: string }) => r.status)).toEqual(["error", "found"]);
    expect(body.results[0].error).toMatch(/no answer/);
    expect(charged).toBe("2");
  });
});

describe("good citizen", () => {
  const limit = DEFAULT_SETTINGS.perRegistryConcurrency;
  test(`at most ${limit} questions in flight to one registry; the rest wait their turn`, async () => {
    const names = Array.from({ length: 10 }, (_, i) => `slow-gate${i}.org`);
    const { status, body } = await rdap(names);
    expect(status).toBe(200);
    expect(body.results.every((r: { status: string }) => r.status === "found")).toBe(true);
    expect(fakes.rdap.maxInFlight()).toBe(limit);
  });
});
