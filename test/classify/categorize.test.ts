/** POST /v1/categorize over HTTP against the real server. */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
let pairs: Set<string>;
beforeAll(async () => {
  s = await startTestServer();
  const tax = await (await s.fetch("/v1/taxonomy")).json();
  pairs = new Set(tax.verticals.flatMap((v: any) => v.subcategories.map((c: any) => `${v.vertical}/${c.subcategory}`)));
});
afterAll(async () => {
  await s.stop();
});

/** categorize allows 12 requests a minute per key: each test takes a key of its own. */
let key = "";
beforeEach(() => {
  key = s.newKey(`t${Math.random()}`).key;
});

async function cat(domains: unknown[]): Promise<any> {
  const r = await s.post("/v1/categorize", { domains }, key);
  expect(r.status).toBe(200);
  expect(r.headers.get("x-credits-charged")).toBe(String(2 * domains.length));
  return r.json();
}

describe("POST /v1/categorize", () => {
  test("rows carry every documented field, in order", async () => {
    const { results } = await cat(["bestpizza.com"]);
    expect(Object.keys(results[0])).toEqual(["domain", "sld", "split", "vertical", "subcategory", "confidence", "matched", "source", "type", "tags"]);
    expect(results[0]).toEqual({
      domain: "bestpizza.com",
      sld: "bestpizza",
      split: "best pizza",
      vertical: "Food & Drink",
      subcategory: "Pizza",
      confidence: "high",
      matched: ["pizza"],
      source: "lexicon",
      type: "industry",
      tags: [],
    });
  });

  test("domain types: industry, geo, personal, generic, brandable, numeric, acronym; rules and uncategorized", async () => {
    const names = ["cheapflights.net", "denverdentist.com", "johnsmith.com", "happydays.org", "xqzvtkpl.io", "888.com", "ibm.com"];
    const { results } = await cat(names);
    expect(results.map((r: any) => r.type)).toEqual(["industry", "geo", "personal", "generic", "brandable", "numeric", "acronym"]);
    expect(results[1]).toMatchObject({ vertical: "Health & Medical", subcategory: "Dental Care", matched: ["dentist"] });
    for (const r of results.slice(2)) expect(r).toMatchObject({ vertical: "Uncategorized", subcategory: "General", confidence: "low", matched: [], tags: [] });
    expect(results.slice(2).map((r: any) => r.source)).toEqual(["none", "none", "none", "rule", "rule"]);
  });

  test("summary: counts by vertical, subcategory and type, count descending then alphabetical", async () => {
    const { summary } = await cat(["bestpizza.com", "pizzaplace.net", "888.com", "xqzvtkpl.io", "denverdentist.com"]);
    expect(summary).toEqual({
      total: 5,
      categorized: 3,
      uncategorized: 2,
      verticals: [
        { vertical: "Food & Drink", count: 2 },
        { vertical: "Uncategorized", count: 2 },
        { vertical: "Health & Medical", count: 1 },
      ],
      subcategories: [
        { vertical: "Food & Drink", subcategory: "Pizza", count: 2 },
        { vertical: "Uncategorized", subcategory: "General", count: 2 },
        { vertical: "Health & Medical", subcategory: "Dental Care", count: 1 },
      ],
      types: [
        { type: "industry", count: 2 },
        { type: "brandable", count: 1 },
        { type: "geo", count: 1 },
        { type: "numeric", count: 1 },
      ],
    });
  });

  test("every vertical, subcategory and tag is a pair of the published taxonomy", async () => {
    const names = [
      "pizzadeliverybar.com",
      "lawncare.net",
      "onlinecasino.com",
      "bitcoinwallet.io",
      "yogastudio.de",
      "dogtraining.com",
      "weddingphotography.com",
      "mathtutor.org",
      "carinsurancequotes.com",
      "solarpanelsinstall.com",
    ];
    const { results } = await cat(names);
    for (const r of results) {
      expect(pairs.has(`${r.vertical}/${r.subcategory}`)).toBe(true);
      for (const t of r.tags) expect(pairs.has(`${t.vertical}/${t.subcategory}`)).toBe(true);
      expect(r.source).toBe("lexicon");
    }
  });

  test("a full batch of 100 (worker pool) equals the same names one by one; the same request gives the same bytes", async () => {
    const names = Array.from(
      { length: 100 },
      (_, i) => ["bestpizza", "denverdentist", "cheap-flights", "johnsmith", "zq"][i % 5] + (i % 7 === 0 ? "" : i) + ".com",
    );
    const body = JSON.stringify({ domains: names });
    const a = await (await s.post("/v1/categorize", body, key)).text();
    expect(await (await s.post("/v1/categorize", body, key)).text()).toBe(a);
    const big = JSON.parse(a);
    for (const i of [0, 1, 2, 3, 4, 50, 99]) expect((await cat([names[i]])).results[0]).toEqual(big.results[i]);
  });
});
