/**
 * The server under test for bench/classify/http.ts, in its own process: the real service
 * (startServer) with ZW_WORKERS workers (default 2), no zone index, and `keys` keys with a
 * huge quota (the per-key rate limits are the spec's, so the load rotates over many keys).
 * Prints one JSON line {port, keys} when ready.
 *   node scripts/bun.cjs run bench/classify/server.ts [keys=100]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config.ts";
import { startServer } from "../../src/main.ts";

const count = Number(process.argv[2] ?? 100);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-bench-classify-"));
const s = await startServer(
  loadConfig({ ZW_DATA_DIR: dir, ZW_PORT: "0", ZW_WORKERS: process.env.ZW_WORKERS ?? "2", ZW_ZONE_INDEX: path.join(dir, "none.idx") }),
  { log: () => {} },
);
const store = s.services.store as { keys: { create(name: string, quota: number): { key: string } } };
const keys = Array.from({ length: count }, (_, i) => store.keys.create(`bench${i}`, 1_000_000_000).key);
const bye = async () => {
  await s.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGTERM", bye);
process.on("SIGINT", bye);
console.log(JSON.stringify({ port: s.port, keys }));
