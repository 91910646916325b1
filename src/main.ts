/**
 * Starting and stopping the service: store, capabilities, app, listener. `cli serve` and
 * the test harness both call startServer, so tests run exactly what production runs.
 */
import { buildApp } from "./app.ts";
import { ConfigError, ensureDataDir, redactUrl, type Config } from "./config.ts";
import { refundOpen } from "./http/meter.ts";
import { publicRoutes } from "./http/public.ts";
import { CAPABILITIES, ENDPOINTS, RAW_OPENAPI, RAW_RATED, RAW_ROUTES } from "./routes.ts";
import type { Services } from "./services.ts";
import { createPool } from "./pool/pool.ts";
import { openPostgresStore } from "./store/postgres/store.ts";
import { openStore, type SqliteStore } from "./store/sqlite.ts";
import type { Store } from "./store/types.ts";
import { BROADCASTS, TASKS } from "../workers/tasks.ts";
import { startCapabilities } from "./wiring.ts";
import { Authenticator } from "./http/auth.ts";
import { setUpObserving, type ObserveOptions } from "./observe/setup.ts";

export interface RunningServer {
  url: string;
  port: number;
  services: Services;
  /** The metrics listener's port (ZW_METRICS_PORT), null when metrics are off. */
  metricsPort: number | null;
  /** The app without the socket (benchmarks of the pipeline's own cost), request ids, metrics and log included. */
  handle(request: Request): Promise<Response>;
  stop(): Promise<void>;
}

export async function startServer(config: Config, opts: { log?: (e: unknown) => void } & ObserveOptions = {}): Promise<RunningServer> {
  ensureDataDir(config.dataDir);
  const { store, sqlite } = await openConfiguredStore(config);
  const pool = createPool({ size: config.workers, config, tasks: TASKS, broadcasts: BROADCASTS });
  const obs = setUpObserving(config, store, pool, opts);
  const log = opts.log ?? ((e: unknown) => obs.observer.fault(e));
  const services: Services = { config, store, sqlite, pool, log, observe: obs.observer };
  // The jobs tables live in the SQLite file and reserve through its transactions: on the
  // shared PostgreSQL store they would charge another ledger, so jobs are not started there
  // (their routes answer 503 "the jobs service is not running"; docs/deploy.md).
  const started = sqlite ? CAPABILITIES : CAPABILITIES.filter((c) => c.name !== "jobs");
  const caps = await startCapabilities(services, started).catch(async (e) => {
    await pool.stop();
    await store.close();
    throw e;
  });
  const auth = new Authenticator(store.keys);
  const app = buildApp(services, {
    auth,
    endpoints: ENDPOINTS,
    raw: RAW_ROUTES,
    rated: RAW_RATED,
    rawPaths: RAW_OPENAPI,
    pub: [publicRoutes(ENDPOINTS, RAW_OPENAPI, () => ({ pool: pool.stats(), ...caps.health() }))],
    log,
  });
  const fetch = obs.wrap(app.fetch, auth);
  let server: ReturnType<typeof listen>;
  let metricsServer: { port: number; stop(): void } | null = null;
  try {
    server = listen(fetch, config);
    app.server = server;
    metricsServer = obs.serveMetrics(() => ({ pool: pool.stats(), health: caps.health() }));
  } catch (e) {
    (server! as ReturnType<typeof listen> | undefined)?.stop(true);
    await caps.stop();
    await pool.stop();
    await store.close();
    throw new ConfigError(
      server! === undefined
        ? `cannot listen on ${config.host}:${config.port} (ZW_HOST, ZW_PORT): ${e instanceof Error ? e.message : String(e)}`
        : `cannot listen on ${config.metricsHost}:${config.metricsPort} (ZW_METRICS_HOST, ZW_METRICS_PORT): ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  const prune = setInterval(() => {
    try {
      const done = store.prune(Date.now());
      if (done instanceof Promise) done.catch(log);
    } catch (e) {
      log(e);
    }
  }, 60_000);
  prune.unref?.();
  let stopped = false;
  const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${server.port}`;
  obs.observer.logger.info({ url, metrics_port: metricsServer?.port ?? null, data_dir: config.dataDir, workers: config.workers }, "started");
  return {
    url,
    port: server.port!,
    metricsPort: metricsServer?.port ?? null,
    services,
    handle: async (request) => fetch(request, server),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(prune);
      obs.observer.logger.info("stopping");
      // No new connections; the requests in flight are answered, for up to ZW_SHUTDOWN_DRAIN_S.
      // Closing at once (as before) cut them off with their credits kept.
      const drainMs = config.shutdownDrainS * 1000;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const drained = await Promise.race([
        server.stop().then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), drainMs))),
      ]);
      clearTimeout(timer);
      if (!drained) await server.stop(true);
      // A request still running now gets no answer: what it reserved is given back.
      const cut = await refundOpen(store);
      if (cut > 0)
        obs.observer.logger.warn(
          { cut },
          `stopping: ${cut} request(s) still running after ${config.shutdownDrainS} s were cut off; their credits were refunded`,
        );
      await caps.stop();
      await pool.stop();
      metricsServer?.stop();
      await store.close();
      obs.observer.logger.info("stopped");
      obs.flush();
    },
  };
}

/**
 * The store ZW_DATABASE_URL chooses: PostgreSQL when set (migrated on first use; a
 * database that cannot be reached stops the start, naming the setting), else the SQLite
 * file in the data directory. Both keep usage days ZW_USAGE_RETENTION_DAYS.
 */
async function openConfiguredStore(config: Config): Promise<{ store: Store; sqlite?: SqliteStore }> {
  if (config.databaseUrl === null) {
    const sqlite = openStore(config.dataDir, config.usageRetentionDays);
    return { store: sqlite, sqlite };
  }
  try {
    return { store: await openPostgresStore(config.databaseUrl, { usageRetentionDays: config.usageRetentionDays }) };
  } catch (e) {
    throw new ConfigError(`ZW_DATABASE_URL: cannot use ${redactUrl(config.databaseUrl)}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * The socket: Bun's listener with the app's fetch behind the observing wrapper (every
 * request and answer passes it), under the options we choose over Elysia's defaults.
 */
function listen(fetch: (req: Request, server: Bun.Server<undefined>) => Response | Promise<Response>, config: Config) {
  return Bun.serve({
    fetch,
    hostname: config.host,
    port: config.port,
    // Our own reader caps bodies at 32 MB after auth; Bun's cap would answer before auth.
    maxRequestBodySize: 1024 * 1024 * 1024,
    idleTimeout: 60,
    // Elysia asks Bun for SO_REUSEPORT by default: a second server on the same port then
    // starts without a word and the kernel splits the connections between the two (one may
    // be an old build, or serve another data directory). A port in use must stop the start.
    reusePort: false,
    // Elysia's own listen would also hand Bun its routes; every answer must pass the wrapper.
    development: false,
  });
}
