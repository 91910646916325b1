/**
 * Job leases across runners: a running job held by a runner elsewhere (another machine
 * sharing the database) is left alone while its lease is valid and taken over when it
 * expires, resuming at its committed row.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { JobsService } from "../../src/capabilities/jobs/service.ts";
import { isFinal, names, rows, startJobsServer, waitFor, type JobsServer } from "./support/jobs.ts";

setDefaultTimeout(60_000);
let t: JobsServer;
beforeAll(async () => {
  t = await startJobsServer();
});
afterAll(() => t.stop());

test("a running job held by a runner elsewhere is taken over only when its lease expires", async () => {
  const core = (t.server.services.jobs as JobsService).core;
  const keyId = t.store.keys.findByName("test")!.id;
  const list = names(300, "lease");
  const id = "job_leasetakeoverxxxxxxxxx";
  core.files.writeInput(id, list);
  const now = Date.now();
  // As another machine's runner left it: running, 0 rows, its lease valid for 1.5 s more.
  t.store.db.run(
    `INSERT INTO jobs (id, key_id, type, status, total, options, chunk_size, usage_key, usage_day, credits_reserved, created, started, deadline,
       lease_owner, lease_token, lease_expires) VALUES (?, ?, 'zone_lookup', 'running', 300, '{}', 100, 'zone', '2026-01-01', 30, ?, ?, ?, 'elsewhere:1:1', 'tok', ?)`,
    [id, keyId, now, now, now + 7_200_000, now + 1500],
  );
  await Bun.sleep(1000);
  expect((await (await t.fetch(`/v1/jobs/${id}`)).json()).done).toBe(0);
  const j = await waitFor(t, id, isFinal);
  expect(Date.parse(j.finished)).toBeGreaterThanOrEqual(now + 1500);
  expect(j).toMatchObject({ status: "succeeded", done: 300, credits_charged: 30 });
  expect((await rows(t, id)).map((r) => r.input)).toEqual(list);
});
