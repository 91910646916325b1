/**
 * The test harness: starts the real server (the same startServer as `cli serve`) on a free
 * loopback port with a fresh data directory, creates a key, and talks HTTP to it.
 * Upstream settings default to closed loopback ports so no test can reach past 127.0.0.1.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config.ts";
import { startServer, type RunningServer } from "../../src/main.ts";
import type { SqliteStore } from "../../src/store/sqlite.ts";
import { sqliteOf } from "../../src/services.ts";
import { placeFixtureIndex } from "../zone/fixture-index.ts";

export interface TestServer {
  url: string;
  key: string;
  secret: string;
  dataDir: string;
  server: RunningServer;
  store: SqliteStore;
  /** fetch relative to the server with the key (unless headers say otherwise). */
  fetch(p: string, init?: RequestInit & { key?: string | null }): Promise<Response>;
  post(p: string, body: unknown, key?: string | null): Promise<Response>;
  newKey(name: string, quota?: number): { key: string; secret: string };
  stop(): Promise<void>;
}

export function tempDir(prefix = "zw-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** `zoneInputs`: the domain lists the default index is built from (the committed sample if not given). */
export async function startTestServer(
  env: Record<string, string> = {},
  opts: { quota?: number; zoneInputs?: string[]; logStream?: { write(s: string): void } } = {},
): Promise<TestServer> {
  const dataDir = env.ZW_DATA_DIR ?? tempDir();
  // A real zone index (built once per machine and inputs) unless the test names its own.
  if (env.ZW_ZONE_INDEX === undefined && !fs.existsSync(path.join(dataDir, "zone.idx")))
    await placeFixtureIndex(path.join(dataDir, "zone.idx"), opts.zoneInputs);
  // Upstreams default to nothing past loopback: RDAP only for ".invalid", on a closed local
  // port; IANA's WHOIS and the resolvers there too (startFixtureServer puts fakes instead).
  const bootstrap = path.join(dataDir, "loopback-rdap.json");
  if (env.ZW_RDAP_BOOTSTRAP === undefined) {
    fs.writeFileSync(bootstrap, JSON.stringify({ version: "1.0", publication: null, services: [[["invalid"], ["http://127.0.0.1:9/"]]] }));
  }
  const config = loadConfig({
    ZW_HOST: "127.0.0.1",
    ZW_PORT: "0",
    ZW_DATA_DIR: dataDir,
    ZW_WORKERS: "1",
    ZW_DNS_SERVERS: "127.0.0.1:9",
    ZW_RDAP_BOOTSTRAP: bootstrap,
    ZW_WHOIS_SERVERS: "whois.iana.org=127.0.0.1:9",
    ZW_CALLBACK_ALLOW_PRIVATE: "1",
    ZW_LOG_LEVEL: "silent",
    ...env,
  });
  const server = await startServer(config, { log: () => {}, logStream: opts.logStream });
  const store = sqliteOf(server.services);
  const issued = store.keys.create("test", opts.quota ?? 10_000);
  const doFetch = (p: string, init: RequestInit & { key?: string | null } = {}) => {
    const headers = new Headers(init.headers);
    const k = init.key === undefined ? issued.key : init.key;
    if (k !== null && !headers.has("authorization")) headers.set("authorization", `Bearer ${k}`);
    return fetch(server.url + p, { ...init, headers });
  };
  return {
    url: server.url,
    key: issued.key,
    secret: issued.webhookSecret,
    dataDir,
    server,
    store,
    fetch: doFetch,
    post: (p, body, key) =>
      doFetch(p, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "content-type": "application/json" }, key }),
    newKey(name, quota = 10_000) {
      const k = store.keys.create(name, quota);
      return { key: k.key, secret: k.webhookSecret };
    },
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Rate windows are UTC minutes: start a burst early in a minute so it cannot straddle two. */
export async function freshMinute(needSeconds = 15): Promise<void> {
  const left = 60 - (Date.now() % 60_000) / 1000;
  if (left < needSeconds) await Bun.sleep(left * 1000 + 50);
}
