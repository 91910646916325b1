/**
 * bench/observe: what request ids, the access log and the metrics cost. The real service is
 * started twice side by side: `off` (ZW_LOG_LEVEL=silent, no ZW_METRICS_PORT: only the request
 * id is set) and `on` (one JSON log line per request into a file, metrics on their own port,
 * scraped every second while the load runs), optionally a third from another checkout
 * (`--baseline DIR`, e.g. the tree before this work). The targets are loaded in turn, round
 * after round (off, on, baseline, off, ...), so a burst from elsewhere on the machine hits
 * them alike; figures are medians over rounds, and "on vs off" is the median of the per-round
 * ratios. Two requests: GET /v1/ping (free, the cheapest answer, so the largest share) and
 * POST /v1/camelcase with one name (metered: rate check, reservation, charge).
 *   node scripts/bun.cjs bench/observe/run.ts [--seconds 3] [--rounds 7] [--conns 32] [--keys 9000] [--baseline DIR]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { arg } from "../support/args.ts";
import { spawnBenchServer } from "../support/spawn.ts";

const seconds = Number(arg("seconds", "3"));
const rounds = Number(arg("rounds", "7"));
const conns = Number(arg("conns", "32"));
const nkeys = Number(arg("keys", "9000"));
const baseline = arg("baseline", "");
const here = import.meta.dir;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "zw-bench-observe-"));

interface Target {
  label: string;
  port: number;
  keysFile: string;
  stop(): void;
  metricsPort?: number;
}

async function start(label: string, root: string, env: Record<string, string>): Promise<Target> {
  const { proc, info } = await spawnBenchServer<{ port: number; keys: string[] }>(path.join(here, "server.ts"), [root, String(nkeys), JSON.stringify(env)]);
  const keysFile = path.join(tmp, `${label}.keys`);
  fs.writeFileSync(keysFile, info.keys.join("\n"));
  return { label, port: info.port, keysFile, stop: () => proc.kill() };
}

const logFile = path.join(tmp, "access.log");
const targets: Target[] = [
  await start("off", path.resolve(here, "../.."), { ZW_LOG_LEVEL: "silent" }),
  await start("on", path.resolve(here, "../.."), { ZW_LOG_LEVEL: "info", ZW_LOG_FILE: logFile, ZW_METRICS_PORT: "0" }),
];
if (baseline) targets.push(await start("baseline", path.resolve(baseline), {}));

// The metrics port of "on": read from its log's "started" line (written within 200 ms).
let started: string | undefined;
for (let i = 0; i < 50 && started === undefined; i++) {
  await Bun.sleep(100);
  started = fs
    .readFileSync(logFile, "utf8")
    .split("\n")
    .find((l) => l.includes('"msg":"started"'));
}
const metricsPort = started ? (JSON.parse(started) as { metrics_port: number }).metrics_port : null;
let scrapes = 0;
const scraper = metricsPort
  ? setInterval(
      () =>
        void fetch(`http://127.0.0.1:${metricsPort}/metrics`)
          .then((r) => r.text())
          .then(() => scrapes++),
      1000,
    )
  : null;

const requests = [
  { label: "GET /v1/ping", path: "/v1/ping", method: "GET", body: undefined },
  { label: "POST /v1/camelcase (1 name, metered)", path: "/v1/camelcase", method: "POST", body: JSON.stringify({ domains: ["bestpizza.com"] }) },
] as const;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  n: number;
  statuses: Record<string, number>;
}
async function load(t: Target, r: (typeof requests)[number]): Promise<Figures> {
  const args = [process.execPath, path.join(here, "load.ts"), `http://127.0.0.1:${t.port}${r.path}`, t.keysFile, String(seconds), String(conns), r.method];
  if (r.body) args.push(r.body);
  // Asynchronous, so the scraper keeps scraping while the load runs.
  const p = Bun.spawn(args, { stdout: "pipe" });
  const text = await new Response(p.stdout).text();
  await p.exited;
  return JSON.parse(text) as Figures;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const lines: string[] = [];
const say = (s: string) => {
  lines.push(s);
  console.log(s);
};
say(
  `bench/observe ${new Date().toISOString()} load ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}, ${rounds} rounds of ${seconds} s, ${conns} connections, ${nkeys} keys`,
);
for (const r of requests) {
  for (const t of targets) await load(t, r); // warm-up
  const runs = new Map<string, Figures[]>(targets.map((t) => [t.label, []]));
  for (let i = 0; i < rounds; i++) for (const t of targets) runs.get(t.label)!.push(await load(t, r));
  say(`\n${r.label}`);
  for (const t of targets) {
    const f = runs.get(t.label)!;
    const bad = f.reduce(
      (n, x) =>
        n +
        Object.entries(x.statuses)
          .filter(([s]) => s !== "200")
          .reduce((m, [, c]) => m + c, 0),
      0,
    );
    say(
      `  ${t.label.padEnd(9)} ${median(f.map((x) => x.rps))
        .toFixed(0)
        .padStart(7)} req/s  p50 ${median(f.map((x) => x.p50)).toFixed(2)} ms  p99 ${median(f.map((x) => x.p99)).toFixed(2)} ms  non-200 ${bad}`,
    );
  }
  const ratio = (a: string, b: string) => {
    const ra = runs.get(a)!;
    const rb = runs.get(b)!;
    const rs = ra.map((x, i) => x.rps / rb[i]!.rps);
    return `${(median(rs) * 100).toFixed(1)} % (rounds ${(Math.min(...rs) * 100).toFixed(0)}-${(Math.max(...rs) * 100).toFixed(0)})`;
  };
  say(`  on vs off: ${ratio("on", "off")}`);
  if (baseline) say(`  off vs baseline: ${ratio("off", "baseline")}; on vs baseline: ${ratio("on", "baseline")}`);
}
if (scraper) clearInterval(scraper);
say(`\nscrapes of /metrics during the run: ${scrapes}; access log lines: ${fs.readFileSync(logFile, "utf8").split("\n").length - 1}`);
for (const t of targets) t.stop();
fs.rmSync(tmp, { recursive: true, force: true });
