/**
 * GET /metrics after a known sequence of requests: scraped over HTTP from the metrics
 * listener and read with a Prometheus text parser, every count checked exactly.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { family, scrape, startLoggedServer, value, type LoggedServer } from "./support.ts";

let s: LoggedServer;
beforeAll(async () => {
  s = await startLoggedServer({ ZW_METRICS_PORT: "0" });
});
afterAll(() => s?.stop());

test("metrics are not on the API port, and off unless ZW_METRICS_PORT is set", async () => {
  expect((await fetch(`${s.url}/metrics`)).status).toBe(404);
  expect(s.metricsUrl).not.toBeNull();
  const off = await startLoggedServer();
  try {
    expect(off.metricsUrl).toBeNull();
  } finally {
    await off.stop();
  }
});

test("a known sequence of requests is counted exactly", async () => {
  const before = await scrape(s.metricsUrl!);
  expect(value(before, "zw_http_requests_total", { operation: "ping", status: "200" })).toBe(0);

  for (let i = 0; i < 3; i++) expect((await s.fetch("/v1/ping")).status).toBe(200);
  expect((await s.fetch("/v1/ping", { key: "zw_live_" + "x".repeat(32) })).status).toBe(401);
  expect((await s.post("/v1/zone/count", { term: "shop", position: "starts" })).status).toBe(200);
  expect((await s.post("/v1/zone/count", { term: "x", position: "starts" })).status).toBe(400);
  const poor = s.newKey("poor", 1);
  expect((await s.post("/v1/zone/count", { term: "shop", position: "starts" }, poor.key)).status).toBe(429);
  expect((await s.fetch("/no/such/path")).status).toBe(404);
  expect((await s.fetch("/v1/zone/stats")).status).toBe(200);

  const m = await scrape(s.metricsUrl!);
  const req = (operation: string, status: string) => value(m, "zw_http_requests_total", { operation, status });
  expect(req("ping", "200")).toBe(3);
  expect(req("ping", "401")).toBe(1);
  expect(req("zone_count", "200")).toBe(1);
  expect(req("zone_count", "400")).toBe(1);
  expect(req("zone_count", "429")).toBe(1);
  expect(req("zone_stats", "200")).toBe(1);
  expect(req("unmatched", "404")).toBe(2); // the /metrics probe on the API port, and /no/such/path
  const err = (operation: string, code: string) => value(m, "zw_http_errors_total", { operation, code });
  expect(err("ping", "unauthorized")).toBe(1);
  expect(err("zone_count", "invalid_request")).toBe(1);
  expect(err("zone_count", "quota_exceeded")).toBe(1);
  expect(value(m, "zw_refusals_total", { operation: "zone_count", reason: "quota" })).toBe(1);
  expect(value(m, "zw_credits_charged_total", { operation: "zone_count" })).toBe(2);
  expect(value(m, "zw_credits_charged_total", { operation: "zone_stats" })).toBe(1);
  expect(value(m, "zw_credits_reserved_total", { bucket: "zone" })).toBe(3);
  expect(value(m, "zw_credits_refunded_total", { bucket: "zone" })).toBe(0);

  // Latency histogram: one observation per answered request of the operation.
  expect(m.types.get("zw_http_request_duration_seconds")).toBe("histogram");
  expect(value(m, "zw_http_request_duration_seconds_count", { operation: "ping" })).toBe(4);
  expect(value(m, "zw_http_request_duration_seconds_bucket", { operation: "ping", le: "+Inf" })).toBe(4);
  expect(value(m, "zw_http_request_duration_seconds_count", { operation: "zone_count" })).toBe(3);

  // Storage timings: the rate hits of the three metered zone requests, one reserve each for the two that got that far.
  expect(value(m, "zw_storage_seconds_count", { call: "rate.hit" })).toBe(4);
  expect(value(m, "zw_storage_seconds_count", { call: "usage.reserve" })).toBe(3);

  // Read at scrape time from what /healthz shows.
  const health = (await (await fetch(`${s.url}/healthz`)).json()) as { zone_index: { total_domains: number }; pool: { workers: number } };
  expect(value(m, "zw_zone_index_domains")).toBe(health.zone_index.total_domains);
  expect(value(m, "zw_zone_index_loaded")).toBe(1);
  expect(value(m, "zw_zone_index_bytes")).toBeGreaterThan(0);
  expect(value(m, "zw_zone_index_swaps_total")).toBe(1);
  expect(value(m, "zw_pool_workers")).toBe(health.pool.workers);
  expect(
    family(m, "zw_job_lane_queued_names")!
      .metrics.map((x) => x.labels?.type)
      .sort(),
  ).toEqual(["appraise", "categorize", "zone_lookup"]);
});

test("no label carries a key, a path or a domain", async () => {
  await s.fetch("/v1/some/secret-path-zw_live_abc");
  const text = await (await fetch(s.metricsUrl!)).text();
  expect(text).not.toContain("secret-path");
  expect(text).not.toContain(s.key);
  expect(text).not.toContain("shop");
});

test("the metrics listener answers only GET /metrics", async () => {
  const base = s.metricsUrl!.replace(/\/metrics$/, "");
  const r = await fetch(`${base}/other`);
  expect(r.status).toBe(404);
  expect(((await r.json()) as { code: string }).code).toBe("not_found");
  expect((await fetch(s.metricsUrl!, { method: "POST" })).status).toBe(405);
});

test("every metric is documented in docs/operations.md, and the dashboard and alerts use only metrics that exist", async () => {
  const fs = await import("node:fs");
  const path = await import("node:path");
  const { REPO } = await import("../support/paths.ts");
  const m = await scrape(s.metricsUrl!);
  const names = new Set(m.types.keys());
  const doc = fs.readFileSync(path.join(REPO, "docs/operations.md"), "utf8");
  const ours = [...names].filter((n) => !/^zw_(process|nodejs)_/.test(n));
  expect(ours.length).toBeGreaterThan(25);
  for (const n of ours) expect(doc).toContain(`\`${n}\``);
  const dash = fs.readFileSync(path.join(REPO, "docs/grafana-dashboard.json"), "utf8");
  JSON.parse(dash);
  const used = new Set(
    [...`${dash}\n${doc}`.matchAll(/\bzw_[a-z0-9_]+/g)].map((x) => x[0].replace(/_(bucket|sum|count)$/, "")).filter((n) => n !== "zw_live_"),
  );
  expect([...used].filter((n) => !names.has(n))).toEqual([]);
});
