/**
 * Latency over HTTP, server in its own process (bench/classify/server.ts, 2 workers):
 * 1. idle: a 1,000-name POST /v1/camelcase and a 100-name POST /v1/categorize, one at a
 *    time, median and p95 (target: each median under 10 ms);
 * 2. sustained load: `conns` connections sending both back to back for `seconds`, while a
 *    probe sends GET /v1/ping every 10 ms (target: ping within 5 ms).
 * Requests rotate over many keys so the per-key rate limits do not turn the load
 * into 429s (any 429 or other non-200 is counted and printed).
 * Beside each idle latency: the server's CPU time per request, on its main (HTTP) thread and
 * on all its other threads (workers, collector), from /proc: on a shared machine latency
 * measures the neighbours too, CPU time much less so.
 *
 *   node scripts/bun.cjs run bench/classify/http.ts [--seconds 6] [--conns 4] [--samples 100] [--settle S]
 */
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { spawnBenchServer } from "../support/spawn.ts";
import { realDomains } from "./names.ts";
import { arg } from "../support/args.ts";

const seconds = Number(arg("seconds", "6")),
  conns = Number(arg("conns", "4")),
  samples = Number(arg("samples", "100"));

const { proc, info } = await spawnBenchServer(path.join(import.meta.dir, "server.ts"), ["200"]);
const { port, keys } = info;
// --settle S: wait S seconds first (a server given a zone index verifies it and derives its
// structures in the background after it starts listening)
await Bun.sleep(Number(arg("settle", "0")) * 1000);
const base = `http://127.0.0.1:${port}`;

console.log(
  `load average at start: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(", ")} (the machine is shared: figures scale with it)`,
);
const names = realDomains(20_000);
const camelBody = (i: number) => JSON.stringify({ domains: names.slice((i * 1000) % 19_000, ((i * 1000) % 19_000) + 1000) });
const catBody = (i: number) => JSON.stringify({ domains: names.slice((i * 100) % 19_900, ((i * 100) % 19_900) + 100) });
let keyAt = 0;
const nextKey = () => keys[keyAt++ % keys.length]!;
const failures = new Map<number, number>();

async function timed(p: string, body?: string): Promise<number> {
  const t = performance.now();
  const r = await fetch(base + p, {
    method: body === undefined ? "GET" : "POST",
    body,
    headers: { authorization: `Bearer ${nextKey()}`, "content-type": "application/json" },
  });
  await r.arrayBuffer();
  if (r.status !== 200) failures.set(r.status, (failures.get(r.status) ?? 0) + 1);
  return performance.now() - t;
}

/** CPU milliseconds the server has used so far: its main thread, and every other thread. */
function serverCpu(): { main: number; other: number } {
  const TICK_MS = 10; // utime and stime are in clock ticks (getconf CLK_TCK = 100)
  let main = 0,
    other = 0;
  for (const tid of readdirSync(`/proc/${proc.pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${proc.pid}/task/${tid}/stat`, "utf8");
    } catch {
      continue;
    } // the thread ended
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ms = (Number(f[11]) + Number(f[12])) * TICK_MS;
    if (Number(tid) === proc.pid) main += ms;
    else other += ms;
  }
  return { main, other };
}

/** Runs `n` requests one after the other: their latencies, and the server's CPU per request. */
async function sequential(n: number, send: (i: number) => Promise<number>): Promise<{ ms: number[]; cpu: string }> {
  const ms: number[] = [];
  const c0 = serverCpu();
  for (let i = 0; i < n; i++) ms.push(await send(i));
  const c1 = serverCpu();
  return {
    ms,
    cpu: `server CPU per request: main thread ${((c1.main - c0.main) / n).toFixed(2)} ms, other threads ${((c1.other - c0.other) / n).toFixed(2)} ms`,
  };
}

const q = (xs: number[], f: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * f))]!;
const show = (label: string, xs: number[]) =>
  console.log(
    `${label.padEnd(44)} median ${q(xs, 0.5).toFixed(2)} ms  p95 ${q(xs, 0.95).toFixed(2)} ms  min ${Math.min(...xs).toFixed(2)} ms  max ${Math.max(...xs).toFixed(2)} ms  (n=${xs.length})`,
  );

for (let i = 0; i < 20; i++) {
  await timed("/v1/camelcase", camelBody(i));
  await timed("/v1/categorize", catBody(i));
} // warm-up
const camel = await sequential(samples, (i) => timed("/v1/camelcase", camelBody(i)));
const cat = await sequential(samples, (i) => timed("/v1/categorize", catBody(i)));
show("idle: camelcase, 1,000 names (< 10 ms)", camel.ms);
console.log(`  ${camel.cpu}`);
show("idle: categorize, 100 names (< 10 ms)", cat.ms);
console.log(`  ${cat.cpu}`);

let stop = false,
  done = 0;
const loops = Array.from({ length: conns }, async (_, c) => {
  for (let i = c; !stop; i += conns) {
    await timed(c % 2 === 0 ? "/v1/camelcase" : "/v1/categorize", c % 2 === 0 ? camelBody(i) : catBody(i));
    done++;
  }
});
const pings: number[] = [];
const until = performance.now() + seconds * 1000;
while (performance.now() < until) {
  pings.push(await timed("/v1/ping"));
  await Bun.sleep(10);
}
stop = true;
await Promise.all(loops);
show(`ping under load (${conns} conns, ${(done / seconds).toFixed(0)} req/s) (< 5 ms)`, pings);
console.log(failures.size === 0 ? "every response was 200" : `non-200 responses: ${JSON.stringify(Object.fromEntries(failures))}`);
console.log(
  `load average at the end: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(", ")}`,
);
proc.kill();
await proc.exited;
