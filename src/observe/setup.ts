/**
 * Observing a server: the logger (always), the metrics (when ZW_METRICS_PORT is set) with
 * the store and pool instrumented, the wrapper every request passes, and the metrics
 * listener. main.ts calls this once per server.
 */
import fs from "node:fs";
import type { DestinationStream } from "pino";
import type { Config } from "../config.ts";
import type { Authenticator } from "../http/auth.ts";
import type { Pool } from "../pool/pool.ts";
import type { Store } from "../store/types.ts";
import { observeFetch, OperationMap, serveMetrics } from "./http.ts";
import { instrumentPool, instrumentStore } from "./instrument.ts";
import { createLogger } from "./logger.ts";
import { Metrics } from "./metrics.ts";
import { Observer } from "./observer.ts";

export interface ObserveOptions {
  /** Takes the log lines instead of standard output or ZW_LOG_FILE (tests read them). */
  logStream?: DestinationStream;
}

export function setUpObserving(config: Config, store: Store, pool: Pool, opts: ObserveOptions) {
  const { logger, flush, out } = createLogger(config, opts.logStream);
  const metrics = config.metricsPort === null ? null : new Metrics();
  if (metrics !== null) {
    instrumentStore(store, metrics);
    instrumentPool(pool, metrics);
  }
  const observer = new Observer(logger, metrics, out);
  const operations = new OperationMap();
  return {
    observer,
    flush,
    wrap<S>(fetch: (req: Request, server: S) => Response | Promise<Response>, auth: Authenticator) {
      return observeFetch(fetch, { observer, operations, keyName: (h) => auth.cachedName(h) });
    },
    /** Starts the metrics listener when metrics are on; its port, or null. */
    serveMetrics(read: () => { pool: ReturnType<Pool["stats"]>; health: Record<string, unknown> }): { port: number; stop(): void } | null {
      if (metrics === null || config.metricsPort === null) return null;
      let last: { at: number; v: ReturnType<typeof read> } | null = null;
      // One read of the health facts per scrape, however many metrics use them.
      const facts = () => {
        const now = Date.now();
        if (last === null || now - last.at > 100) last = { at: now, v: read() };
        return last.v;
      };
      metrics.setSources({
        pool: () => facts().pool,
        health: () => facts().health,
        zoneIndexBytes: () => {
          try {
            return fs.statSync(config.zoneIndex).size;
          } catch {
            return 0;
          }
        },
      });
      return serveMetrics(observer, config.metricsHost, config.metricsPort);
    },
  };
}
