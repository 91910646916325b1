/**
 * bench/observe/inproc.ts: the per-request cost of request ids, the access log and the
 * metrics without sockets: RunningServer.handle() (the wrapper included) for GET /v1/ping
 * under four settings, interleaved rounds; median CPU microseconds per request.
 *   node scripts/bun.cjs bench/observe/inproc.ts [--rounds 15] [--n 10000]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config.ts";
import { startServer, type RunningServer } from "../../src/main.ts";
import { arg } from "../support/args.ts";

const ROUNDS = Number(arg("rounds", "15"));
const N = Number(arg("n", "10000"));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "zw-bench-obs-inproc-"));
const variants: { label: string; env: Record<string, string>; stream?: { write(s: string): void }; s?: RunningServer; key?: string; cpu: number[] }[] = [
  { label: "log to a no-op", env: { ZW_LOG_LEVEL: "info" }, stream: { write() {} }, cpu: [] },
  { label: "silent, no metrics", env: { ZW_LOG_LEVEL: "silent" }, cpu: [] },
  { label: "metrics only", env: { ZW_LOG_LEVEL: "silent", ZW_METRICS_PORT: "0" }, cpu: [] },
  { label: "log to file only", env: { ZW_LOG_LEVEL: "info", ZW_LOG_FILE: path.join(tmp, "a.log") }, cpu: [] },
  { label: "log + metrics", env: { ZW_LOG_LEVEL: "info", ZW_LOG_FILE: path.join(tmp, "b.log"), ZW_METRICS_PORT: "0" }, cpu: [] },
];
for (const [i, v] of variants.entries()) {
  const dir = path.join(tmp, String(i));
  v.s = await startServer(loadConfig({ ZW_DATA_DIR: dir, ZW_PORT: "0", ZW_WORKERS: "0", ZW_DNS_SERVERS: "127.0.0.1:9", ...v.env }), {
    log: () => {},
    logStream: v.stream,
  });
  v.key = (await v.s.services.store.keys.create("b", 1e9)).key;
}
async function round(v: (typeof variants)[number], n: number) {
  const h = { authorization: `Bearer ${v.key}` };
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await (await v.s!.handle(new Request("http://localhost/v1/ping", { headers: h }))).text();
  const c = process.cpuUsage(c0);
  v.cpu.push((c.user + c.system) / n);
}
for (const v of variants) await round(v, 20_000);
for (const v of variants) v.cpu.length = 0;
for (let r = 0; r < ROUNDS; r++) for (const v of variants) await round(v, N);
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `bench/observe/inproc ${new Date().toISOString()} load ${os.loadavg()[0]!.toFixed(1)}: GET /v1/ping, CPU us per request, median of ${ROUNDS} rounds of ${N}`,
);
for (const v of variants) console.log(`  ${v.label.padEnd(20)} ${med(v.cpu).toFixed(2)}`);
for (const v of variants) await v.s!.stop();
fs.rmSync(tmp, { recursive: true, force: true });
process.exit(0);
