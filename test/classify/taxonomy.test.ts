/** GET /v1/taxonomy: free, authenticated, the published list of verticals, subcategories and domain types. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.stop();
});

test("needs a key", async () => {
  const r = await s.fetch("/v1/taxonomy", { key: null });
  expect(r.status).toBe(401);
  expect((await r.json()).error).toBeString();
});

test("at least 20 verticals and 150 subcategories, IAB references, every domain type; free and stable", async () => {
  const r = await s.fetch("/v1/taxonomy");
  expect(r.status).toBe(200);
  expect(r.headers.get("x-credits-charged")).toBeNull();
  const body = await r.json();
  expect(body.version).toMatch(/^tax-/);
  const real = body.verticals.filter((v: any) => v.vertical !== "Uncategorized");
  expect(real.length).toBeGreaterThanOrEqual(20);
  expect(real.reduce((n: number, v: any) => n + v.subcategories.length, 0)).toBeGreaterThanOrEqual(150);
  expect(body.verticals.at(-1)).toEqual({ vertical: "Uncategorized", subcategories: [{ subcategory: "General" }] });
  expect(real.filter((v: any) => typeof v.iab === "string" && /^(content-3\.1|ad-product-2\.0):\d+$/.test(v.iab)).length).toBeGreaterThan(15);
  expect(body.domain_types).toEqual(["industry", "geo", "personal", "generic", "brandable", "numeric", "acronym"]);
  expect(await (await s.fetch("/v1/taxonomy")).text()).toBe(JSON.stringify(body));
  const usage = await (await s.fetch("/v1/usage")).json();
  expect(usage.credits_used).toBe(0);
});
