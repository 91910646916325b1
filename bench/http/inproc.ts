/**
 * bench/http/inproc.ts: what the pipeline itself costs per request, without sockets: the
 * real service's app.handle() for GET /v1/ping, GET /v1/usage and a metered endpoint (GET
 * /v1/zone/stats on the test fixture index: auth, rate check, quota reservation, settle and
 * the X-Credits headers) next to a bare Elysia route, 20 interleaved rounds of 10,000
 * requests each after a warm-up. The zone bucket's per-minute limit is raised in this
 * process only, so that every request takes the charged path (the check itself is the same
 * comparison whatever the limit). Prints the median
 * and best round in microseconds per request, of wall time and of the process's CPU time
 * (user + sys: on a shared machine the CPU figure is the steadier one), lower is better.
 *   node scripts/bun.cjs bench/http/inproc.ts
 */
import { Elysia } from "elysia";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config.ts";
import { startServer } from "../../src/main.ts";
import { RATE_LIMITS, type Bucket } from "../../src/operations.ts";
import { fixtureIndex } from "../../test/zone/fixture-index.ts";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-bench-inproc-"));
(RATE_LIMITS as Record<Bucket, number>).zone = 1e9;
const s = await startServer(
  loadConfig({ ZW_DATA_DIR: dir, ZW_PORT: "0", ZW_WORKERS: "0", ZW_DNS_SERVERS: "127.0.0.1:9", ZW_ZONE_INDEX: await fixtureIndex() }),
  { log: () => {} },
);
const key = (await s.services.store.keys.create("b", 1e9)).key;
const bare = new Elysia().get("/v1/ping", () => ({ ok: true, key: "bare" }));
const ROUNDS = 20;
const N = 10_000;
const h = { authorization: `Bearer ${key}` };
type Variant = { label: string; handle: (r: Request) => Promise<Response> | Response; url: string; wall: number[]; cpu: number[] };
const variants: Variant[] = [
  { label: "bare ping", handle: (r) => bare.handle(r), url: "http://localhost/v1/ping", wall: [], cpu: [] },
  { label: "ours ping", handle: (r) => s.handle(r), url: "http://localhost/v1/ping", wall: [], cpu: [] },
  { label: "ours usage", handle: (r) => s.handle(r), url: "http://localhost/v1/usage", wall: [], cpu: [] },
  { label: "ours stats", handle: (r) => s.handle(r), url: "http://localhost/v1/zone/stats", wall: [], cpu: [] },
];
async function round(v: Variant, n: number): Promise<void> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await (await v.handle(new Request(v.url, { headers: h }))).text();
  const c = process.cpuUsage(c0);
  v.wall.push(((performance.now() - t0) * 1000) / n);
  v.cpu.push((c.user + c.system) / n);
}
await Bun.sleep(1500);
{
  // The metered variant must take the charged path: a 200 that carries the credit headers.
  const r = await s.handle(new Request("http://localhost/v1/zone/stats", { headers: h }));
  if (r.status !== 200 || r.headers.get("X-Credits-Charged") !== "1") throw new Error(`zone/stats answered ${r.status}: ${await r.text()}`);
}
for (const v of variants) {
  await round(v, 20_000);
  v.wall.length = v.cpu.length = 0;
}
for (let r = 0; r < ROUNDS; r++) for (const v of variants) await round(v, N);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const fmt = (x: number) => x.toFixed(2).padStart(6);
console.log(`${"us/request".padEnd(12)} wall median  wall best  cpu median  cpu best   (${ROUNDS} rounds of ${N})`);
for (const v of variants) {
  console.log(`${v.label.padEnd(12)} ${fmt(median(v.wall))}      ${fmt(Math.min(...v.wall))}     ${fmt(median(v.cpu))}      ${fmt(Math.min(...v.cpu))}`);
}
const bareCpu = median(variants[0]!.cpu);
for (const v of variants.slice(1)) console.log(`${v.label}: ${((bareCpu / median(v.cpu)) * 100).toFixed(0)} % of the bare route's requests per CPU second`);
await s.stop();
fs.rmSync(dir, { recursive: true, force: true });
