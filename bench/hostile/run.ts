/**
 * bench/hostile: the real server (sample index, worker pool) under a hostile mix while a
 * separate process pings it, next to the same server quiet. Loopback only, bounded in
 * count and time. Each round sends at once:
 *   - two gzip JSON objects of 3,000,000 top-level fields (to /v1/camelcase and /mcp),
 *   - eight gzip bombs of 400 MB of zeros (four to /v1/camelcase, four to /mcp),
 *   - four MCP batches of 100 job_results calls of 1,000 rows each,
 *   - one 30 MB job submission (1,000,000 names, JSON),
 * and the next round starts when all have answered. Reports ping p50 / p99 / worst and the
 * server's peak RSS (VmRSS sampled every 50 ms, and VmHWM), quiet and under the mix, and
 * what each kind of request was answered.
 *   node scripts/bun.cjs bench/hostile/run.ts [--rounds 3] [--quiet 10]
 * Targets: under the mix ping p99 < 100 ms, worst < 500 ms; server RSS < 1.5 GB.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { arg } from "../support/args.ts";
import { spawnBenchServer } from "../support/spawn.ts";

const ROUNDS = Number(arg("rounds", "3"));
const QUIET_S = Number(arg("quiet", "10"));
const MIX_TIMEOUT_MS = 120_000;
/** --only wide|bomb|batch|job: one kind of request alone, to see which one costs what. */
const ONLY = arg("only");
const sends = (kind: string) => ONLY === undefined || ONLY === kind;

const server = await spawnBenchServer(path.join(import.meta.dir, "server.ts"), [], { stderr: "ignore" });
const { port, keys } = server.info as { port: number; keys: string[] };
const url = `http://127.0.0.1:${port}`;
let k = 0;
const nextKey = () => keys[1 + (k++ % (keys.length - 1))]!; // keys[0] is the pinger's

function rssKb(field: "VmRSS" | "VmHWM"): number {
  const m = new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${server.pid}/status`, "utf8"));
  return m ? Number(m[1]) : 0;
}
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, rssKb("VmRSS"))), 50);

async function pinged<T>(seconds: number, during: () => Promise<T>): Promise<{ lat: number[]; result: T }> {
  const p = Bun.spawn([process.execPath, path.join(import.meta.dir, "ping.ts"), url, keys[0]!, String(seconds)], { stdout: "pipe", stderr: "inherit" });
  await Bun.sleep(300);
  const result = await during();
  p.kill("SIGTERM");
  const text = await new Response(p.stdout).text();
  await p.exited;
  return { lat: (JSON.parse(text) as [number, number][]).map((x) => x[1]), result };
}

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const summary = (lat: number[]) => ({ n: lat.length, p50: pct(lat, 0.5), p99: pct(lat, 0.99), worst: Math.max(...lat) });

// ---- bodies, built once ----
console.error("building bodies...");
const post = async (p: string, body: Uint8Array | string, headers: Record<string, string>) => {
  const t0 = performance.now();
  try {
    const r = await fetch(url + p, {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${nextKey()}`, ...headers },
      signal: AbortSignal.timeout(MIX_TIMEOUT_MS),
    });
    await r.arrayBuffer();
    return { status: r.status, ms: performance.now() - t0 };
  } catch (e) {
    return { status: String((e as Error).name), ms: performance.now() - t0 };
  }
};
const json = { "content-type": "application/json" };
const gz = { ...json, "content-encoding": "gzip" };
const mcpHeaders = { ...json, accept: "application/json, text/event-stream" };
const mcpGz = { ...mcpHeaders, "content-encoding": "gzip" };

const parts: string[] = [];
for (let i = 0; i < 3_000_000; i++) parts.push(`"k${i}":${i}`);
const wideText = `{${parts.join(",")}}`;
parts.length = 0;
const wide = gzipSync(wideText);
console.error(`wide object: ${(wideText.length / 1e6).toFixed(0)} MB, ${(wide.byteLength / 1e6).toFixed(1)} MB gzip`);
const bomb = gzipSync(Buffer.alloc(400 * 1024 * 1024), { level: 9 });
console.error(`bomb: ${(bomb.byteLength / 1e3).toFixed(0)} KB gzip`);
const names = Array.from({ length: 1_000_000 }, (_, i) => `name-number-${String(i).padStart(7, "0")}-x.com`);
const job = JSON.stringify({ type: "zone_lookup", domains: names });
console.error(`job: ${(job.length / 1e6).toFixed(1)} MB`);

// A finished job of 1,000 rows for the result batches.
const sub = await fetch(`${url}/v1/jobs`, {
  method: "POST",
  body: JSON.stringify({ type: "zone_lookup", domains: names.slice(0, 1000) }),
  headers: { ...json, authorization: `Bearer ${keys[0]}` },
});
const jobId = ((await sub.json()) as { id: string }).id;
for (;;) {
  const j = (await (await fetch(`${url}/v1/jobs/${jobId}`, { headers: { authorization: `Bearer ${keys[0]}` } })).json()) as { status: string };
  if (j.status !== "queued" && j.status !== "running") break;
  await Bun.sleep(200);
}
const batch = JSON.stringify(
  Array.from({ length: 100 }, (_, i) => ({
    jsonrpc: "2.0",
    id: i + 1,
    method: "tools/call",
    params: { name: "job_results", arguments: { job_id: jobId, limit: 1000 } },
  })),
);
// The result batches must read the job's rows: they use the key that owns it.
const postOwn = async (body: string) => {
  const t0 = performance.now();
  const r = await fetch(`${url}/mcp`, {
    method: "POST",
    body,
    headers: { ...mcpHeaders, authorization: `Bearer ${keys[0]}` },
    signal: AbortSignal.timeout(MIX_TIMEOUT_MS),
  });
  const bytes = (await r.arrayBuffer()).byteLength;
  return { status: r.status, ms: performance.now() - t0, bytes };
};

// ---- quiet ----
await Bun.sleep(1000);
const quiet = await pinged(QUIET_S + 5, () => Bun.sleep(QUIET_S * 1000));
const quietRss = rssKb("VmRSS");
peak = 0;

// ---- hostile ----
type Kind = "wide object" | "gzip bomb" | "mcp result batch" | "30 MB job";
const answers = new Map<Kind, { statuses: Map<string, number>; worstMs: number }>();
const note = (kind: Kind, r: { status: number | string; ms: number }) => {
  const a = answers.get(kind) ?? { statuses: new Map(), worstMs: 0 };
  a.statuses.set(String(r.status), (a.statuses.get(String(r.status)) ?? 0) + 1);
  a.worstMs = Math.max(a.worstMs, r.ms);
  answers.set(kind, a);
};
let t0 = 0;
const hostile = await pinged((ROUNDS * MIX_TIMEOUT_MS) / 1000, async () => {
  t0 = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    const all: Promise<void>[] = [];
    if (sends("wide")) all.push(post("/v1/camelcase", wide, gz).then((r) => note("wide object", r)));
    if (sends("wide")) all.push(post("/mcp", wide, mcpGz).then((r) => note("wide object", r)));
    for (let i = 0; i < 8 && sends("bomb"); i++) all.push(post(i % 2 ? "/mcp" : "/v1/camelcase", bomb, i % 2 ? mcpGz : gz).then((r) => note("gzip bomb", r)));
    for (let i = 0; i < 4 && sends("batch"); i++) all.push(postOwn(batch).then((r) => note("mcp result batch", r)));
    if (sends("job")) all.push(post("/v1/jobs", job, json).then((r) => note("30 MB job", r)));
    await Promise.all(all);
  }
});
const mixS = (performance.now() - t0) / 1000;
clearInterval(sampler);
const hwm = rssKb("VmHWM");

const q = summary(quiet.lat);
const h = summary(hostile.lat);
const f = (x: number) => x.toFixed(1);
const gb = (kb: number) => (kb / 1024 / 1024).toFixed(2);
console.log(
  `host: ${os.cpus().length} x ${os.cpus()[0]?.model ?? "?"}, ${gb(os.totalmem() / 1024)} GB; load ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}; ${new Date().toISOString()}`,
);
console.log(`mix${ONLY ? ` (${ONLY} only)` : ""}: ${ROUNDS} rounds in ${mixS.toFixed(1)} s`);
console.log("");
console.log("| phase | pings | p50 ms | p99 ms | worst ms | server RSS |");
console.log("|---|---|---|---|---|---|");
console.log(`| quiet (${QUIET_S} s) | ${q.n} | ${f(q.p50)} | ${f(q.p99)} | ${f(q.worst)} | ${gb(quietRss)} GB |`);
console.log(`| hostile mix | ${h.n} | ${f(h.p50)} | ${f(h.p99)} | ${f(h.worst)} | peak ${gb(peak)} GB (VmHWM ${gb(hwm)} GB) |`);
console.log("");
console.log("| request | answers | slowest answer |");
console.log("|---|---|---|");
for (const [kind, a] of answers) console.log(`| ${kind} | ${[...a.statuses].map(([s, n]) => `${n} x ${s}`).join(", ")} | ${(a.worstMs / 1000).toFixed(1)} s |`);
server.proc.kill("SIGTERM");
await server.proc.exited;
process.exit(0);
