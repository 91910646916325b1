/**
 * The shared suite: every operation of the table that the server serves is held to the
 * cross-cutting rules. An operation whose capability is not built yet is skipped (listed
 * as such), never faked.
 *  - 401 before the body is read (an invalid or never-ending body without a key)
 *  - 400 naming the field or index, and nothing charged
 *  - 429 per bucket with Retry-After and retry_after_seconds
 *  - 429 quota with resets_at and Retry-After, nothing charged
 *  - X-Credits-Charged / X-Credits-Remaining, the cost from the table, usage adds up
 *  - no CORS header
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { OPERATION_LIST, RATE_LIMITS, type Operation } from "../src/operations.ts";
import { ENDPOINTS } from "../src/routes.ts";
import { freshMinute } from "./support/harness.ts";
import { startFixtureServer, type Fixture } from "./support/fixture.ts";
import { rawRequest } from "./support/raw-http.ts";
import { SAMPLES } from "./support/samples.ts";

let t: Fixture;
beforeAll(async () => {
  t = await startFixtureServer();
});
afterAll(() => t.stopAll());

const served = new Set(ENDPOINTS.map((e) => e.op.id));
const metered = OPERATION_LIST.filter((o) => (o.bucket !== null || o.usageKey !== null) && SAMPLES[o.id] !== undefined);
let keyN = 0;
const freshKey = (quota = 10_000) => t.newKey(`suite-${++keyN}`, quota).key;

function send(o: Operation, body: unknown, key: string | null) {
  if (o.method === "GET") return t.fetch(o.path, { key });
  return t.fetch(o.path, {
    method: o.method,
    key,
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
}

async function usedBy(key: string): Promise<{ credits_used: number; by_endpoint: Record<string, number> }> {
  return (await t.fetch("/v1/usage", { key })).json();
}

for (const o of metered) {
  const s = SAMPLES[o.id]!;
  // Capabilities arrive one by one; until an operation is served there is nothing to test.
  const d = served.has(o.id) ? describe : describe.skip;
  d(`${o.method} ${o.path}`, () => {
    test("401 before the body is read", async () => {
      const r = await send(o, "{{{ not json", null);
      expect(r.status).toBe(401);
      if (o.method === "POST") {
        // Headers promise 1 MB, two bytes arrive, then nothing: the answer must not wait.
        const a = await rawRequest(t.server.port, `POST ${o.path} HTTP/1.1\nHost: x\nContent-Type: application/json\nContent-Length: 1048576`, '{"', {
          timeoutMs: 3000,
        });
        expect(a.status).toBe(401);
        expect(JSON.parse(a.body).error).toBeString();
      }
    });

    if (s.invalid) {
      test("400 names the field or index and charges nothing", async () => {
        const key = freshKey();
        const r = await send(o, s.invalid!.body, key);
        expect(r.status).toBe(400);
        expect((await r.json()).error).toBe(s.invalid!.message);
        expect(r.headers.get("x-credits-charged")).toBeNull();
        expect((await usedBy(key)).credits_used).toBe(0);
      });
      test("bad JSON, wrong body type and unknown fields are 400s", async () => {
        const key = freshKey();
        for (const [body, msg] of [
          ["{not json", /not valid JSON/],
          ["[1,2]", /must be a JSON object/],
          [{ ...(s.valid as object), surprise: 1 }, /unknown field "surprise"/],
        ] as const) {
          const r = await send(o, body, key);
          expect(r.status).toBe(400);
          expect((await r.json()).error).toMatch(msg);
        }
        expect((await usedBy(key)).credits_used).toBe(0);
      });
    }

    if (s.overLimit && o.batchLimit) {
      test(`a list over ${o.batchLimit} items is refused, never truncated`, async () => {
        const key = freshKey();
        const r = await send(o, s.overLimit!(o.batchLimit!), key);
        expect(r.status).toBe(400);
        expect((await r.json()).error).toBe(`domains must contain at most ${o.batchLimit} items (got ${o.batchLimit! + 1})`);
      });
    }

    test(`rate limit: ${o.bucket ? RATE_LIMITS[o.bucket] : "none"} per minute, then 429 with Retry-After`, async () => {
      if (o.bucket === null) return;
      await freshMinute();
      const key = freshKey();
      const limit = RATE_LIMITS[o.bucket];
      // Invalid bodies still count: the rate check runs before the body is read.
      const filler = o.method === "GET" ? undefined : "{}";
      for (let i = 0; i < limit; i++) expect((await send(o, filler, key)).status).not.toBe(429);
      const r = await send(o, filler, key);
      expect(r.status).toBe(429);
      const body = await r.json();
      const ra = Number(r.headers.get("retry-after"));
      expect(ra).toBeGreaterThanOrEqual(1);
      expect(ra).toBeLessThanOrEqual(60);
      expect(body.retry_after_seconds).toBe(ra);
      expect(body.error).toContain(o.bucket);
    }, 60_000); // freshMinute() may wait up to 15 s for a minute with room for the burst

    if (o.usageKey !== null) {
      const cost = o.cost(s.units);
      test(`charges ${cost} credit(s) with X-Credits headers, and usage adds up`, async () => {
        const key = freshKey(1000);
        const r = await send(o, s.valid, key);
        expect(r.status).toBe(200);
        expect(r.headers.get("x-credits-charged")).toBe(String(cost));
        expect(r.headers.get("x-credits-remaining")).toBe(String(1000 - cost));
        const u = await usedBy(key);
        expect(u.credits_used).toBe(cost);
        expect(u.by_endpoint[o.usageKey!]).toBe(cost);
        for (const h of r.headers.keys()) expect(h.startsWith("access-control-")).toBe(false);
      });

      test("quota: a request costing more than remains is 429 with resets_at, nothing charged", async () => {
        const key = freshKey(cost - 1);
        const r = await send(o, s.valid, key);
        expect(r.status).toBe(429);
        const body = await r.json();
        expect(body.resets_at).toMatch(/T00:00:00\.000Z$/);
        expect(body.error).toStartWith(`daily credit quota exceeded: this request needs ${cost} credit${cost === 1 ? "" : "s"}, ${cost - 1} remain`);
        const ra = Number(r.headers.get("retry-after"));
        expect(ra).toBeGreaterThan(0);
        expect(ra).toBeLessThanOrEqual(86_400);
        expect((await usedBy(key)).credits_used).toBe(0);
      });
    }
  });
}

test("the suite covers every metered operation of the table", () => {
  const all = OPERATION_LIST.filter((o) => o.bucket !== null || o.usageKey !== null).map((o) => o.id);
  const missing = all.filter((id) => !SAMPLES[id] && id !== "jobs_submit");
  expect(missing).toEqual([]);
});
