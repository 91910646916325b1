/** POST /v1/camelcase over HTTP against the real server with two workers: large batches are cut into one chunk per worker. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { POOL_THRESHOLD } from "../../src/capabilities/classify/service.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ ZW_WORKERS: "2" });
});
afterAll(async () => {
  await s.stop();
});

async function camel(domains: unknown[]): Promise<any> {
  const r = await s.post("/v1/camelcase", { domains });
  expect(r.status).toBe(200);
  return r.json();
}

describe("POST /v1/camelcase", () => {
  test("rows carry every documented field, in order; converted keeps the extension as sent", async () => {
    const body = await camel(["BestPizza.com", "top10games.net", "best-pizza.co.uk", "cheapflights"]);
    expect(Object.keys(body)).toEqual(["results", "word_stats", "tld_stats"]);
    const [a, b, c, d] = body.results;
    expect(Object.keys(a)).toEqual(["original", "converted", "split", "word_count", "confidence", "category", "subcategory", "domain_type"]);
    expect(a).toEqual({
      original: "bestpizza.com",
      converted: "BestPizza.com",
      split: "best pizza",
      word_count: 2,
      confidence: "HIGH",
      category: "Food & Drink",
      subcategory: "Pizza",
      domain_type: "industry",
    });
    expect(b).toMatchObject({ converted: "Top10Games.net", split: "top 10 games", word_count: 3 });
    expect(c).toMatchObject({ converted: "Best-Pizza.co.uk", split: "best pizza" });
    expect(d).toMatchObject({ original: "cheapflights", converted: "CheapFlights", category: "Travel" });
  });

  test("word_stats and tld_stats: full lists, count descending then alphabetical", async () => {
    const body = await camel(["bestpizza.com", "pizzaplace.net", "top10games.com", "best-pizza.co.uk", "pizza"]);
    expect(body.word_stats).toEqual([
      { word: "pizza", count: 4 },
      { word: "best", count: 2 },
      { word: "10", count: 1 },
      { word: "games", count: 1 },
      { word: "place", count: 1 },
      { word: "top", count: 1 },
    ]);
    expect(body.tld_stats).toEqual([
      { tld: "com", count: 2 },
      { tld: "co.uk", count: 1 },
      { tld: "net", count: 1 },
    ]);
  });

  test("converted lower-cased is always the input name; confidence is one of three values", async () => {
    const names = ["expertsexchange.com", "therapistfinder.com", "xqzvtkpl.io", "a1b2c3.org", "the-best-of-2024.info", "ibm.com"];
    const body = await camel(names);
    body.results.forEach((r: any, i: number) => {
      expect(r.converted.toLowerCase()).toBe(names[i]);
      expect(["HIGH", "MEDIUM", "LOW"]).toContain(r.confidence);
      expect(r.word_count).toBe(r.split.split(" ").length);
    });
  });

  test("a batch cut across two workers gives exactly the rows and tables of small batches run inline", async () => {
    const names = Array.from({ length: 300 }, (_, i) => ["bestpizza", "denverdentist", "cheap-flights", "openbsd", "xk"][i % 5] + i + ".com");
    expect(names.length).toBeGreaterThan(POOL_THRESHOLD);
    const big = await camel(names);
    const small: any[] = [];
    for (let i = 0; i < names.length; i += POOL_THRESHOLD) small.push(...(await camel(names.slice(i, i + POOL_THRESHOLD))).results);
    expect(big.results).toEqual(small);
    const words = new Map<string, number>();
    for (const r of small) for (const w of r.split.split(" ")) words.set(w, (words.get(w) ?? 0) + 1);
    expect(big.word_stats.length).toBe(words.size);
    for (const { word, count } of big.word_stats) expect(words.get(word)).toBe(count);
    expect(big.tld_stats).toEqual([{ tld: "com", count: 300 }]);
  });

  test("a full batch of 1,000 (long chunk strings between the threads) equals the same names in small inline batches", async () => {
    const stems = ["bestpizza", "denverdentist", "cheap-flights", "openbsd", "xk", "xn--bcher-kva", "888", "johnsmith", "top10games"];
    const exts = [".com", ".co.uk", ".nu", ""];
    const names = Array.from({ length: 1000 }, (_, i) => `${stems[i % stems.length]}${i}${exts[i % exts.length]}`);
    const big = await camel(names);
    const small: any[] = [];
    for (let i = 0; i < names.length; i += POOL_THRESHOLD) small.push(...(await camel(names.slice(i, i + POOL_THRESHOLD))).results);
    expect(JSON.stringify(big.results)).toBe(JSON.stringify(small));
    expect(big.tld_stats).toEqual([
      { tld: "co.uk", count: 250 },
      { tld: "com", count: 250 },
      { tld: "nu", count: 250 },
    ]);
  });

  test("the same request twice gives the same bytes", async () => {
    const body = JSON.stringify({ domains: ["bestpizza.com", "johnsmith.net", "888.com", "xn--bcher-kva.de", "bücher.de"] });
    const a = await (await s.post("/v1/camelcase", body)).text();
    const b = await (await s.post("/v1/camelcase", body)).text();
    expect(a).toBe(b);
  });
});
