/**
 * bench/http/inproc.ts: what the pipeline itself costs per request, without sockets: the
 * real service's app.handle() for GET /v1/ping and GET /v1/usage next to a bare Elysia
 * route, 200,000 requests each after a warm-up (microseconds per request, lower is better).
 *   node scripts/bun.cjs bench/http/inproc.ts
 */
import { Elysia } from "elysia";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config.ts";
import { startServer } from "../../src/main.ts";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-bench-inproc-"));
const s = await startServer(loadConfig({ ZW_DATA_DIR: dir, ZW_PORT: "0", ZW_WORKERS: "0", ZW_DNS_SERVERS: "127.0.0.1:9" }), { log: () => {} });
const key = s.services.store.keys.create("b", 1e9).key;
const bare = new Elysia().get("/v1/ping", () => ({ ok: true, key: "bare" }));
const N = 200_000;
async function run(label: string, handle: (r: Request) => Promise<Response> | Response, url: string) {
  const h = { authorization: `Bearer ${key}` };
  for (let i = 0; i < 20000; i++) await (await handle(new Request(url, { headers: h }))).text();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await (await handle(new Request(url, { headers: h }))).text();
  const us = ((performance.now() - t0) * 1000) / N;
  console.log(label.padEnd(20), us.toFixed(2), "us/request");
}
await Bun.sleep(1500);
for (let k = 0; k < 2; k++) {
  await run("bare ping", (r) => bare.handle(r), "http://localhost/v1/ping");
  await run("ours ping", (r) => s.handle(r), "http://localhost/v1/ping");
  await run("ours usage", (r) => s.handle(r), "http://localhost/v1/usage");
}
await s.stop();
fs.rmSync(dir, { recursive: true, force: true });
