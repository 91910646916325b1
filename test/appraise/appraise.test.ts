/**
 * POST /v1/appraise and /v1/appraise/bulk over HTTP against the real server (real lexicon,
 * real zone index built from the committed sample of real names, worker pool): response shapes, explanations only
 * on request, determinism, parity of single and bulk, input order, 400s that name the field
 * or index and charge nothing, and the job chunk task on a real worker.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ORDERING_FACTS } from "../../src/capabilities/appraise/calibration.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
});

/** A fresh key per test keeps the per-minute limits (30 single, 6 bulk) out of the way. */
let keyNo = 0;
const fresh = () => t.newKey(`k${keyNo++}`).key;

async function post(path: string, body: unknown, key = fresh()) {
  const r = await t.post(path, body, key);
  return { status: r.status, headers: r.headers, text: await r.text() };
}

describe("POST /v1/appraise", () => {
  test("answers the documented shape: final, classification, zone; no explanation by default", async () => {
    const r = await post("/v1/appraise", { domain: "BestPizza.COM." });
    expect(r.status).toBe(200);
    expect(r.headers.get("x-credits-charged")).toBe("1");
    const b = JSON.parse(r.text);
    expect(Object.keys(b)).toEqual(["domain", "final", "classification", "zone"]);
    expect(b.domain).toBe("bestpizza.com");
    expect(b.final.version).toMatch(/^zw-\d{4}\.\d+\.\d+\+lex-/);
    expect(Number.isInteger(b.final.value) && b.final.low <= b.final.value && b.final.value <= b.final.high && b.final.low >= 0).toBe(true);
    expect(b.classification).toEqual({ split: "best pizza", vertical: "Food & Drink", subcategory: expect.any(String), domain_type: "industry" });
    expect(typeof b.zone.indexed).toBe("boolean");
    expect(Number.isInteger(b.zone.exact_count)).toBe(true);
  });

  test("the zone facts are the index's: the same as /v1/zone/lookup says", async () => {
    const names = ["google.nu", "nic.ee", "xqzvtkplwq.com"];
    const lookup = JSON.parse((await post("/v1/zone/lookup", { domains: names })).text).results;
    expect(lookup[0].registered).toBe(true);
    for (let i = 0; i < names.length; i++) {
      const b = JSON.parse((await post("/v1/appraise", { domain: names[i] })).text);
      expect(b.zone).toEqual({ indexed: lookup[i].registered, exact_count: lookup[i].extensions_registered });
    }
    const none = JSON.parse((await post("/v1/appraise", { domain: "xqzvtkplwq.com" })).text);
    expect(none.zone).toEqual({ indexed: false, exact_count: 0 });
    // registered nowhere: down to the floor of a name that can be sold, never $0-$0
    expect(none.final.value).toBe(10);
    expect(none.final.low).toBeGreaterThanOrEqual(1);
  });

  test("?explain=true says which features moved the value; the effects add up to it", async () => {
    const b = JSON.parse((await post("/v1/appraise?explain=true", { domain: "cheapflights.net" })).text);
    expect(b.explain[0].feature).toBe("base");
    expect(b.explain.map((e: { feature: string }) => e.feature)).toContain("extension");
    expect(b.explain.reduce((s: number, e: { effect: number }) => s + e.effect, 0)).toBe(b.final.value);
    expect((await post("/v1/appraise?explain=false", { domain: "cheapflights.net" })).text).not.toContain("explain");
  });

  test("restricted registries: value 0, range 0-0, one explained step; the schema holds", async () => {
    for (const d of ["whitehouse.gov", "harvard.edu", "army.mil", "who.int", "ox.ac.uk"]) {
      const r = await post("/v1/appraise?explain=true", { domain: d });
      expect(r.status).toBe(200);
      const b = JSON.parse(r.text);
      expect(b.final).toMatchObject({ value: 0, low: 0, high: 0 });
      expect(b.explain).toEqual([{ feature: "restricted", factor: 0, effect: 0, detail: expect.stringContaining("not for sale") }]);
    }
    const open = JSON.parse((await post("/v1/appraise", { domain: "whitehouse.com" })).text);
    expect(open.final.value).toBeGreaterThan(1000);
  });

  test("the same input gives the same bytes", async () => {
    const a = await post("/v1/appraise", { domain: "münchen-immobilien.de" });
    const b = await post("/v1/appraise", { domain: "münchen-immobilien.de" });
    expect(a.status).toBe(200);
    expect(a.text).toBe(b.text);
    expect(JSON.parse(a.text).domain).toBe("xn--mnchen-immobilien-22b.de");
  });

  test("bad input: a clear 400 naming the field, nothing charged", async () => {
    const key = fresh();
    const cases: [string, unknown, string][] = [
      ["/v1/appraise", { domain: "music" }, 'domain: "music" needs an extension (e.g. "music.com")'],
      ["/v1/appraise", { domain: "-a.com" }, 'domain: "-a.com" is not a valid domain name'],
      ["/v1/appraise", { domain: 42 }, "domain must be a string"],
      ["/v1/appraise", { domain: "a.com", extra: 1 }, 'unknown field "extra"'],
      ["/v1/appraise?explain=yes", { domain: "a.com" }, 'explain must be true or false (or 1 or 0; got "yes")'],
      ["/v1/appraise?explain=true&explain=false", { domain: "a.com" }, 'query parameter "explain" is given more than once: send it once'],
      ["/v1/appraise?explian=true", { domain: "a.com" }, 'unknown query parameter "explian": it takes explain'],
      ["/v1/appraise/bulk?foo=1", { domains: ["a.com"] }, 'unknown query parameter "foo": it takes explain'],
    ];
    for (const [path, body, message] of cases) {
      const r = await post(path, body, key);
      expect(r.status).toBe(400);
      expect(JSON.parse(r.text).error).toBe(message);
    }
    const usage = await (await t.fetch("/v1/usage", { key })).json();
    expect(usage.credits_used).toBe(0);
  });
});

describe("POST /v1/appraise/bulk", () => {
  test("rows in input order, the same numbers as the single endpoint, one credit per name", async () => {
    const domains = ["zolabo.io", "music.com", "1234.com", "best-pizza.net", "abc.com", "music.com"];
    const r = await post("/v1/appraise/bulk", { domains });
    expect(r.status).toBe(200);
    expect(r.headers.get("x-credits-charged")).toBe("6");
    const rows = JSON.parse(r.text).results;
    expect(rows.map((x: { domain: string }) => x.domain)).toEqual(domains);
    expect(Object.keys(rows[0])).toEqual(["domain", "value", "low", "high", "version", "classification"]);
    const single = JSON.parse((await post("/v1/appraise", { domain: "music.com" })).text);
    expect(rows[1]).toEqual({ domain: "music.com", ...single.final, classification: single.classification });
    expect(rows[5]).toEqual(rows[1]);
  });

  test("500 names: every one valued, ordered; the calibration's ordering facts hold", async () => {
    const domains = ORDERING_FACTS.flatMap((f) => [f.higher, f.lower]);
    while (domains.length < 500) domains.push(`name${domains.length}.com`);
    const r = await post("/v1/appraise/bulk?explain=true", { domains });
    expect(r.status).toBe(200);
    const rows = JSON.parse(r.text).results as { domain: string; value: number; low: number; high: number; explain: unknown[] }[];
    expect(rows.length).toBe(500);
    rows.forEach((row, i) => {
      expect(row.domain).toBe(domains[i]);
      expect(row.low <= row.value && row.value <= row.high).toBe(true);
      expect(row.explain.length).toBeGreaterThan(0);
    });
    const broken = ORDERING_FACTS.filter((_, i) => !(rows[2 * i]!.value > rows[2 * i + 1]!.value)).map((f) => `${f.higher} > ${f.lower}`);
    expect(broken).toEqual([]);
  });

  test("bad input names the index; over the limit is refused; nothing charged", async () => {
    const key = fresh();
    let r = await post("/v1/appraise/bulk", { domains: ["a.com", "b.com", "nodot"] }, key);
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text).error).toBe('domains[2]: "nodot" needs an extension (e.g. "nodot.com")');
    r = await post("/v1/appraise/bulk", { domains: Array.from({ length: 501 }, (_, i) => `n${i}.com`) }, key);
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text).error).toBe("domains must contain at most 500 items (got 501)");
    expect((await (await t.fetch("/v1/usage", { key })).json()).credits_used).toBe(0);
  });
});

describe("appraise.jobChunk on the worker pool", () => {
  test("one NDJSON bulk row per name, in order; a name that does not parse is an error row", async () => {
    const out = await t.server.services.pool.run<{ ndjson: string; errors: number }>("appraise.jobChunk", {
      names: ["Music.com", "bad..name", "zolabo.io"],
      options: {},
    });
    const lines = out.ndjson.split("\n");
    expect(lines.length).toBe(4);
    expect(lines[3]).toBe("");
    expect(out.errors).toBe(1);
    expect(JSON.parse(lines[1]!)).toEqual({ domain: "bad..name", error: "not a valid domain name" });
    const bulk = JSON.parse((await post("/v1/appraise/bulk", { domains: ["music.com", "zolabo.io"] })).text).results;
    expect(JSON.parse(lines[0]!)).toEqual(bulk[0]);
    expect(JSON.parse(lines[2]!)).toEqual(bulk[1]);
  });
});

describe("without a zone index", () => {
  test("every valid name still gets a number, a range and a version; zone reads false/0", async () => {
    const bare = await startTestServer({ ZW_ZONE_INDEX: "/nonexistent/zone.idx" });
    try {
      const r = await bare.post("/v1/appraise", { domain: "bestpizza.com" });
      expect(r.status).toBe(200);
      const b = await r.json();
      expect(b.zone).toEqual({ indexed: false, exact_count: 0 });
      expect(b.final.value).toBeGreaterThan(0);
      expect(b.final.low).toBeLessThan(b.final.value);
      expect(b.final.high).toBeGreaterThan(b.final.value);
      const bulk = await bare.post("/v1/appraise/bulk", { domains: ["bestpizza.com", "xn--fiqs8s.com"] });
      expect(bulk.status).toBe(200);
      const rows = (await bulk.json()).results;
      expect(rows[0].value).toBe(b.final.value);
      expect(rows[1].value).toBeGreaterThan(0);
    } finally {
      await bare.stop();
    }
  });
});
