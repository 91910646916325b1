/**
 * Execution and results over HTTP with a test-only executor (rows computed from the name):
 * every row once and in input order across chunks, the results in every form (gzip from
 * disk, inflated, from=N, CSV) with their headers, error rows retried then refunded,
 * cancel, delete, the runtime budget, a silent worker, an internal fault, a full disk.
 */
import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from "bun:test";
import type { JobsCore } from "../../src/capabilities/jobs/core.ts";
import type { Runner } from "../../src/capabilities/jobs/runner.ts";
import type { JobsService } from "../../src/capabilities/jobs/service.ts";
import { fakeRow } from "./support/fake-executor.ts";
import { gzipRows, isFinal, names, rows, startJobsServer, submit, usage, waitFor, type JobsServer } from "./support/jobs.ts";

const FROM_RULE = `from must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}`;

// The machine is shared: allow for a loaded CPU.
setDefaultTimeout(60_000);

let t: JobsServer;
let core: JobsCore;
beforeAll(async () => {
  t = await startJobsServer({ ZW_JOB_BUDGET_S: "2" });
  core = (t.server.services.jobs as JobsService).core;
});
afterAll(() => t.stop());

let n = 0;
const fresh = (quota = 1_000_000) => t.newKey(`run-${++n}`, quota).key;

describe("a job that succeeds", () => {
  let key: string;
  let id: string;
  const list = names(1050, "Row");
  beforeAll(async () => {
    key = fresh();
    id = (await submit(t, { type: "zone_lookup", domains: list }, key)).body.id;
    await waitFor(t, id, isFinal, 20_000, key);
  });

  test("status: succeeded, every row, credits kept, no Retry-After once final", async () => {
    const r = await t.fetch(`/v1/jobs/${id}`, { key });
    const j = await r.json();
    expect(j).toMatchObject({
      status: "succeeded",
      total: 1050,
      done: 1050,
      errors: 0,
      progress: 1,
      partial: false,
      credits_reserved: 105,
      credits_refunded: 0,
      credits_charged: 105,
    });
    expect(j.results_url).toBe(`/v1/jobs/${id}/results`);
    expect(Date.parse(j.expires_at) - Date.parse(j.finished)).toBe(86_400_000);
    expect(r.headers.get("retry-after")).toBeNull();
    const u = await usage(t, key);
    expect(u.credits_used).toBe(105);
    expect(u.names_in_flight).toBe(0);
    expect(u.results_storage_bytes).toBeGreaterThan(1000);
  });

  test("NDJSON inflated: one row per name, in input order, as the task answered", async () => {
    const r = await t.fetch(`/v1/jobs/${id}/results`, { key, headers: { "accept-encoding": "identity" } });
    expect(r.headers.get("content-encoding")).toBeNull();
    expect(r.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    expect(r.headers.get("x-job-status")).toBe("succeeded");
    expect(r.headers.get("x-job-rows")).toBe("1050");
    expect(r.headers.get("x-job-partial")).toBe("false");
    const got = (await r.text())
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(got).toEqual(list.map(fakeRow));
  });

  test("gzip straight from disk, from a chunk boundary and from inside a chunk", async () => {
    const all = await gzipRows(t, id, "", key);
    expect(all.res.headers.get("content-encoding")).toBe("gzip");
    expect(all.res.headers.get("content-disposition")).toBe(`attachment; filename="${id}.ndjson"`);
    expect(all.lines.map((l) => JSON.parse(l).input)).toEqual(list);
    expect((await gzipRows(t, id, "?from=200", key)).lines.map((l) => JSON.parse(l).input)).toEqual(list.slice(200));
    expect((await gzipRows(t, id, "?from=437", key)).lines.map((l) => JSON.parse(l).input)).toEqual(list.slice(437));
    expect((await gzipRows(t, id, "?from=1049", key)).lines.map((l) => JSON.parse(l).input)).toEqual(list.slice(1049));
    expect((await rows(t, id, "?from=1050", key)).length).toBe(0);
    expect((await rows(t, id, "?from=999", key)).map((r) => r.input)).toEqual(list.slice(999));
  });

  test("CSV: header in the documented order, booleans, empty nulls", async () => {
    const r = await t.fetch(`/v1/jobs/${id}/results?format=csv`, { key });
    expect(r.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await r.text()).split("\r\n");
    expect(lines[0]).toBe("input,name,extension,registered,extensions_registered,supported,error");
    expect(lines[1]).toBe("Row0.com,row0,com,true,4,true,");
    expect(lines.length).toBe(1052); // header + rows + the empty string after the last CRLF
  });

  test("bad from and format are 400s naming the parameter; another key gets 404", async () => {
    for (const [q, msg] of [
      ["?from=-1", FROM_RULE],
      ["?from=x", FROM_RULE],
      ["?from=1e3", FROM_RULE],
      ["?from=9999999999999999", FROM_RULE],
      ["?format=xml", "format must be ndjson or csv"],
      ["?limit=3", 'unknown query parameter "limit": it takes from, format'],
    ]) {
      const r = await t.fetch(`/v1/jobs/${id}/results${q}`, { key });
      expect(r.status).toBe(400);
      expect((await r.json()).error).toBe(msg!);
    }
    const other = fresh();
    for (const p of [`/v1/jobs/${id}`, `/v1/jobs/${id}/results`]) {
      const r = await t.fetch(p, { key: other });
      expect(r.status).toBe(404);
      expect((await r.json()).error).toBe("job not found");
    }
    expect((await t.fetch(`/v1/jobs/${id}`, { key: other, method: "DELETE" })).status).toBe(404);
  });

  test("the tool server's page: rows, next_from, done", async () => {
    const svc = t.server.services.jobs as JobsService;
    const k = t.store.keys.findByName(`run-1`)!;
    const p = svc.page(k, id, { from: 95, limit: 10 });
    expect(p.rows.map((r: any) => r.input)).toEqual(list.slice(95, 105));
    expect(p).toMatchObject({ from: 95, next_from: 105, total: 1050, done: 1050, status: "succeeded" });
    expect(svc.page(k, id, { from: 1045, limit: 1000 }).next_from).toBeNull();
    expect(() => svc.page(k, id, { limit: 1001 })).toThrow("limit must be an integer from 1 to 1000");
  });

  test("DELETE of a finished job removes its file at once: reports expired, results 410", async () => {
    const r = await t.fetch(`/v1/jobs/${id}`, { key, method: "DELETE" });
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body).toMatchObject({ id, status: "expired", done: 1050, credits_charged: 105, results_url: null });
    const res = await t.fetch(`/v1/jobs/${id}/results`, { key });
    expect(res.status).toBe(410);
    expect((await res.json()).error).toBe("job results expired");
    expect((await usage(t, key)).results_storage_bytes).toBe(0);
    const listed = await (await t.fetch("/v1/jobs?status=expired", { key })).json();
    expect(listed.jobs.map((j: any) => j.id)).toEqual([id]);
  });
});

test("error rows are retried; rows still failing after three attempts are written with error and refunded", async () => {
  const key = fresh();
  const list = names(300, "err");
  t.fake.opts = { failRows: new Set(["err5.com", "err150.com"]), failTimes: 2 }; // succeed on the third attempt
  const ok = (await submit(t, { type: "zone_lookup", domains: list }, key)).body.id;
  expect(await waitFor(t, ok, isFinal, 20_000, key)).toMatchObject({ status: "succeeded", errors: 0, credits_refunded: 0 });
  t.fake.opts = { failRows: new Set(list.slice(0, 25)) }; // always failing
  const bad = (await submit(t, { type: "categorize", domains: list }, key)).body.id;
  const j = await waitFor(t, bad, isFinal, 20_000, key);
  t.fake.opts = {};
  expect(j).toMatchObject({ status: "succeeded", done: 300, errors: 25, credits_reserved: 600, credits_refunded: 50, credits_charged: 550 });
  const got = await rows(t, bad, "", key);
  expect(got.slice(0, 25)).toEqual(list.slice(0, 25).map((d) => ({ input: d, error: "upstream did not answer" })));
  expect(got.slice(25).map((r) => r.input)).toEqual(list.slice(25));
  const u = await usage(t, key);
  expect(u.by_endpoint.categorize).toBe(550);
  expect(u.credits_used).toBe(30 + 550);
});

test("listing: filters, limit and an opaque cursor, newest first, with names_in_flight", async () => {
  const key = fresh();
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push((await submit(t, { type: i % 2 ? "categorize" : "zone_lookup", domains: names(3, `l${i}x`) }, key)).body.id);
  for (const id of ids) await waitFor(t, id, isFinal, 20_000, key);
  const p1 = await (await t.fetch("/v1/jobs?limit=2", { key })).json();
  expect(p1.jobs.map((j: any) => j.id)).toEqual([ids[4], ids[3]]);
  expect(p1.names_in_flight).toBe(0);
  const p2 = await (await t.fetch(`/v1/jobs?limit=2&cursor=${p1.next_cursor}`, { key })).json();
  expect(p2.jobs.map((j: any) => j.id)).toEqual([ids[2], ids[1]]);
  const p3 = await (await t.fetch(`/v1/jobs?limit=2&cursor=${p2.next_cursor}`, { key })).json();
  expect(p3.jobs.map((j: any) => j.id)).toEqual([ids[0]]);
  expect(p3.next_cursor).toBeNull();
  const cat = await (await t.fetch("/v1/jobs?type=categorize&status=succeeded", { key })).json();
  expect(cat.jobs.map((j: any) => j.id)).toEqual([ids[3], ids[1]]);
  for (const [q, msg] of [
    ["?limit=0", "limit must be an integer from 1 to 100"],
    ["?status=done", "status must be one of queued, running, succeeded, partial, failed, expired, cancelled"],
    ["?cursor=zzz", "cursor is not valid: pass next_cursor from the previous page"],
    ["?type=x", "type must be one of zone_lookup, appraise, categorize"],
  ]) {
    const r = await t.fetch(`/v1/jobs${q}`, { key });
    expect(r.status).toBe(400);
    expect((await r.json()).error).toBe(msg!);
  }
});

describe("stopping early", () => {
  test("cancel a queued job: cancelled at once, every credit back", async () => {
    const key = fresh();
    t.fake.opts = { delayMs: 150 };
    const blocker = (await submit(t, { type: "appraise", domains: names(1000, "blk") }, key)).body.id;
    const queued = (await submit(t, { type: "appraise", domains: names(50, "q") }, key)).body;
    expect(queued.position).toBe(1);
    const st = await t.fetch(`/v1/jobs/${queued.id}`, { key });
    expect(st.headers.get("retry-after")).toBe("30");
    const r409 = await t.fetch(`/v1/jobs/${queued.id}/results`, { key });
    expect(r409.status).toBe(409);
    expect((await r409.json()).error).toBe("job has no rows yet");
    const del = await (await t.fetch(`/v1/jobs/${queued.id}`, { key, method: "DELETE" })).json();
    expect(del).toMatchObject({ status: "cancelled", done: 0, credits_reserved: 50, credits_refunded: 50, credits_charged: 0 });
    // Cancel the running one: it stops after its current chunk, keeps its rows, refunds the rest.
    await waitFor(t, blocker, (j) => j.done >= 200, 20_000, key);
    const c = await (await t.fetch(`/v1/jobs/${blocker}`, { key, method: "DELETE" })).json();
    t.fake.opts = {};
    expect(c.status).toBe("cancelled");
    const j = await waitFor(t, blocker, isFinal, 20_000, key);
    expect(j.status).toBe("cancelled");
    expect(j.done).toBeGreaterThanOrEqual(200);
    expect(j.done).toBeLessThan(1000);
    expect(j.partial).toBe(true);
    expect(j.credits_refunded).toBe(1000 - j.done);
    expect(j.credits_charged).toBe(j.done);
    const got = await rows(t, blocker, "", key);
    expect(got.map((r) => r.input)).toEqual(names(j.done, "blk"));
    const u = await usage(t, key);
    expect(u.credits_used).toBe(j.done);
  });

  test("the runtime budget ends a job as partial, rows kept, the rest refunded", async () => {
    const key = fresh();
    t.fake.opts = { delayMs: 400 };
    const id = (await submit(t, { type: "appraise", domains: names(2000, "bud") }, key)).body.id;
    const j = await waitFor(t, id, isFinal, 20_000, key);
    t.fake.opts = {};
    expect(j.status).toBe("partial");
    expect(j.partial).toBe(true);
    expect(j.done).toBeGreaterThan(0);
    expect(j.done).toBeLessThan(2000);
    expect(j.credits_charged).toBe(j.done);
    const r = await t.fetch(`/v1/jobs/${id}/results`, { key, headers: { "accept-encoding": "identity" } });
    expect(r.headers.get("x-job-partial")).toBe("true");
    expect(r.headers.get("x-job-status")).toBe("partial");
    expect((await r.text()).trimEnd().split("\n").length).toBe(j.done);
  });

  test("a silent worker: its chunk's lease expires and the chunk is redone, rows once", async () => {
    const key = fresh();
    const runner = t.server.services.jobsRunner as Runner;
    runner.chunkLeaseMs = 300;
    t.fake.opts = { hangOnce: true };
    const list = names(450, "silent");
    const id = (await submit(t, { type: "zone_lookup", domains: list }, key)).body.id;
    const j = await waitFor(t, id, isFinal, 20_000, key);
    t.fake.opts = {};
    runner.chunkLeaseMs = 120_000;
    expect(j).toMatchObject({ status: "succeeded", done: 450, errors: 0 });
    expect((await rows(t, id, "", key)).map((r) => r.input)).toEqual(list);
  });

  test("a busy pool (503, queue full) is waited for, not counted against the chunk", async () => {
    const key = fresh();
    t.fake.opts = { busyCalls: 5 };
    const id = (await submit(t, { type: "zone_lookup", domains: names(150) }, key)).body.id;
    const j = await waitFor(t, id, isFinal, 20_000, key);
    t.fake.opts = {};
    expect(j).toMatchObject({ status: "succeeded", done: 150, errors: 0 });
  });

  test("an internal fault (every attempt fails) ends the job failed with a full refund", async () => {
    const key = fresh();
    t.fake.opts = { throwAlways: true };
    const id = (await submit(t, { type: "zone_lookup", domains: names(250) }, key)).body.id;
    const j = await waitFor(t, id, isFinal, 20_000, key);
    t.fake.opts = {};
    expect(j).toMatchObject({ status: "failed", done: 0, credits_reserved: 25, credits_refunded: 25, credits_charged: 0 });
    expect((await usage(t, key)).credits_used).toBe(0);
  });

  test("a full disk (injected ENOSPC on the results write): failed, written rows kept, the rest refunded", async () => {
    const key = fresh();
    const files = core.files;
    const open = files.openWriter.bind(files);
    let writes = 0;
    files.openWriter = (id, committed) => {
      const w = open(id, committed);
      return {
        append(member) {
          if (++writes > 2) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
          return w.append(member);
        },
        close: () => w.close(),
      };
    };
    try {
      const id = (await submit(t, { type: "categorize", domains: names(1000, "disk") }, key)).body.id;
      const j = await waitFor(t, id, isFinal, 20_000, key);
      expect(j).toMatchObject({ status: "failed", done: 200, partial: true, credits_reserved: 2000, credits_refunded: 1600, credits_charged: 400 });
      expect((await rows(t, id, "", key)).map((r) => r.input)).toEqual(names(200, "disk"));
      expect((await usage(t, key)).credits_used).toBe(400);
      // The service carries on with the next job.
      files.openWriter = open;
      const next = (await submit(t, { type: "categorize", domains: names(10) }, key)).body.id;
      expect((await waitFor(t, next, isFinal, 20_000, key)).status).toBe("succeeded");
    } finally {
      files.openWriter = open;
    }
  });
});
