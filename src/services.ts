/**
 * What a capability's service may use. Built once in main.ts (or the test harness) and
 * handed to every endpoint; capabilities never reach for globals.
 *
 * Each capability's service is a typed, optional member: absent until that capability has
 * started (no index file yet, a capability left out of the list). Endpoints reach them
 * through the capability's own accessor (`zoneServiceOf`, `lookupsOf`, `classifyServiceOf`,
 * `jobsService`), which answers the right ApiError when the member is absent; nothing reads
 * them through a cast.
 */
import type { JobsAccounting } from "./capabilities/account/routes.ts";
import type { ClassifyService } from "./capabilities/classify/service.ts";
import type { ChunkExecutor } from "./capabilities/jobs/executor.ts";
import type { JobQueue } from "./capabilities/jobs/queue.ts";
import type { Runner } from "./capabilities/jobs/runner.ts";
import type { JobsService } from "./capabilities/jobs/service.ts";
import type { LookupService } from "./capabilities/lookups/service.ts";
import type { ZoneService } from "./capabilities/zone/service.ts";
import type { Config } from "./config.ts";
import type { Observer } from "./observe/observer.ts";
import type { Pool } from "./pool/pool.ts";
import type { SqliteStore } from "./store/sqlite.ts";
import type { Store } from "./store/types.ts";

export interface Services {
  config: Config;
  /** Keys, usage and rate windows: what every request is authenticated and metered against. */
  store: Store;
  /**
   * The same store when it is the SQLite one: the SQLite-specific parts (jobs) share its
   * file and transactions. Absent with another implementation (src/store/memory.ts), in
   * which case the jobs capability cannot start.
   */
  sqlite?: SqliteStore;
  /** Worker threads for CPU batches (inline when ZW_WORKERS=0). */
  pool: Pool;
  /** Where surprises go (stderr in production; tests pass their own). */
  log: (e: unknown) => void;
  /** Logger and metrics (src/observe): hooks call `observerOf(services)`. */
  observe?: Observer;

  /** The zone index on the main thread (zone capability). */
  zone?: ZoneService;
  /** Camelcase and categorize batches (classify capability). */
  classify?: ClassifyService;
  /** RDAP, WHOIS and DNS clients (lookups capability). */
  lookups?: LookupService;
  /** Submit, status, results and cancel (jobs capability). */
  jobs?: JobsService;
  /** The job lanes' runner (jobs capability). */
  jobsRunner?: Runner;
  /** Names in flight and results bytes for GET /v1/usage (jobs capability). */
  jobsAccounting?: JobsAccounting;
  /** When set, runs job chunks instead of the worker pool: the seam tests use. */
  jobsExecutor?: ChunkExecutor;
  /** When set before the jobs capability starts, the job queue it uses instead of the SQLite one. */
  jobQueue?: JobQueue;
}

/** The SQLite store the jobs capability shares, or a clear refusal to start without it. */
export function sqliteOf(services: Services): SqliteStore {
  if (!services.sqlite) throw new Error("jobs: needs the SQLite store (src/store/sqlite.ts); this server runs another store");
  return services.sqlite;
}
