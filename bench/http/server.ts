/**
 * The server under test, in its own process: `full` is the real service (startServer, every
 * hook of the pipeline, SQLite, a real key); `bare` is an Elysia route with no pipeline.
 * Prints one JSON line {port, key} when ready.
 */
import { Elysia } from "elysia";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config.ts";
import { startServer } from "../../src/main.ts";

const mode = process.argv[2] ?? "full";
if (mode === "bare") {
  const app = new Elysia().get("/v1/ping", () => ({ ok: true, key: "bare" })).listen({ hostname: "127.0.0.1", port: 0 });
  console.log(JSON.stringify({ port: app.server!.port, key: "none" }));
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-bench-http-"));
  const s = await startServer(loadConfig({ ZW_DATA_DIR: dir, ZW_PORT: "0", ZW_WORKERS: "0", ZW_ZONE_INDEX: path.join(dir, "none.idx") }), { log: () => {} });
  const k = (s.services.store as any).keys.create("bench", 1_000_000_000);
  const bye = async () => {
    await s.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("SIGTERM", bye);
  process.on("SIGINT", bye);
  console.log(JSON.stringify({ port: s.port, key: k.key }));
}
