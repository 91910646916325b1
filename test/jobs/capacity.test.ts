/**
 * Lane capacity and deadlines with a 2-second start horizon (ZW_JOB_DEADLINE_S=2) and the
 * runner stopped: 503 with estimated_wait_seconds and Retry-After when the lane cannot start
 * the job in time, queued jobs expiring at their deadline with every credit refunded; and
 * callback URLs refused when they point at private addresses (ZW_CALLBACK_ALLOW_PRIVATE=0).
 */
import { afterAll, beforeAll, expect, test, setDefaultTimeout } from "bun:test";
import type { Runner } from "../../src/capabilities/jobs/runner.ts";
import { names, startJobsServer, submit, usage, waitFor, type JobsServer } from "./support/jobs.ts";

// The machine is shared: allow for a loaded CPU.
setDefaultTimeout(60_000);

let t: JobsServer;
beforeAll(async () => {
  t = await startJobsServer({ ZW_JOB_DEADLINE_S: "2", ZW_CALLBACK_ALLOW_PRIVATE: "0" });
  await (t.server.services.jobsRunner as Runner).stop();
});
afterAll(() => t.stop());

test("503 when the lane cannot start the job within the horizon; queued jobs expire with a full refund", async () => {
  const key = t.newKey("cap", 1_000_000).key;
  // The lane's rate starts at the indicative 20,000 names/s: 30,000 names ahead = 1.5 s.
  const a = await submit(t, { type: "zone_lookup", domains: names(30_000) }, key);
  expect(a.r.status).toBe(202);
  expect(a.body.position).toBe(1);
  const b = await submit(t, { type: "zone_lookup", domains: names(30_000) }, key);
  expect(b.r.status).toBe(202);
  expect(b.body.position).toBe(2);
  expect(Date.parse(b.body.estimated_start) - Date.parse(b.body.created)).toBeCloseTo(1500, -2);
  const c = await submit(t, { type: "zone_lookup", domains: names(30_000) }, key);
  expect(c.r.status).toBe(503);
  expect(c.body.error).toBe("job cannot start within 2 seconds");
  expect(c.body.estimated_wait_seconds).toBe(3);
  expect(Number(c.r.headers.get("retry-after"))).toBe(1);
  expect((await usage(t, key)).credits_used).toBe(6000);
  // Nothing runs: both expire at their deadline and every credit comes back.
  const ja = await waitFor(t, a.body.id, (j) => j.status === "expired", 6000, key);
  expect(ja).toMatchObject({ done: 0, credits_reserved: 3000, credits_refunded: 3000, credits_charged: 0, results_url: null });
  await waitFor(t, b.body.id, (j) => j.status === "expired", 6000, key);
  const u = await usage(t, key);
  expect(u.credits_used).toBe(0);
  expect(u.names_in_flight).toBe(0);
  const r = await t.fetch(`/v1/jobs/${a.body.id}/results`, { key });
  expect(r.status).toBe(410); // an expired job's results are gone (here: never made)
});

test("callback URLs that resolve to private, loopback or link-local addresses are refused", async () => {
  const key = t.newKey("cb", 1000).key;
  for (const url of [
    "https://127.0.0.1/h",
    "https://10.1.2.3/h",
    "https://[::1]/h",
    "https://169.254.169.254/latest",
    "https://localhost:8443/h",
    "https://192.168.1.1/",
    "https://[fd00:ec2::254]/",
  ]) {
    const { r, body } = await submit(t, { type: "zone_lookup", domains: ["a.com"], callback_url: url }, key);
    expect(r.status).toBe(400);
    expect(body.error).toMatch(/^callback_url: host ".+" resolves to a private, loopback or link-local address$/);
  }
  const bad = await submit(t, { type: "zone_lookup", domains: ["a.com"], callback_url: "not a url" }, key);
  expect(bad.body.error).toBe('callback_url: "not a url" is not a valid URL');
  expect((await usage(t, key)).credits_used).toBe(0);
});
