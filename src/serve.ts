/** `cli serve`: first-start chores (demo key, sample index), then the server until a signal. */
import { ensureDataDir, redactUrl, type Config } from "./config.ts";
import { readCaFile } from "./capabilities/jobs/callbacks.ts";
import { checkBootstrapSetting } from "./capabilities/lookups/wiring.ts";
import { zoneServiceOf } from "./capabilities/zone/service.ts";
import { startServer } from "./main.ts";
import { openStore } from "./store/sqlite.ts";

/**
 * A first start on the SQLite store makes a "demo" key. On a shared PostgreSQL database
 * (ZW_DATABASE_URL) keys are made with `cli keys create` only: several nodes starting
 * together must not each add one, and a shared deployment has no use for a demo key.
 */
function ensureDemoKey(config: Config): void {
  if (config.databaseUrl !== null) return;
  const store = openStore(config.dataDir);
  try {
    if (store.keys.count() > 0) return;
    const issued = store.keys.create("demo");
    process.stdout.write(
      [
        "",
        '  A key named "demo" was created. It is shown only this once: keep it.',
        `    API key:        ${issued.key}`,
        `    webhook secret: ${issued.webhookSecret}`,
        `    daily quota:    ${issued.record.dailyQuota} credits`,
        "",
        `  Try: curl -H "Authorization: Bearer ${issued.key}" http://${config.host}:${config.port}/v1/ping`,
        "",
      ].join("\n") + "\n",
    );
  } finally {
    store.close();
  }
}

/**
 * The settings that name files, checked before the first-start chores: a bad one is a
 * ConfigError (one line from cli.ts, exit 2) before a data directory, demo key or sample
 * index is made, not a stack trace from deep in the start. The capabilities check again
 * where they read the files (the test harness starts the server without this).
 */
async function checkFileSettings(config: Config): Promise<void> {
  if (config.callbackCaFile) readCaFile(config.callbackCaFile);
  await checkBootstrapSetting(config);
  ensureDataDir(config.dataDir);
}

export async function runServe(config: Config): Promise<number> {
  await checkFileSettings(config);
  ensureDemoKey(config);
  // Loaded only here: the generator's word lists are large, and other commands never need them.
  await (await import("./sample-index.ts")).ensureSampleIndex(config);
  const server = await startServer(config);
  process.stdout.write(`zonewise listening on ${server.url} (data: ${config.dataDir})\n`);
  if (config.databaseUrl !== null) {
    process.stdout.write(
      `keys, usage and rate limits: PostgreSQL ${redactUrl(config.databaseUrl)}, shared with every node on it; jobs are not served on this store yet (POST /v1/jobs answers 503, docs/deploy.md)\n`,
    );
  }
  if (process.env.BUN_JSC_heapGrowthMaxIncrease === undefined) {
    // scripts/bun.cjs sets it; without it each thread may keep garbage up to twice the mapped index.
    process.stderr.write(
      "note: started without the launcher's BUN_JSC_heapGrowthMaxIncrease; memory may exceed the index + 500 MB budget (see README, Settings)\n",
    );
  }
  // Once, however many signals come: a terminal's Ctrl-C reaches the launcher and this
  // process alike, and the launcher passes its own on (scripts/bun.cjs).
  let stopping = false;
  const stop = async (sig: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${sig}: stopping\n`);
    await server.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  // SIGHUP: re-read ZW_ZONE_INDEX now (a file renamed over it is also picked up on its own).
  process.on("SIGHUP", () => void zoneServiceOf(server.services)?.reloadInBackground());
  return -1;
}
