/**
 * The server under test for bench/mcp, in its own process: the real service (startServer,
 * the whole pipeline, SQLite, the tests' zone index) with a pool of keys so that a long run
 * stays under the per-key rate limits. Prints one JSON line {port, keys} when ready.
 *   node scripts/bun.cjs bench/mcp/server.ts <keys>
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config.ts";
import { startServer } from "../../src/main.ts";
import type { SqliteStore } from "../../src/store/sqlite.ts";
import { placeFixtureIndex } from "../../test/zone/fixture-index.ts";

const count = Number(process.argv[2] ?? "200");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-bench-mcp-"));
// The tests' zone index: real names from ../shared/data, built once per machine and cached.
await placeFixtureIndex(path.join(dir, "zone.idx"));
const s = await startServer(loadConfig({ ZW_DATA_DIR: dir, ZW_HOST: "127.0.0.1", ZW_PORT: "0", ZW_DNS_SERVERS: "127.0.0.1:9" }), { log: () => {} });
const store = s.services.store as SqliteStore;
const keys = Array.from({ length: count }, (_, i) => store.keys.create(`bench-${i}`, 1_000_000).key);
const bye = async () => {
  await s.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGTERM", bye);
process.on("SIGINT", bye);
console.log(JSON.stringify({ port: s.port, keys }));
