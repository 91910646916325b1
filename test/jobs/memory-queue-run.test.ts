/**
 * The jobs code over the in-memory queue, no database: submit, the runner (chunks through
 * a test executor), results pages, cancel and the refunds all go through the JobQueue
 * interface only, so they work the same over any implementation of it.
 */
import { afterEach, expect, test } from "bun:test";
import fs from "node:fs";
import { loadConfig } from "../../src/config.ts";
import { JobsCore } from "../../src/capabilities/jobs/core.ts";
import { MemoryJobQueue, MemoryUsage } from "../../src/capabilities/jobs/memory-queue.ts";
import { Runner } from "../../src/capabilities/jobs/runner.ts";
import { JobsService } from "../../src/capabilities/jobs/service.ts";
import { JOB_TYPES } from "../../src/operations.ts";
import type { Services } from "../../src/services.ts";
import type { KeyRecord } from "../../src/store/types.ts";
import { tempDir } from "../support/harness.ts";
import { FakeExecutor, fakeRow } from "./support/fake-executor.ts";

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

function setup(quota = 10_000) {
  const dataDir = tempDir("zw-memq-");
  cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ ZW_DATA_DIR: dataDir, ZW_CHUNK_SIZE: "10", ZW_WORKERS: "1" });
  const usage = new MemoryUsage();
  const queue = new MemoryJobQueue(usage, () => "whsec_test");
  const services = { config, store: undefined as never, pool: undefined as never, log: () => {}, jobsExecutor: new FakeExecutor() } as Services;
  const core = new JobsCore(services, queue);
  const service = new JobsService(core);
  const key: KeyRecord = { id: 7, name: "k", keyHash: "h", webhookSecret: "whsec_test", dailyQuota: quota, createdAt: 0, revokedAt: null };
  return { core, service, queue, usage, key };
}

const names = (n: number) => Array.from({ length: n }, (_, i) => `name${i}.com`);

test("a job runs to the end over the memory queue: rows in order, credits kept for the rows", async () => {
  const t = setup();
  const { job } = await t.service.submitJson(t.key, { type: "zone_lookup", domains: names(25) });
  expect(job.status).toBe("queued");
  expect(job.credits_reserved).toBe(JOB_TYPES.zone_lookup.cost({ items: 25 }));
  expect(t.usage.get(t.key.id, job.created.slice(0, 10)).used).toBe(3);
  const runner = new Runner(t.core, () => {});
  runner.start();
  cleanup.push(() => runner.stop());
  runner.poke("zone_lookup");
  for (let i = 0; i < 500 && t.service.status(t.key, job.id).status !== "succeeded"; i++) await Bun.sleep(10);
  const done = t.service.status(t.key, job.id);
  expect(done.status).toBe("succeeded");
  expect([done.done, done.errors, done.credits_charged, done.credits_refunded]).toEqual([25, 0, 3, 0]);
  const page = t.service.page(t.key, job.id, { from: 5, limit: 100 });
  expect(page.rows).toEqual(names(25).slice(5).map(fakeRow));
  expect(page.next_from).toBeNull();
  expect(t.queue.chunksFrom(job.id, 0).map((c) => c.row_start)).toEqual([0, 10, 20]);
  expect(t.service.list(t.key, {}).jobs.map((j) => j.id)).toEqual([job.id]);
});

test("admission and cancel over the memory queue: idempotent replay, quota refusal, full refund", async () => {
  const t = setup(5);
  const body = { type: "appraise", domains: names(4), idempotency_key: "once" };
  const first = await t.service.submitJson(t.key, body);
  const again = await t.service.submitJson(t.key, body);
  expect(again.replayed).toBe(true);
  expect(again.job.id).toBe(first.job.id);
  const day = first.job.created.slice(0, 10);
  expect(t.usage.get(t.key.id, day).used).toBe(4);
  await expect(t.service.submitJson(t.key, { type: "appraise", domains: names(2) })).rejects.toMatchObject({ code: "quota_exceeded" });
  expect(t.service.list(t.key, {}).jobs.length).toBe(1);
  const cancelled = await t.service.cancel(t.key, first.job.id);
  expect([cancelled.status, cancelled.credits_refunded, cancelled.credits_charged]).toEqual(["cancelled", 4, 0]);
  expect(t.usage.get(t.key.id, day).used).toBe(0);
});
