/**
 * bench/http: requests/s and p99 for GET /v1/ping and GET /v1/usage through the full
 * pipeline, next to a bare Elysia route measured in the same run, with load from a
 * second process (wrk when installed, else bench/http/load.ts).
 *   node scripts/bun.cjs bench/http/run.ts [--seconds 8] [--conns 32]
 */
import path from "node:path";

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
const seconds = Number(arg("seconds", "8"));
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
  const p = Bun.spawn([process.execPath, path.join(here, "server.ts"), mode], { stdout: "pipe", stderr: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  const reader = p.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server ${mode} did not start`);
    text += new TextDecoder().decode(value);
  }
  const { port, key } = JSON.parse(text.split("\n")[0]!);
  return { port: port as number, key: key as string, stop: () => p.kill() };
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

const rows: [string, Figures][] = [];
for (const [label, mode, p] of [
  ["bare Elysia GET /v1/ping", "bare", "/v1/ping"],
  ["zonewise GET /v1/ping", "full", "/v1/ping"],
  ["zonewise GET /v1/usage", "full", "/v1/usage"],
] as const) {
  const t = await startTarget(mode);
  await load(`http://127.0.0.1:${t.port}${p}`, t.key); // warm-up
  rows.push([label, await load(`http://127.0.0.1:${t.port}${p}`, t.key)]);
  t.stop();
}
const bare = rows[0]![1].rps;
console.log(`bench/http: ${seconds}s per target, ${conns} connections, load from ${wrk ? "wrk" : "bench/http/load.ts"} in a second process, ${navigator.hardwareConcurrency} cores`);
console.log("target                          req/s     p50 ms   p99 ms  errors  vs bare");
for (const [label, f] of rows) {
  console.log(`${label.padEnd(30)} ${f.rps.toFixed(0).padStart(7)}  ${f.p50.toFixed(2).padStart(8)} ${f.p99.toFixed(2).padStart(8)}  ${String(f.errors).padStart(6)}  ${((f.rps / bare) * 100).toFixed(0).padStart(5)} %`);
}
