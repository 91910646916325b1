/**
 * The server under test, in its own process: `full` is the real service (startServer, every
 * hook of the pipeline, SQLite, a real key); `bare` is Elysia routes with no pipeline: the
 * ping body, and at /v1/usage a constant object of the usage answer's shape and size (so
 * the pipeline's cost can be told from the cost of sending a 560-byte body).
 * Prints one JSON line {port, key} when ready.
 */
import { Elysia } from "elysia";
import { serveForBench } from "../support/serve.ts";

const mode = process.argv[2] ?? "full";
if (mode === "bare") {
  const usage = {
    key: "bench-0",
    date: "2026-11-23",
    credits_used: 0,
    credits_remaining: 1000000000,
    daily_quota: 1000000000,
    resets_at: "2026-11-24T00:00:00.000Z",
    by_endpoint: { appraise: 0, zone: 0, categorize: 0, rdap: 0, dns: 0, camelcase: 0 },
    rate_limits_per_minute: { appraise: 30, appraise_bulk: 6, categorize: 12, camelcase: 60, zone: 20, zone_lookup: 12, jobs: 12, rdap: 6, dns: 12 },
    batch_limits: { appraise_bulk: 500, categorize: 100, camelcase: 1000, zone_lookup: 5000, rdap: 10, dns: 50 },
    names_in_flight: 0,
    names_in_flight_cap: 5000000,
    results_storage_bytes: 0,
  };
  const app = new Elysia()
    .get("/v1/ping", () => ({ ok: true, key: "bare" }))
    .get("/v1/usage", () => ({ ...usage, by_endpoint: { ...usage.by_endpoint } }))
    .listen({ hostname: "127.0.0.1", port: 0 });
  console.log(JSON.stringify({ port: app.server!.port, key: "none" }));
} else {
  await serveForBench({ name: "http", keys: 1, env: { ZW_WORKERS: "0" } });
}
