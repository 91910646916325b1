/**
 * The real service for a benchmark, in the benchmark's child process: a fresh data folder,
 * `startServer` with the given settings, `keys` keys with a quota no run can spend (the
 * per-key rate limits stay the real ones, so long runs rotate over many keys), a clean stop
 * on SIGTERM/SIGINT, and one JSON line {port, keys} on stdout once it listens.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config.ts";
import { startServer, type RunningServer } from "../../src/main.ts";

/** before: runs on the data folder before the server starts; after: on the running server, before the ready line. */
export async function serveForBench(opts: {
  name: string;
  keys: number;
  env?: Record<string, string>;
  before?: (dir: string) => Promise<void>;
  after?: (s: RunningServer) => void;
}): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `zw-bench-${opts.name}-`));
  await opts.before?.(dir);
  const s = await startServer(loadConfig({ ZW_DATA_DIR: dir, ZW_HOST: "127.0.0.1", ZW_PORT: "0", ZW_DNS_SERVERS: "127.0.0.1:9", ...opts.env }), {
    log: () => {},
  });
  const keys = await Promise.all(Array.from({ length: opts.keys }, async (_, i) => (await s.services.store.keys.create(`bench-${i}`, 1_000_000_000)).key));
  const bye = async () => {
    await s.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("SIGTERM", bye);
  process.on("SIGINT", bye);
  opts.after?.(s);
  console.log(JSON.stringify({ port: s.port, keys, key: keys[0], pid: process.pid })); // pid: the server itself, when a launcher stands between
}
