/**
 * Retention with a 1-second results lifetime (ZW_RESULTS_TTL_S=1): the file is removed by
 * the sweep, the job then reports expired and its results answer 410, usage no longer
 * counts its bytes, and it stays listed. Also: the jobs routes are in /openapi.json and
 * the lanes in /healthz.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import fs from "node:fs";
import path from "node:path";
import { isFinal, names, startJobsServer, submit, usage, waitFor, type JobsServer } from "./support/jobs.ts";

setDefaultTimeout(60_000);
let t: JobsServer;
beforeAll(async () => {
  t = await startJobsServer({ ZW_RESULTS_TTL_S: "1" });
});
afterAll(() => t.stop());

test("results files are removed when they expire; the job reports expired and stays listed", async () => {
  const { body } = await submit(t, { type: "zone_lookup", domains: names(250) });
  const j = await waitFor(t, body.id, isFinal);
  expect(j.status).toBe("succeeded");
  expect(Date.parse(j.expires_at) - Date.parse(j.finished)).toBe(1000);
  const file = path.join(t.dataDir, "jobs", body.id, "results.ndjson.gz");
  expect(fs.existsSync(file)).toBe(true);
  expect(fs.existsSync(path.join(t.dataDir, "jobs", body.id, "input.txt"))).toBe(false);
  expect((await usage(t)).results_storage_bytes).toBe(fs.statSync(file).size);
  const gone = await waitFor(t, body.id, (x) => x.status === "expired", 10_000);
  expect(gone).toMatchObject({ done: 250, credits_charged: 25, results_url: null });
  expect(fs.existsSync(file)).toBe(false);
  const r = await t.fetch(`/v1/jobs/${body.id}/results`);
  expect(r.status).toBe(410);
  expect((await usage(t)).results_storage_bytes).toBe(0);
  const list = await (await t.fetch("/v1/jobs")).json();
  expect(list.jobs.map((x: any) => x.id)).toContain(body.id);
});

test("the jobs routes are documented in /openapi.json", async () => {
  const doc = await (await fetch(`${t.url}/openapi.json`)).json();
  expect(doc.paths["/v1/jobs"].post.requestBody.content["text/plain"]).toBeDefined();
  expect(doc.paths["/v1/jobs"].get).toBeDefined();
  expect(doc.paths["/v1/jobs/{job_id}"].get).toBeDefined();
  expect(doc.paths["/v1/jobs/{job_id}"].delete).toBeDefined();
  expect(doc.paths["/v1/jobs/{job_id}/results"].get.parameters.map((p: any) => p.name)).toEqual(["job_id", "from", "format"]);
});

test("/healthz shows each lane: running, queued, measured throughput", async () => {
  const h = await (await fetch(`${t.url}/healthz`)).json();
  expect(Object.keys(h.jobs).sort()).toEqual(["appraise", "categorize", "zone_lookup"]);
  expect(h.jobs.zone_lookup).toMatchObject({ running: 0, queued: 0, queued_names: 0 });
  expect(h.jobs.zone_lookup.names_per_s).toBeGreaterThan(0);
});
