/**
 * Hostile names over HTTP: 63-character labels, long digit runs, punycode, hyphens and
 * digits only, other scripts. Each gets a sensible 200 (the same bytes twice) or a 400 that
 * names the index; never a 5xx or a charge for a refusal.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { domainToUnicode } from "node:url";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.stop();
});

const HOSTILE = [
  "a".repeat(63) + ".com",
  "x".repeat(20) + "bestpizza" + "q".repeat(34) + ".net",
  "1".repeat(63) + ".com",
  "9".repeat(63) + "." + "8".repeat(63) + "." + "7".repeat(63),
  "1-2-3-4-5-6-7-8-9.com",
  "0--0.org",
  "xn--bcher-kva.de",
  "bücher.de",
  "москва.рф",
  "中文域名.cn",
  "παράδειγμα.gr",
  "a",
  "a1",
  "z9-z9",
];

test("camelcase and categorize answer every hostile name, the same bytes twice", async () => {
  for (const path of ["/v1/camelcase", "/v1/categorize"]) {
    const body = JSON.stringify({ domains: HOSTILE });
    const a = await s.post(path, body);
    expect(a.status).toBe(200);
    const text = await a.text();
    expect(await (await s.post(path, body)).text()).toBe(text);
    const rows = JSON.parse(text).results;
    expect(rows.length).toBe(HOSTILE.length);
  }
  const { results } = await (await s.post("/v1/camelcase", { domains: HOSTILE })).json();
  for (const r of results) {
    expect(r.converted.toLowerCase()).toBe(r.original);
    expect(r.word_count).toBeGreaterThan(0);
  }
  for (const r of results) {
    const name = r.original.split(".")[0]!;
    // An internationalised name's words are its Unicode letters; otherwise the name's letters and digits, in order.
    expect(r.split.replaceAll(" ", "")).toBe(name.startsWith("xn--") ? domainToUnicode(name).replaceAll("-", "") : name.replaceAll("-", ""));
  }
  expect(results[2]).toMatchObject({ split: "1".repeat(63), word_count: 1, domain_type: "numeric" });
  expect(results[4]).toMatchObject({ split: "1 2 3 4 5 6 7 8 9", domain_type: "numeric" });
  expect(results[7]).toMatchObject({ original: "xn--bcher-kva.de", converted: "xn--bcher-kva.de", split: "bücher" });
  expect(results[8]).toMatchObject({ split: "москва", confidence: "LOW", domain_type: "brandable" }); // no a-z spelling: one word
  expect(results[8].original.startsWith("xn--")).toBe(true);
  // punycode that does not decode is a valid DNS label: one word as written
  const odd = (await (await s.post("/v1/categorize", { domains: ["xn--zz.com"] })).json()).results[0];
  expect(odd).toMatchObject({ split: "xn--zz", type: "brandable", vertical: "Uncategorized" });
});

test("names that are not domain names are a 400 naming the index, and cost nothing", async () => {
  const before = (await (await s.fetch("/v1/usage")).json()).credits_used;
  for (const [bad, message] of [
    ["-abc.com", 'domains[1]: "-abc.com" is not a valid domain name'],
    ["a".repeat(64) + ".com", `domains[1]: "${"a".repeat(64)}.com" is not a valid domain name`],
    ["foo..bar", 'domains[1]: "foo..bar" is not a valid domain name'],
    ["💥💥", 'domains[1]: "💥💥" is not a valid domain name'],
    ["", 'domains[1]: "" is not a valid domain name'],
  ] as const) {
    for (const path of ["/v1/camelcase", "/v1/categorize"]) {
      const r = await s.post(path, { domains: ["ok.com", bad] });
      expect(r.status).toBe(400);
      expect((await r.json()).error).toBe(message);
    }
  }
  expect((await (await s.fetch("/v1/usage")).json()).credits_used).toBe(before);
});

test("classify.jobChunk rows are the categorize rows, in input order, with error rows counted", async () => {
  const names = ["BestPizza.com", "denverdentist.com", "not..valid", "888"];
  const out = await s.server.services.pool.run<{ ndjson: string; errors: number }>("classify.jobChunk", { names, options: {} });
  expect(out.errors).toBe(1);
  expect(out.ndjson.endsWith("\n")).toBe(true);
  const lines = out.ndjson
    .split("\n")
    .slice(0, -1)
    .map((l) => JSON.parse(l));
  expect(lines.length).toBe(4);
  expect(lines[2]).toEqual({ domain: "not..valid", error: "not a valid domain name" });
  const rest = (await (await s.post("/v1/categorize", { domains: ["BestPizza.com", "denverdentist.com", "888"] })).json()).results;
  expect([lines[0], lines[1], lines[3]]).toEqual(rest);
});
