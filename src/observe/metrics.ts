/**
 * The service's Prometheus metrics (prom-client), one registry per running server.
 *
 * Bounded labels only: operation ids from src/operations.ts (plus the few public pages),
 * HTTP status codes, error codes from src/http/errors.ts, usage buckets, job types, pool
 * task names, lookup kinds and registries (extensions the RDAP bootstrap knows, resolvers
 * of ZW_DNS_SERVERS). Never a key, a path or a domain.
 *
 * Hot-path figures (requests, durations, storage calls) are counted into bound children,
 * looked up once per label set; figures the service already keeps (pool, job lanes, zone
 * index) are read at scrape time by `collect`, so they cost nothing per request. Everything
 * is counted on the main thread: workers report through the pool (task duration, failures,
 * restarts are measured where their replies arrive), so a worker that dies and is replaced
 * loses no count.
 */
import client from "prom-client";
import { FastCounter, FastHistogram } from "./fast-metrics.ts";

const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const STORAGE_BUCKETS = [0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.05, 0.25];
const TASK_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/** Facts read at scrape time (the same the health page shows). */
export interface ScrapeSources {
  pool(): { workers: number; busy: number; queued: number; completed: number; restarts: number };
  health(): Record<string, unknown>;
  zoneIndexBytes(): number;
}

interface LaneFacts {
  running: number;
  queued: number;
  queued_names: number;
  names_per_s: number;
}

export class Metrics {
  readonly registry = new client.Registry();
  private sources: ScrapeSources | null = null;

  readonly requests = new FastCounter(this.registry, "zw_http_requests_total", "HTTP requests answered, by operation and status code");
  readonly duration = new FastHistogram(
    this.registry,
    "zw_http_request_duration_seconds",
    "Time from a request's arrival to its answer's headers, by operation",
    LATENCY_BUCKETS,
  );
  readonly errors = this.counter("zw_http_errors_total", "Error answers (4xx and 5xx) by operation and error code (docs/errors.md)", ["operation", "code"]);
  readonly refusals = this.counter(
    "zw_refusals_total",
    "Requests refused by a per-minute limit (rate), the daily quota (quota) or the names-in-flight cap (in_flight), by operation",
    ["operation", "reason"],
  );
  readonly charged = new FastCounter(this.registry, "zw_credits_charged_total", "Credits kept for answered requests (X-Credits-Charged), by operation");
  readonly reserved = this.counter("zw_credits_reserved_total", "Credits reserved against the daily quota (requests and job submissions), by usage bucket", [
    "bucket",
  ]);
  readonly refunded = this.counter("zw_credits_refunded_total", "Credits given back (errors, error rows, jobs that ended early), by usage bucket", ["bucket"]);
  readonly storage = new FastHistogram(this.registry, "zw_storage_seconds", "Time of storage calls on the request path, by call", STORAGE_BUCKETS);
  readonly tasks = new client.Histogram({
    name: "zw_pool_task_duration_seconds",
    help: "Worker pool tasks from submission to reply (queue wait included), by task",
    labelNames: ["task"],
    buckets: TASK_BUCKETS,
    registers: [this.registry],
  });
  readonly taskFailures = this.counter("zw_pool_task_failures_total", "Worker pool tasks that ended in an error, by task", ["task"]);
  readonly chunkRetries = this.counter("zw_job_chunk_retries_total", "Job chunk rows retried after an error row or a failed chunk attempt, by job type", [
    "type",
  ]);
  readonly jobsFinished = this.counter("zw_jobs_finished_total", "Jobs that reached a final state, by type and status", ["type", "status"]);
  readonly jobNames = this.counter("zw_job_names_done_total", "Names written to job results, by job type", ["type"]);
  readonly callbacks = this.counter(
    "zw_job_callbacks_total",
    "Callback attempts by outcome: delivered, retrying (failed, another attempt scheduled), gave_up",
    ["outcome"],
  );
  readonly zoneSwaps = this.counter("zw_zone_index_swaps_total", "Zone index files swapped in (the first load included)", []);
  readonly zoneRefusals = this.counter("zw_zone_index_refusals_total", "Zone index files refused by the check", []);
  readonly lookupCache = this.counter("zw_lookup_cache_total", "RDAP/WHOIS and DNS cache look-ups, by kind and result (hit, miss)", ["kind", "result"]);
  readonly upstreamErrors = this.counter(
    "zw_lookup_upstream_errors_total",
    "Upstream failures (no answer, timeout, refused) by kind and registry (extension for RDAP/WHOIS, resolver for DNS)",
    ["kind", "registry"],
  );

  private readonly storageCalls = new Map<string, number>();

  constructor() {
    const gauge = (name: string, help: string, labelNames: string[], collect: (g: client.Gauge<string>) => void) =>
      new client.Gauge({
        name,
        help,
        labelNames,
        registers: [this.registry],
        collect() {
          collect(this);
        },
      });
    const pool = () => this.sources?.pool() ?? null;
    gauge("zw_pool_workers", "Worker threads in the pool", [], (g) => g.set(pool()?.workers ?? 0));
    gauge("zw_pool_busy", "Workers running a task now", [], (g) => g.set(pool()?.busy ?? 0));
    gauge("zw_pool_queue_depth", "Tasks waiting for a worker", [], (g) => g.set(pool()?.queued ?? 0));
    // Counters the pool keeps itself, exposed as counters.
    const kept = (name: string, help: string, read: () => number) =>
      new client.Counter({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    kept("zw_pool_restarts_total", "Workers replaced after dying or going silent", () => pool()?.restarts ?? 0);
    kept("zw_pool_tasks_completed_total", "Tasks the pool completed", () => pool()?.completed ?? 0);
    const lanes = () => (this.sources?.health().jobs ?? {}) as Record<string, LaneFacts | string>;
    const laneGauge = (name: string, help: string, field: keyof LaneFacts) =>
      gauge(name, help, ["type"], (g) => {
        g.reset();
        for (const [type, f] of Object.entries(lanes())) if (typeof f === "object") g.set({ type }, f[field]);
      });
    laneGauge("zw_job_lane_queued_names", "Names waiting in a job lane", "queued_names");
    laneGauge("zw_job_lane_queued_jobs", "Jobs queued in a job lane", "queued");
    laneGauge("zw_job_lane_running_jobs", "Jobs running in a job lane", "running");
    laneGauge("zw_job_lane_names_per_second", "Names per second a job lane processed recently", "names_per_s");
    const zone = () => {
      const z = this.sources?.health().zone_index as { loaded: boolean; built_at?: string; total_domains?: number } | undefined;
      return z?.loaded ? z : null;
    };
    gauge("zw_zone_index_loaded", "1 when a zone index is served", [], (g) => g.set(zone() ? 1 : 0));
    gauge("zw_zone_index_domains", "Domains in the zone index served", [], (g) => g.set(zone()?.total_domains ?? 0));
    gauge("zw_zone_index_bytes", "Size of the zone index file served", [], (g) => g.set(zone() ? (this.sources?.zoneIndexBytes() ?? 0) : 0));
    gauge("zw_zone_index_built_timestamp_seconds", "When the zone index served was built (Unix seconds)", [], (g) => {
      const t = Date.parse(zone()?.built_at ?? "");
      g.set(Number.isFinite(t) ? t / 1000 : 0);
    });
    gauge("zw_zone_index_age_seconds", "Seconds since the zone index served was built", [], (g) => {
      const t = Date.parse(zone()?.built_at ?? "");
      g.set(Number.isFinite(t) ? Math.max(0, (Date.now() - t) / 1000) : 0);
    });
    client.collectDefaultMetrics({ register: this.registry, prefix: "zw_", eventLoopMonitoringPrecision: 20 });
  }

  private counter(name: string, help: string, labelNames: string[]): client.Counter<string> {
    return new client.Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /** Where the scrape-time figures come from (set once the server is up). */
  setSources(s: ScrapeSources): void {
    this.sources = s;
  }

  /** One answered request; `opIndex` numbers `operation` (OperationMap). */
  request(opIndex: number, operation: string, status: number, seconds: number, charged: number): void {
    const k = opIndex * 1000 + status;
    if (!this.requests.inc(k)) this.requests.add(k, { operation, status: String(status) });
    if (!this.duration.observe(opIndex, seconds)) this.duration.add(opIndex, { operation }, seconds);
    if (charged > 0 && !this.charged.inc(opIndex, charged)) this.charged.add(opIndex, { operation }, charged);
  }

  /** One error answer with its code. */
  error(operation: string, code: string): void {
    this.errors.inc({ operation, code });
    if (code === "rate_limited") this.refusals.inc({ operation, reason: "rate" });
    else if (code === "quota_exceeded") this.refusals.inc({ operation, reason: "quota" });
    else if (code === "in_flight_exceeded") this.refusals.inc({ operation, reason: "in_flight" });
  }

  /** A number for a storage call's name, for `storageCall` (taken once, when the store is instrumented). */
  storageKey(call: string): number {
    let k = this.storageCalls.get(call);
    if (k === undefined) this.storageCalls.set(call, (k = this.storageCalls.size));
    return k;
  }

  storageCall(key: number, call: string, seconds: number): void {
    if (!this.storage.observe(key, seconds)) this.storage.add(key, { call }, seconds);
  }

  /** The text format a Prometheus server scrapes. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
