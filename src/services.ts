/**
 * What a capability's service may use. Built once in main.ts (or the test harness) and
 * handed to every endpoint; capabilities never reach for globals. Optional members are
 * capabilities that may be absent (no index file yet, pool disabled with ZW_WORKERS=0).
 */
import type { Config } from "./config.ts";
import type { Observer } from "./observe/observer.ts";
import type { Pool } from "./pool/pool.ts";
import type { SqliteStore } from "./store/sqlite.ts";

export interface Services {
  config: Config;
  store: SqliteStore;
  /** Worker threads for CPU batches (inline when ZW_WORKERS=0). */
  pool: Pool;
  /** Where surprises go (stderr in production; tests pass their own). */
  log: (e: unknown) => void;
  /** Logger and metrics (src/observe): hooks call `observerOf(services)`. */
  observe?: Observer;
  /** Capability services register themselves here by name (see each capability's wiring). */
  [capability: string]: unknown;
}
