/**
 * Names in other languages and internationalised names over HTTP: the extension's language
 * splits and classifies them, an IDN's split shows its Unicode words, and the head of a name
 * and a place beside a keyword decide the answer (docs/classify.md).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.stop();
});

test("other languages, IDNs, the head of the name and place + keyword, in one categorize batch", async () => {
  const want: [string, string, string, string, string][] = [
    // domain, split, vertical, subcategory, type
    ["versicherungvergleich.de", "versicherung vergleich", "Insurance", "General Insurance", "industry"],
    ["ferienwohnung.de", "ferienwohnung", "Travel", "Vacation Rentals", "industry"],
    ["rencontres.fr", "rencontres", "Family & Relationships", "Dating", "industry"],
    ["immobilier.fr", "immobilier", "Real Estate", "Homes for Sale", "industry"],
    ["hotelesbaratos.com", "hoteles baratos", "Travel", "Hotels & Lodging", "industry"],
    ["abogadosmadrid.es", "abogados madrid", "Legal", "Law Firms", "geo"],
    ["möbelberlin.de", "möbel berlin", "Shopping", "Furniture", "geo"],
    ["subtitlecat.com", "subtitle cat", "Business Services", "Translation Services", "industry"],
    ["livetv.com", "live tv", "Media & Entertainment", "Television", "industry"],
    ["minerpool.com", "minerpool", "Finance", "Cryptocurrency", "industry"],
    ["denverlawyer.com", "denver lawyer", "Legal", "Law Firms", "geo"],
    ["dallasnews.com", "dallas news", "Media & Entertainment", "News", "geo"],
  ];
  const r = await s.post("/v1/categorize", { domains: want.map((w) => w[0]) });
  expect(r.status).toBe(200);
  const text = await r.text();
  const { results } = JSON.parse(text);
  expect(results.map((x: any) => [x.domain === "xn--mbelberlin-ecb.de" ? "möbelberlin.de" : x.domain, x.split, x.vertical, x.subcategory, x.type])).toEqual(
    want,
  );
  // the same bytes again
  expect(await (await s.post("/v1/categorize", { domains: want.map((w) => w[0]) })).text()).toBe(text);
  // camelcase agrees on the split and the category, and keeps the IDN's punycode in converted
  const c = await (await s.post("/v1/camelcase", { domains: ["möbelberlin.de", "hotelesbaratos.com"] })).json();
  expect(c.results[0]).toMatchObject({
    original: "xn--mbelberlin-ecb.de",
    converted: "xn--mbelberlin-ecb.de",
    split: "möbel berlin",
    word_count: 2,
    category: "Shopping",
    subcategory: "Furniture",
  });
  expect(c.results[1]).toMatchObject({ converted: "HotelesBaratos.com", split: "hoteles baratos", category: "Travel" });
  expect(c.word_stats.map((w: any) => w.word)).toContain("möbel");
});
