/**
 * Parity of the job tools with the jobs REST endpoints: submit_job = POST /v1/jobs (same
 * job, same reservation, same messages), job_status = GET /v1/jobs/{id}, job_results pages
 * = GET /v1/jobs/{id}/results rows, walking next_from to the end. Runs on a job type whose
 * synchronous twin is served; skipped (never faked) while the jobs capability or every
 * twin is missing.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { JOB_TYPES, OPERATIONS, RATE_LIMITS } from "../../src/operations.ts";
import { ENDPOINTS, RAW_ROUTES } from "../../src/routes.ts";
import { startFixtureServer, type Fixture } from "../support/fixture.ts";
import { SAMPLES } from "../support/samples.ts";
import { callTool, errorText, mcpClient } from "./client.ts";

const served = new Set(ENDPOINTS.map((e) => e.op.id));
const type = Object.values(JOB_TYPES).find((j) => served.has(j.twin) && (SAMPLES[j.twin]?.valid as { domains?: string[] })?.domains);
const jobsServed = served.has("job_status") && RAW_ROUTES.length > 0;
const d = type && jobsServed ? describe : describe.skip;

let t: Fixture;
let n = 0;
const clients: Client[] = [];
beforeAll(async () => {
  if (type && jobsServed) t = await startFixtureServer();
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await t?.stopAll();
});

async function fresh(quota = 10_000) {
  const key = t.newKey(`jobs-${++n}`, quota).key;
  const client = await mcpClient(t, key);
  clients.push(client);
  return { key, client };
}

const structured = <T>(r: { structuredContent?: unknown; isError?: boolean; content: unknown }): T => {
  if (r.isError) throw new Error(`tool failed: ${JSON.stringify(r.content)}`);
  return r.structuredContent as T;
};

type Job = { id: string; status: string; total: number; done: number; credits_reserved: number; credits_charged: number; [k: string]: unknown };
type Page = { rows: unknown[]; from: number; next_from: number | null; total: number; done: number; status: string };
const FINAL = ["succeeded", "partial", "failed", "expired", "cancelled"];

async function settle(client: Client, id: string): Promise<Job> {
  for (let i = 0; i < 400; i++) {
    const j = structured<Job>(await callTool(client, "job_status", { job_id: id }));
    if (FINAL.includes(j.status)) return j;
    await Bun.sleep(50);
  }
  throw new Error(`job ${id} did not finish`);
}

d(`job tools (type ${type?.type})`, () => {
  const names = (SAMPLES[type!.twin]!.valid as { domains: string[] }).domains;
  const body = { type: type!.type, domains: names };
  const cost = type!.cost({ items: names.length });

  test("submit_job = POST /v1/jobs: the same job and the same reservation; status and results match REST", async () => {
    const a = await fresh();
    const r = await t.post("/v1/jobs", body, a.key);
    expect(r.status).toBe(202);
    const viaRest = (await r.json()) as Job;
    const m = await callTool(a.client, "submit_job", body);
    const viaTool = structured<Job>(m);
    const volatile = [
      "id",
      "poll_url",
      "results_url",
      "created",
      "deadline",
      "estimated_start",
      "estimated_finish",
      "position",
      "status",
      "started",
      "request_id",
    ];
    const strip = (j: Job) => Object.fromEntries(Object.entries(j).filter(([k]) => !volatile.includes(k)));
    expect(strip(viaTool)).toEqual(strip(viaRest));
    expect(m._meta).toMatchObject({ credits_charged: cost });
    expect(viaTool.credits_reserved).toBe(cost);

    const done = await settle(a.client, viaTool.id);
    expect(done.done).toBe(names.length);
    const status = await (await t.fetch(`/v1/jobs/${viaTool.id}`, { key: a.key })).json();
    expect(structured(await callTool(a.client, "job_status", { job_id: viaTool.id }))).toEqual(status);

    const ndjson = await (await t.fetch(`/v1/jobs/${viaTool.id}/results`, { key: a.key })).text();
    const restRows = ndjson
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const rows: unknown[] = [];
    let from: number | null = 0;
    while (from !== null) {
      const page: Page = structured<Page>(await callTool(a.client, "job_results", { job_id: viaTool.id, from, limit: 2 }));
      expect(page.from).toBe(from);
      expect(page.total).toBe(names.length);
      expect(page.rows.length).toBeLessThanOrEqual(2);
      rows.push(...page.rows);
      from = page.next_from;
    }
    expect(rows).toEqual(restRows);
    // Jobs reserve at submit; the status and results tools are free.
    const other = await settle(a.client, viaRest.id);
    const u = await (await t.fetch("/v1/usage", { key: a.key })).json();
    expect(u.credits_used).toBe(done.credits_charged + other.credits_charged);
  }, 30_000);

  test("idempotency_key holds across both faces: a replay returns the same job and charges nothing", async () => {
    const a = await fresh();
    const once = { ...body, idempotency_key: "mcp-parity-1" };
    const first = structured<Job>(await callTool(a.client, "submit_job", once));
    const again = await callTool(a.client, "submit_job", once);
    expect(structured<Job>(again).id).toBe(first.id);
    expect(again._meta).toMatchObject({ credits_charged: 0, idempotent_replayed: true });
    const r = await t.post("/v1/jobs", once, a.key);
    expect(r.status).toBe(200);
    expect(r.headers.get("idempotent-replayed")).toBe("true");
    expect(((await r.json()) as Job).id).toBe(first.id);
    const other = await callTool(a.client, "submit_job", { ...once, domains: [...names].reverse() });
    const rr = await t.post("/v1/jobs", { ...once, domains: [...names].reverse() }, a.key);
    expect(rr.status).toBe(409);
    expect(errorText(other)).toBe((await rr.json()).error);
    expect((await (await t.fetch("/v1/usage", { key: a.key })).json()).credits_used).toBe(first.credits_reserved);
  });

  test("bad input: the same messages as POST /v1/jobs, nothing charged", async () => {
    const a = await fresh();
    for (const bad of [{ ...body, type: "mine" }, { ...body, domains: [...names, 7] }, { ...body, surprise: 1 }, { domains: names }]) {
      const r = await t.post("/v1/jobs", bad, a.key);
      expect(r.status).toBe(400);
      expect(errorText(await callTool(a.client, "submit_job", bad as Record<string, unknown>))).toBe((await r.json()).error);
    }
    const limit = OPERATIONS.jobs_submit.mcp!.listLimit!;
    const over = Array.from({ length: limit + 1 }, (_, i) => `n${i}.com`);
    expect(errorText(await callTool(a.client, "submit_job", { type: type!.type, domains: over }))).toBe(
      `domains must contain at most ${limit} items (got ${limit + 1})`,
    );
    expect((await (await t.fetch("/v1/usage", { key: a.key })).json()).credits_used).toBe(0);
  });

  test("quota: the same refusal as REST, saying when to retry, nothing reserved", async () => {
    const a = await fresh(cost - 1);
    const r = await t.post("/v1/jobs", body, a.key);
    expect(r.status).toBe(429);
    const m = await callTool(a.client, "submit_job", body);
    expect(errorText(m)).toBe((await r.json()).error);
    expect(m._meta).toMatchObject({ status: 429 });
  });

  test("unknown jobs: job not found, as REST says; paging arguments are checked", async () => {
    const a = await fresh();
    const r = await t.fetch("/v1/jobs/job_nope", { key: a.key });
    expect(r.status).toBe(404);
    const msg = (await r.json()).error;
    expect(errorText(await callTool(a.client, "job_status", { job_id: "job_nope" }))).toBe(msg);
    expect(errorText(await callTool(a.client, "job_results", { job_id: "job_nope" }))).toBe(msg);
    expect(errorText(await callTool(a.client, "job_results", { job_id: "job_nope", limit: 1001 }))).toBe("limit must be at most 1000");
    expect(errorText(await callTool(a.client, "job_results", { job_id: "job_nope", from: -1 }))).toBe("from must be at least 0");
    expect(errorText(await callTool(a.client, "job_results", { job_id: "job_nope", from: "0" }))).toBe("from must be an integer");
    expect(errorText(await callTool(a.client, "job_results", { job_id: "job_nope", from: 1e20 }))).toBe(`from must be at most ${Number.MAX_SAFE_INTEGER}`);
    expect(errorText(await callTool(a.client, "job_status", {}))).toBe("job_id is required");
  });

  test("job_status and job_results are free and not rate limited", async () => {
    const a = await fresh();
    for (let i = 0; i < RATE_LIMITS.jobs + 2; i++) expect(errorText(await callTool(a.client, "job_status", { job_id: "job_nope" }))).toBe("job not found");
  });
});
