/**
 * A job carries the id of the request that submitted it (job object, status, callback body,
 * log lines), and its life shows in the metrics: chunks, names, final state, callback outcome.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { startReceiver, type Receiver } from "../jobs/support/https-receiver.ts";
import { names, waitFor } from "../jobs/support/jobs.ts";
import { scrape, startLoggedServer, value, type LoggedServer } from "./support.ts";

setDefaultTimeout(60_000);
let s: LoggedServer;
let rx: Receiver;
beforeAll(async () => {
  rx = startReceiver();
  s = await startLoggedServer({ ZW_METRICS_PORT: "0", ZW_CHUNK_SIZE: "50", ZW_CALLBACK_CA_FILE: rx.caFile, ZW_CALLBACK_DELAYS_S: "0,0.1" });
});
afterAll(async () => {
  await s?.stop();
  rx?.stop();
});

test("the submitting request's id is on the job, its status, its callback and its log lines", async () => {
  rx.answer = () => 204;
  const r = await s.fetch("/v1/jobs", {
    method: "POST",
    headers: { "content-type": "application/json", "x-request-id": "submit-case-7" },
    body: JSON.stringify({ type: "zone_lookup", domains: names(120), callback_url: rx.url }),
  });
  expect(r.status).toBe(202);
  expect(r.headers.get("x-request-id")).toBe("submit-case-7");
  const job = (await r.json()) as { id: string; request_id: string };
  expect(job.request_id).toBe("submit-case-7");
  const done = await waitFor(s, job.id, (j) => j.callback?.status === "delivered");
  expect(done.status).toBe("succeeded");
  expect(done.request_id).toBe("submit-case-7");
  const hit = rx.received.find((x) => JSON.parse(x.body).data.id === job.id)!;
  expect(JSON.parse(hit.body).data.request_id).toBe("submit-case-7");

  const jobLines = s.lines.filter((l) => l.job === job.id);
  // The runner may pick the job up before the submit route has logged it: queued and running in either order.
  expect(jobLines.map((l) => l.msg).slice(2)).toEqual(["job succeeded", "callback delivered"]);
  expect(
    jobLines
      .map((l) => l.msg)
      .slice(0, 2)
      .sort(),
  ).toEqual(["job queued", "job running"]);
  expect(jobLines.find((l) => l.msg === "job queued")).toMatchObject({ request_id: "submit-case-7", type: "zone_lookup", names: 120 });
  expect(s.lines.find((l) => l.id === "submit-case-7")).toMatchObject({ msg: "request", op: "jobs_submit", status: 202, credits: 12 });

  const m = await scrape(s.metricsUrl!);
  expect(value(m, "zw_jobs_finished_total", { type: "zone_lookup", status: "succeeded" })).toBe(1);
  expect(value(m, "zw_job_names_done_total", { type: "zone_lookup" })).toBe(120);
  expect(value(m, "zw_job_callbacks_total", { outcome: "delivered" })).toBe(1);
  expect(value(m, "zw_credits_reserved_total", { bucket: "zone" })).toBe(12);
  expect(value(m, "zw_credits_charged_total", { operation: "jobs_submit" })).toBe(12);
  // Three chunks of 50, 50 and 20 names on the pool.
  expect(value(m, "zw_pool_task_duration_seconds_count", { task: "jobs.chunk" })).toBe(3);
  expect(s.raw.join("\n")).not.toContain(s.secret);
});

test("a job submitted without an id gets the one the server made", async () => {
  const r = await s.post("/v1/jobs", { type: "zone_lookup", domains: names(3) });
  expect(r.status).toBe(202);
  const job = (await r.json()) as { id: string; request_id: string };
  expect(job.request_id).toBe(r.headers.get("x-request-id")!);
  const status = (await (await s.fetch(`/v1/jobs/${job.id}`)).json()) as { request_id: string };
  expect(status.request_id).toBe(job.request_id);
});
