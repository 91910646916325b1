/**
 * Fuzzing every served synchronous REST endpoint (the ENDPOINTS of src/routes.ts that
 * take a JSON body, plus the free GETs) against the fixture server: seeded hostile bodies
 * and query strings, each answer held to the product rule by the Prober, 400s naming the
 * field, 2xx answering one row per input with no more credits than the table's cost, and
 * every key's usage matching what its answers charged.
 */
import { describe, expect, test } from "bun:test";
import { RATE_LIMITS } from "../../src/operations.ts";
import { ENDPOINTS } from "../../src/routes.ts";
import { freshMinute } from "../support/harness.ts";
import { BODY_GENS } from "./bodies.ts";
import { normaliseDomain } from "../../src/domain/name.ts";
import { CASE_SCALE, HOSTILE_STRINGS, pick, qenc, rng } from "./gen.ts";
import { fuzzServer, namesField } from "./probe.ts";

const f = fuzzServer();

/** Cases per endpoint; upstream-backed endpoints get fewer (each valid one waits on a fake). */
const CASES: Record<string, number> = { rdap: 60, dns: 80 };
const DEFAULT_CASES = Math.round(150 * CASE_SCALE);
const UPSTREAM = new Set(["rdap", "dns"]);

/** Run `n` cases, collecting every failure (so one run shows them all). */
async function run(n: number, one: (i: number) => Promise<void>): Promise<string[]> {
  const failures: string[] = [];
  for (let i = 0; i < n; i++) {
    try {
      await one(i);
    } catch (e) {
      failures.push(`case ${i}: ${(e as Error).message}`);
    }
  }
  return failures;
}

const posts = ENDPOINTS.filter((e) => e.op.method === "POST" && e.body && BODY_GENS[e.op.id]);

describe("REST bodies", () => {
  for (const ep of posts) {
    const op = ep.op;
    test(`POST ${op.path}: hostile bodies`, async () => {
      const r = rng(0x5eed ^ (op.path.length * 7919));
      const gen = BODY_GENS[op.id]!;
      const seen = new Map<number, number>();
      const failures = await run(CASES[op.id] ?? DEFAULT_CASES, async () => {
        const c = gen(r);
        // appraise reads ?explain=: junk there too.
        const query =
          op.id.startsWith("appraise") && r() < 0.3
            ? `?explain=${qenc(pick(r, ["true", "false", "TRUE", "1", "", "yes", ...HOSTILE_STRINGS.slice(0, 10)]))}`
            : "";
        const a = await f.p.post(op.bucket, op.path + query, c.body, { allow502: UPSTREAM.has(op.id) });
        seen.set(a.status, (seen.get(a.status) ?? 0) + 1);
        if (c.repeated)
          expect({ body: c.body, error: a.json?.error }).toEqual({ body: c.body, error: `duplicate field "${c.repeated}": send each field once` });
        if (a.status === 400 && !namesField(a.json.error, [...c.fields, "explain"]))
          throw new Error(`400 does not name a field: ${c.body.slice(0, 200)} -> ${a.json.error}`);
        if (a.status === 200) {
          expect(a.json).toBeObject();
          if (c.list && op.id === "dns") {
            // DNS results: one key per normalised input domain (docs/lookups.md).
            const names = new Set(c.list.map((d) => normaliseDomain(d as string)));
            expect(Object.keys(a.json.results).sort()).toEqual([...names].sort() as string[]);
          } else if (c.list) {
            expect(a.json.results).toBeArray();
            expect(a.json.results.length).toBe(c.list.length);
            const cost = op.cost({ items: c.list.length, includeCounts: c.includeCounts });
            expect(Number(a.headers.get("x-credits-charged"))).toBeLessThanOrEqual(cost);
          }
        } else if (a.status !== 400 && a.status !== 502) {
          throw new Error(`unexpected ${a.status} for ${c.body.slice(0, 200)}: ${a.text.slice(0, 200)}`);
        }
      });
      expect(failures.slice(0, 15)).toEqual([]);
      // The mix must reach both sides: successes and refusals.
      console.log(op.id, JSON.stringify([...seen]));
      expect(seen.get(200) ?? 0).toBeGreaterThan(5);
      expect(seen.get(400) ?? 0).toBeGreaterThan(5);
    }, 60_000);
  }
});

describe("REST query strings and odd requests", () => {
  test("GETs with junk query strings, odd methods and paths", async () => {
    const r = rng(77);
    const gets = ENDPOINTS.filter((e) => e.op.method === "GET" && !e.op.path.includes(":"));
    const failures = await run(120, async () => {
      const ep = pick(r, gets);
      const k = pick(r, ["limit", "cursor", "status", "type", "from", "format", "explain", "__proto__", "a[]", "", "x"]);
      // Values stay under Bun's request-line cap (a longer URL gets Bun's own bare 431).
      const v = qenc(pick(r, ["-1", "0", "1", "100", "101", "1e3", "NaN", "abc", ...HOSTILE_STRINGS]).slice(0, 1000));
      const a = await f.p.send(ep.op.bucket, `${ep.op.path}?${k}=${v}&${k}=${v}`, { method: "GET" });
      expect([200, 400]).toContain(a.status);
    });
    expect(failures.slice(0, 15)).toEqual([]);
  });

  test("a body endpoint given non-JSON content types and empty bodies", async () => {
    const failures = await run(posts.length, async (i) => {
      const op = posts[i]!.op;
      for (const [ct, body] of [
        ["text/plain", "example.com"],
        ["application/x-www-form-urlencoded", "domains=a.com"],
        ["application/json", ""],
        ["application/json", "\ufeff{}"],
      ] as const) {
        const a = await f.p.post(op.bucket, op.path, body, { contentType: ct });
        expect(a.status).toBeGreaterThanOrEqual(400);
      }
    });
    expect(failures).toEqual([]);
  });

  test("every method on every path: 401 without a key, JSON 4xx with one, never a 5xx", async () => {
    const paths = [...new Set(ENDPOINTS.map((e) => e.op.path.replace(":job_id", "job_x")))];
    paths.push("/mcp", "/v1", "/v1/", "/v1/ping/", "/v1//ping", "/V1/PING", "/v1/ping%00", "/v1/%2e%2e/v1/usage", "/v1/jobs/a/b/c");
    // HEAD answers carry no body; TRACE bodies are dropped by fetch itself (a raw socket gets JSON).
    const methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
    const failures = await run(paths.length, async (i) => {
      const path = paths[i]!;
      for (const method of methods) {
        const anon = await f.t.fetch(path, { method, key: null });
        if (path.startsWith("/v1") || path === "/mcp") expect({ path, method, status: anon.status }).toEqual({ path, method, status: 401 });
        await anon.text();
        // Keys from the tightest bucket's rotation (5 requests each), so no bucket of any path fills.
        const a = await f.p.send(
          "rdap",
          path,
          { method, ...(method === "POST" ? { body: "{}", headers: { "content-type": "application/json" } } : {}) },
          { rpc: path === "/mcp" },
        );
        const served = ENDPOINTS.some((e) => e.op.path === path && e.op.method === method);
        if (served) expect({ method, path, status: a.status }).not.toEqual({ method, path, status: 405 });
      }
    });
    expect(failures.slice(0, 15)).toEqual([]);
  }, 30_000);

  test("HEAD on a metered GET spends its rate bucket like the GET it runs", async () => {
    const op = ENDPOINTS.find((e) => e.op.method === "GET" && e.op.bucket !== null)!.op;
    const { key } = f.t.newKey("fuzz-head");
    const limit = RATE_LIMITS[op.bucket!];
    await freshMinute(10);
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) statuses.push((await f.t.fetch(op.path, { method: "HEAD", key })).status);
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
    const u = await (await f.t.fetch("/v1/usage", { key })).json();
    expect(u.credits_used).toBe(op.cost({ items: 1 }) * limit);
  }, 30_000);

  test("a trailing slash is no way around a rate bucket: every metered path with one is a 404, never served", async () => {
    const { key } = f.t.newKey("fuzz-slash");
    for (const ep of ENDPOINTS.filter((e) => e.op.bucket !== null)) {
      const path = `${ep.op.path.replace(":job_id", "job_x")}/`;
      const init = ep.op.method === "POST" ? { body: "{}", headers: { "content-type": "application/json" } } : {};
      const a = await f.t.fetch(path, { method: ep.op.method, key, ...init });
      const body = await a.json();
      expect({ path, status: a.status, error: body.error }).toEqual({ path, status: 404, error: `no such endpoint: ${ep.op.method} ${path}` });
    }
    const u = await (await f.t.fetch("/v1/usage", { key })).json();
    expect(u.credits_used).toBe(0);
  });

  test("a query parameter an endpoint does not take is a 400 naming it, never ignored, never charged", async () => {
    const { key } = f.t.newKey("fuzz-query");
    for (const ep of ENDPOINTS.filter((e) => e.op.bucket !== null && (e.query ?? []).length === 0)) {
      const init =
        ep.op.method === "POST" ? { body: '{"domains":["a.com"],"domain":"a.com","term":"ab"}', headers: { "content-type": "application/json" } } : {};
      const a = await f.t.fetch(`${ep.op.path.replace(":job_id", "job_x")}?foo=1`, { method: ep.op.method, key, ...init });
      expect({ path: ep.op.path, status: a.status, error: (await a.json()).error }).toEqual({
        path: ep.op.path,
        status: 400,
        error: 'unknown query parameter "foo": this endpoint takes none',
      });
    }
    const u = await (await f.t.fetch("/v1/usage", { key })).json();
    expect(u.credits_used).toBe(0);
  });

  test("an unknown path is clipped in its 404, however long", async () => {
    const path = `/v1/${"x".repeat(5000)}`;
    const a = await f.t.fetch(path, { method: "GET" });
    const body = await a.json();
    expect(a.status).toBe(404);
    expect(body.error).toBe(`no such endpoint: GET ${path.slice(0, 100)}...`);
  });

  test("lists exactly at the limit, of 253-character names: every row answered, charged by the table, in bounded time", async () => {
    const r = rng(99);
    const ch = "abcdefghijklmnopqrstuvwxyz0123456789";
    const label = (n: number) => Array.from({ length: n }, () => ch[Math.floor(r() * ch.length)]).join("");
    const longName = () => `${label(63)}.${label(63)}.${label(63)}.${label(57)}`;
    for (const ep of posts.filter((e) => e.op.listField && !UPSTREAM.has(e.op.id))) {
      const op = ep.op;
      const domains = Array.from({ length: op.batchLimit! }, longName);
      const t0 = performance.now();
      const a = await f.p.post(op.bucket, op.path, JSON.stringify({ domains }));
      expect({ path: op.path, status: a.status }).toEqual({ path: op.path, status: 200 });
      expect(a.json.results.length).toBe(domains.length);
      expect(Number(a.headers.get("x-credits-charged"))).toBe(op.cost({ items: domains.length }));
      expect(performance.now() - t0).toBeLessThan(15_000);
    }
  }, 60_000);

  test("hostile bodies sent all at once on one key: no 5xx, and the usage is the sum of the charges", async () => {
    const r = rng(4242);
    const key = f.p.freshKey();
    // Under every bucket's limit on the one key: 5 requests per endpoint, all in flight together.
    const batch = posts.flatMap((ep) => Array.from({ length: 5 }, () => ({ op: ep.op, c: BODY_GENS[ep.op.id]!(r) })));
    const answers = await Promise.all(
      batch.map(({ op, c }) =>
        f.p.send(
          op.bucket,
          op.path,
          { method: "POST", body: c.body, headers: { "content-type": "application/json" } },
          { key, concurrent: true, allow502: UPSTREAM.has(op.id) },
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(5);
  }, 30_000);

  test("every key's usage equals what its answers charged", async () => {
    await f.p.checkLedgers();
    console.log(`rest fuzz: ${f.p.cases} requests`);
  }, 30_000);
});
