/**
 * bench/http: requests/s and p99 for GET /v1/ping and GET /v1/usage through the full
 * pipeline, next to a bare Elysia route measured in the same run, with load from a
 * second process (wrk when installed, else bench/http/load.ts). Both servers run for the
 * whole bench and the targets are loaded in turn, `--rounds` times (bare, ping, usage, bare,
 * ...), so a burst of load from elsewhere on the machine hits every target alike; each
 * target's figures are the median over its rounds, and "vs bare" is the median of the
 * per-round ratios (each against the bare round just before it).
 *   node scripts/bun.cjs bench/http/run.ts [--seconds 5] [--conns 32] [--rounds 5]
 */
import path from "node:path";
import { spawnBenchServer } from "../support/spawn.ts";
import { arg } from "../support/args.ts";

const seconds = Number(arg("seconds", "5"));
const rounds = Number(arg("rounds", "5"));
const conns = Number(arg("conns", "32"));
const here = import.meta.dir;
const wrk = Bun.which("wrk");

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function startTarget(mode: string) {
  const { proc, info } = await spawnBenchServer<{ port: number; key: string }>(path.join(here, "server.ts"), [mode]);
  return { port: info.port, key: info.key, stop: () => proc.kill() };
}

async function load(url: string, key: string): Promise<Figures> {
  if (wrk) {
    const script = path.join(here, "wrk-latency.lua");
    const r = Bun.spawnSync([wrk, "-t", "1", "-c", String(conns), "-d", `${seconds}s`, "--latency", "-s", script, "-H", `Authorization: Bearer ${key}`, url]);
    const out = r.stdout.toString();
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
    const ms = (s: string | undefined) => (s ? (s.endsWith("us") ? parseFloat(s) / 1000 : s.endsWith("ms") ? parseFloat(s) : parseFloat(s) * 1000) : NaN);
    const p50 = ms(/\s50%\s+([\d.]+\w+)/.exec(out)?.[1]);
    const p99 = ms(/\s99%\s+([\d.]+\w+)/.exec(out)?.[1]);
    const errors = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
    return { rps, p50, p99, errors };
  }
  const r = Bun.spawnSync([process.execPath, path.join(here, "load.ts"), url, key, String(seconds), String(conns)]);
  return JSON.parse(r.stdout.toString());
}

const targets = [
  { label: "bare Elysia GET /v1/ping", mode: "bare", path: "/v1/ping" },
  { label: "zonewise GET /v1/ping", mode: "full", path: "/v1/ping" },
  { label: "zonewise GET /v1/usage", mode: "full", path: "/v1/usage" },
  { label: "bare Elysia, usage-sized body", mode: "bare", path: "/v1/usage" },
] as const;
const servers = { bare: await startTarget("bare"), full: await startTarget("full") };
const runs: Figures[][] = targets.map(() => []);
for (const t of targets) await load(`http://127.0.0.1:${servers[t.mode].port}${t.path}`, servers[t.mode].key); // warm-up
for (let r = 0; r < rounds; r++) {
  for (const [i, t] of targets.entries()) runs[i]!.push(await load(`http://127.0.0.1:${servers[t.mode].port}${t.path}`, servers[t.mode].key));
}
servers.bare.stop();
servers.full.stop();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log(
  `bench/http: ${rounds} rounds of ${seconds}s per target, ${conns} connections, load from ${wrk ? "wrk" : "bench/http/load.ts"} in a second process, ${navigator.hardwareConcurrency} cores`,
);
console.log("target                          req/s     p50 ms   p99 ms  errors  vs bare (median of rounds, range)");
for (const [i, t] of targets.entries()) {
  const f = runs[i]!;
  const ratios = f.map((x, r) => (x.rps / runs[0]![r]!.rps) * 100);
  const sameBody = t.path === "/v1/usage" && t.mode === "full" ? f.map((x, r) => (x.rps / runs[3]![r]!.rps) * 100) : null;
  const pct = (x: number) => `${x.toFixed(0)} %`;
  console.log(
    `${t.label.padEnd(30)} ${median(f.map((x) => x.rps))
      .toFixed(0)
      .padStart(7)}  ${median(f.map((x) => x.p50))
      .toFixed(2)
      .padStart(8)} ${median(f.map((x) => x.p99))
      .toFixed(2)
      .padStart(
        8,
      )}  ${String(f.reduce((a, x) => a + x.errors, 0)).padStart(6)}  ${pct(median(ratios)).padStart(5)} (${pct(Math.min(...ratios))}-${pct(Math.max(...ratios))})` +
      (sameBody ? `; vs the bare usage-sized body ${pct(median(sameBody))} (${pct(Math.min(...sameBody))}-${pct(Math.max(...sameBody))})` : ""),
  );
}
