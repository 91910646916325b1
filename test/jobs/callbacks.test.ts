/**
 * Callbacks against a real HTTPS receiver on loopback (self-signed certificate trusted via
 * ZW_CALLBACK_CA_FILE), with a short schedule (ZW_CALLBACK_DELAYS_S): the body, the event
 * header and the signature exactly as docs/jobs.md states; delivery state on the job; a receiver
 * that always fails (gave_up after six attempts, job unaffected); a receiver that hangs
 * holds up nothing.
 */
import { afterAll, beforeAll, expect, test, setDefaultTimeout } from "bun:test";
import { createHmac } from "node:crypto";
import { isFinal, names, rows, startJobsServer, submit, waitFor, type JobsServer } from "./support/jobs.ts";
import { startReceiver, type Receiver } from "./support/https-receiver.ts";

// The machine is shared: allow for a loaded CPU.
setDefaultTimeout(60_000);

let t: JobsServer;
let rx: Receiver;
beforeAll(async () => {
  rx = startReceiver();
  t = await startJobsServer({ ZW_CALLBACK_CA_FILE: rx.caFile, ZW_CALLBACK_DELAYS_S: "0,0.1,0.2,0.3,0.4,0.5" });
});
afterAll(async () => {
  await t.stop();
  rx.stop();
});

const hookFor = (id: string) => rx.received.filter((r) => JSON.parse(r.body).data.id === id);

test("one signed POST when the job ends: body, event, signature, state delivered", async () => {
  rx.answer = () => 204;
  const { body: job } = await submit(t, { type: "zone_lookup", domains: names(120), callback_url: rx.url });
  expect(job.callback).toEqual({ url: rx.url, status: "pending", attempts: 0, last_error: null });
  const j = await waitFor(t, job.id, (x) => x.callback?.status === "delivered");
  expect(j.callback).toEqual({ url: rx.url, status: "delivered", attempts: 1, last_error: null });
  const [hit] = hookFor(job.id);
  expect(hit).toBeDefined();
  expect(hit!.headers.get("zonewise-event")).toBe("job.succeeded");
  expect(hit!.headers.get("zonewise-delivery")).toBe(`${job.id}.job.succeeded`);
  expect(hit!.headers.get("content-type")).toBe("application/json");
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(hit!.headers.get("zonewise-signature")!);
  expect(m).not.toBeNull();
  expect(m![2]).toBe(createHmac("sha256", t.secret).update(`${m![1]}.${hit!.body}`).digest("hex"));
  expect(Math.abs(Number(m![1]) - Date.now() / 1000)).toBeLessThan(30);
  const body = JSON.parse(hit!.body);
  expect(Object.keys(body).sort()).toEqual(["created", "data", "type"]);
  expect(body.type).toBe("job.succeeded");
  expect(body.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(body.data).toMatchObject({ id: job.id, status: "succeeded", done: 120, credits_charged: 12 });
  await Bun.sleep(300);
  expect(hookFor(job.id).length).toBe(1);
});

test("a receiver that always fails: six attempts on the schedule, then gave_up; the job is unaffected", async () => {
  rx.answer = (r) => (JSON.parse(r.body).data.id ? 500 : 200);
  const { body: job } = await submit(t, { type: "categorize", domains: names(50), callback_url: rx.url });
  const j = await waitFor(t, job.id, (x) => x.callback?.status === "gave_up", 15_000);
  expect(j.callback).toEqual({ url: rx.url, status: "gave_up", attempts: 6, last_error: "receiver answered HTTP 500" });
  expect(j.status).toBe("succeeded");
  const hits = hookFor(job.id);
  expect(hits.length).toBe(6);
  // One delivery, six attempts: one id to deduplicate on; each attempt signed afresh.
  expect(new Set(hits.map((h) => h.headers.get("zonewise-delivery")))).toEqual(new Set([`${job.id}.job.succeeded`]));
  // At least the scheduled spacing after the end (0, 0.1, ... 0.5 s after finished).
  const finished = Date.parse(j.finished);
  hits.forEach((h, i) => expect(h.at).toBeGreaterThanOrEqual(finished + i * 100 - 5));
  expect((await rows(t, job.id)).length).toBe(50);
});

test("a receiver that hangs holds up neither the runner nor other callbacks", async () => {
  // The job of 10 names (no other job of this file has 10) hangs its receiver: chosen by the
  // body, since its callback may arrive before the submit answer gives its id.
  rx.answer = (r) => (JSON.parse(r.body).data.total === 10 ? "hang" : 200);
  const first = (await submit(t, { type: "zone_lookup", domains: names(10), callback_url: rx.url })).body.id;
  await waitFor(t, first, (x) => hookFor(first).length > 0 || x.callback?.status !== "pending");
  const second = (await submit(t, { type: "zone_lookup", domains: names(300), callback_url: rx.url })).body.id;
  const j2 = await waitFor(t, second, (x) => x.callback?.status === "delivered", 5_000);
  expect(j2.status).toBe("succeeded");
  const j1 = await (await t.fetch(`/v1/jobs/${first}`)).json();
  expect(j1.status).toBe("succeeded");
  expect(["retrying", "pending"]).toContain(j1.callback.status); // its first attempt is still waiting (10 s timeout)
});

test("a cancelled queued job gets its callback too (job.cancelled)", async () => {
  rx.answer = () => 200;
  t.fake.opts = { delayMs: 300 };
  const blocker = (await submit(t, { type: "appraise", domains: names(300) })).body.id;
  const q = (await submit(t, { type: "appraise", domains: names(5), callback_url: rx.url })).body.id;
  await t.fetch(`/v1/jobs/${q}`, { method: "DELETE" });
  const j = await waitFor(t, q, (x) => x.callback?.status === "delivered");
  expect(j.status).toBe("cancelled");
  expect(hookFor(q)[0]!.headers.get("zonewise-event")).toBe("job.cancelled");
  await t.fetch(`/v1/jobs/${blocker}`, { method: "DELETE" });
  t.fake.opts = {};
  await waitFor(t, blocker, isFinal);
});
