/**
 * Usage history: GET /v1/usage/history (free, strict query), `cli keys usage`, and the
 * retention that prune() keeps.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import fs from "node:fs";
import path from "node:path";
import { openStore } from "../../src/store/sqlite.ts";
import { startTestServer, tempDir, type TestServer } from "../support/harness.ts";
import { REPO } from "../support/paths.ts";

let t: TestServer;
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestServer();
  // Two earlier days of usage, as the meter records them.
  const id = t.store.keys.findByName("test")!.id;
  t.store.usage.reserve(id, day(-2), "appraise", 5, 1_000_000);
  t.store.usage.reserve(id, day(-2), "dns", 3, 1_000_000);
  t.store.usage.reserve(id, day(-1), "zone", 4, 1_000_000);
});
afterAll(() => t?.stop());

interface History {
  key: string;
  from: string;
  to: string;
  kept_since: string;
  retention_days: number;
  credits_used: number;
  days: { date: string; credits_used: number; by_endpoint: Record<string, number> }[];
}

test("credits per day and bucket, every day of the range listed, today's spending included, free", async () => {
  expect((await t.post("/v1/zone/count", { term: "shop", position: "starts" })).status).toBe(200);
  const r = await t.fetch(`/v1/usage/history?from=${day(-3)}&to=${day(0)}`);
  expect(r.status).toBe(200);
  expect(r.headers.get("x-credits-charged")).toBeNull();
  const h = (await r.json()) as History;
  expect(h).toMatchObject({ key: "test", from: day(-3), to: day(0), retention_days: 90, kept_since: day(-90), credits_used: 14 });
  expect(h.days.map((d) => [d.date, d.credits_used])).toEqual([
    [day(-3), 0],
    [day(-2), 8],
    [day(-1), 4],
    [day(0), 2],
  ]);
  expect(h.days[1]!.by_endpoint).toEqual({ appraise: 5, zone: 0, categorize: 0, rdap: 0, dns: 3, camelcase: 0 });
  // /v1/usage keeps its shape: today only.
  const u = (await (await t.fetch("/v1/usage")).json()) as Record<string, unknown>;
  expect(u.credits_used).toBe(2);
  expect(u.days).toBeUndefined();
});

test("the default range is the last 30 days, today included", async () => {
  const h = (await (await t.fetch("/v1/usage/history")).json()) as History;
  expect(h.days.length).toBe(30);
  expect(h.to).toBe(day(0));
  expect(h.from).toBe(day(-29));
});

test("bad ranges are 400s naming the parameter", async () => {
  const cases: [string, RegExp][] = [
    ["from=2026-02-30", /^from must be a date as YYYY-MM-DD/],
    ["to=yesterday", /^to must be a date as YYYY-MM-DD/],
    ["from=2026-1-01", /^from must be a date/],
    [`from=${day(0)}&to=${day(-1)}`, /^from \(.*\) is after to/],
    ["from=2020-01-01&to=2026-01-01", /at most 366 per request/],
    ["days=3", /days/],
    [`from=${day(-1)}&from=${day(-2)}`, /from/],
  ];
  for (const [q, re] of cases) {
    const r = await t.fetch(`/v1/usage/history?${q}`);
    expect(r.status).toBe(400);
    const b = (await r.json()) as { error: string; code: string };
    expect(b.code).toBe("invalid_request");
    expect(b.error).toMatch(re);
  }
  expect((await t.fetch("/v1/usage/history", { key: null })).status).toBe(401);
});

test("it is in the OpenAPI document, from the operation table", async () => {
  const doc = (await (await fetch(`${t.url}/openapi.json`)).json()) as { paths: Record<string, { get?: { parameters?: { name: string }[] } }> };
  expect(doc.paths["/v1/usage/history"]?.get?.parameters?.map((p) => p.name).sort()).toEqual(["from", "to"]);
});

test("cli keys usage: a table, or JSON with --json; --days is checked", () => {
  const cli = (...args: string[]) => {
    const r = Bun.spawnSync([process.execPath, path.join(REPO, "src/cli.ts"), "keys", "usage", ...args], { env: { ...process.env, ZW_DATA_DIR: t.dataDir } });
    return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
  };
  const j = cli("test", "--days", "3", "--json");
  expect(j.code).toBe(0);
  const parsed = JSON.parse(j.out) as { name: string; credits_used: number; days: { date: string; credits_used: number }[] };
  expect(parsed.name).toBe("test");
  expect(parsed.days.map((d) => [d.date, d.credits_used])).toEqual([
    [day(-2), 8],
    [day(-1), 4],
    [day(0), 2],
  ]);
  const table = cli("test", "--days=2");
  expect(table.code).toBe(0);
  expect(table.out).toContain(`${day(-1)}         4           0           4`);
  expect(table.out).toMatch(/^total\s+6$/m);
  expect(cli("test", "--days", "0").code).toBe(2);
  expect(cli("test", "--days", "400").err).toContain("--days must be a whole number from 1 to 366");
  expect(cli("nobody").code).toBe(1);
  expect(cli().code).toBe(2);
}, 60_000);

test("prune keeps ZW_USAGE_RETENTION_DAYS days of usage", () => {
  const dir = tempDir("zw-retention-");
  try {
    const store = openStore(dir, 5);
    const k = store.keys.create("r", 1000);
    for (const off of [-7, -6, -5, -4, 0]) store.usage.reserve(k.record.id, day(off), "dns", 1, 1000);
    store.prune(Date.now());
    const left = store.db
      .query<{ day: string }, []>("SELECT day FROM usage ORDER BY day")
      .all()
      .map((r) => r.day);
    expect(left).toEqual([day(-5), day(-4), day(0)]);
    store.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
