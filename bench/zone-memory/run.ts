/**
 * bench/zone-memory: the server's memory while it serves a big zone index (the target:
 * resident memory at most the index size plus 500 MB).
 *
 *   node scripts/bun.cjs run bench/zone-memory/run.ts --index FILE --list FILE [--seconds 60] [--conns 4] [--lookups N] [--settle S]
 *
 * Starts the real server in a child process on the index (ZW_WORKERS=2: the main thread and
 * both workers map the file), then keeps `conns` connections busy with what the index
 * serves: 5,000-name zone/lookup batches (one in four with include_counts, 500 names),
 * zone/count over sampled terms and positions with and without an extension filter, and
 * zone/stats. Names and terms are sampled from the list the index was built from. Every
 * 250 ms it reads the server's /proc/PID/status (VmRSS, RssAnon, RssFile) and
 * /proc/PID/smaps_rollup (Pss). The index is mapped once per thread; RSS counts a file page
 * once per mapping that touched it, so it overstates. The verdict is on index size + peak
 * anonymous memory, an upper bound of what the server holds (each index page at most once,
 * plus everything that is not the index); Pss, which should equal it, is printed beside it
 * but varies with how the kernel maps the file (huge pages). Prints peaks and the verdict.
 *
 * The peak grows with the work done, and this shared host's speed varies, so to compare two
 * builds give both the same work: --lookups N ends the run after N 5,000-name lookups
 * (--seconds is then only a cap).
 */
import fs from "node:fs";
import path from "node:path";
import { spawnBenchServer } from "../support/spawn.ts";
import readline from "node:readline";
import { arg } from "../support/args.ts";

const index = arg("index");
const list = arg("list");
if (!index || !list) throw new Error("usage: run.ts --index FILE --list FILE [--seconds 60] [--conns 4] [--lookups N] [--settle S]");
const seconds = Number(arg("seconds", "60"));
const conns = Number(arg("conns", "4"));
const lookups = Number(arg("lookups", "0"));
const indexBytes = fs.statSync(index).size;
const MB = 1024 * 1024;

// One line in `every` of the list: registered domains, their names, and terms cut from them.
async function sample(file: string, every: number): Promise<string[]> {
  const out: string[] = [];
  let i = 0;
  for await (const line of readline.createInterface({ input: fs.createReadStream(file) })) if (i++ % every === 0 && line) out.push(line);
  return out;
}
const lines = await sample(list, Math.max(1, Math.floor(fs.statSync(list).size / 16 / 200_000)));
let seed = 12345;
const rand = (n: number) => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) % n;
const pick = () => lines[rand(lines.length)]!;
const batch = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const d = pick();
    const name = d.slice(0, d.indexOf("."));
    return i % 4 === 0 ? name : i % 4 === 1 ? `${name}.example-absent` : d;
  });
const term = () => {
  const name = pick().split(".")[0]!;
  const len = 2 + rand(Math.min(6, Math.max(1, name.length - 1)));
  const at = rand(Math.max(1, name.length - len + 1));
  const t = name.slice(at, at + len).replace(/^-+|-+$/g, "");
  return t.length >= 2 ? t : "ab";
};

const {
  proc: server,
  info,
  pid,
} = await spawnBenchServer(path.join(import.meta.dir, "server.ts"), ["300"], {
  env: { ZW_ZONE_INDEX: path.resolve(index), ZW_WORKERS: process.env.ZW_WORKERS ?? "2" },
  launcher: true,
});
const { port, keys } = info;
const base = `http://127.0.0.1:${port}`;
const probe = await fetch(`${base}/v1/zone/stats`, { headers: { authorization: `Bearer ${keys[0]}` } });
if (probe.status !== 200) {
  process.kill(pid, "SIGTERM");
  throw new Error(`the server does not serve ${index}: zone/stats answered ${probe.status} ${await probe.text()}`);
}
const served = (await probe.json()) as { total_domains: number };

function readMem(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string, from: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(from)?.[1] ?? 0) * 1024;
  const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  return { rss: kb("VmRSS", status), anon: kb("RssAnon", status), file: kb("RssFile", status), pss: kb("Pss", rollup) };
}
const idle = readMem(pid);
// --settle S: S seconds without requests first, so the serving thread's derived structures
// (built in the background after the index goes live) are counted apart from the load's peak
const settleSeconds = Number(arg("settle", "0"));
let settled = idle;
if (settleSeconds > 0) {
  let settlePeak = idle.anon;
  for (let i = 0; i < settleSeconds * 4; i++) {
    await Bun.sleep(250);
    settled = readMem(pid);
    settlePeak = Math.max(settlePeak, settled.anon);
  }
  console.error(
    `settled after ${settleSeconds} s without requests: anonymous ${(settled.anon / MB).toFixed(0)} MB (peak while settling ${(settlePeak / MB).toFixed(0)} MB)`,
  );
}
const peak = { ...settled };
const sampler = setInterval(() => {
  const m = readMem(pid);
  for (const k of Object.keys(peak) as (keyof typeof peak)[]) peak[k] = Math.max(peak[k], m[k]);
}, 250);

let k = 0;
const counts = { lookup: 0, lookupCounts: 0, count: 0, stats: 0, names: 0, failed: 0 };
async function call(method: string, url: string, body?: unknown): Promise<void> {
  const r = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${keys[k++ % keys.length]}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (r.status !== 200) {
    counts.failed++;
    const why = `${r.status} ${url}: ${text.slice(0, 160)}`;
    failures.set(why, (failures.get(why) ?? 0) + 1);
  }
}
const failures = new Map<string, number>();
const POSITIONS = ["contains", "starts", "ends"];
const end = performance.now() + seconds * 1000;
async function worker(w: number): Promise<void> {
  for (let i = 0; performance.now() < end && (lookups === 0 || counts.lookup < lookups); i++) {
    const step = (i + w) % 8;
    if (step === 0) {
      await call("POST", "/v1/zone/lookup", { domains: batch(500), include_counts: true });
      counts.lookupCounts++;
      counts.names += 500;
    } else if (step < 4) {
      await call("POST", "/v1/zone/lookup", { domains: batch(5000) });
      counts.lookup++;
      counts.names += 5000;
    } else if (step < 7) {
      const filtered = step === 6;
      await call("POST", "/v1/zone/count", { term: term(), position: POSITIONS[rand(3)], ...(filtered ? { tlds: ["com", "net", "co.uk", "nu"] } : {}) });
      counts.count++;
    } else {
      await call("GET", "/v1/zone/stats");
      counts.stats++;
    }
  }
}
const t0 = performance.now();
await Promise.all(Array.from({ length: conns }, (_, w) => worker(w)));
const elapsed = (performance.now() - t0) / 1000;
clearInterval(sampler);
const last = readMem(pid);
process.kill(pid, "SIGTERM");
await server.exited;

const mb = (b: number) => `${(b / MB).toFixed(0)} MB`;
console.log(
  `bench/zone-memory: ${path.basename(index)} (${mb(indexBytes)}, ${served.total_domains.toLocaleString("en-US")} domains), ${conns} connections for ${elapsed.toFixed(0)} s, ZW_WORKERS=${process.env.ZW_WORKERS ?? "2"}`,
);
console.log(
  `requests: ${counts.lookup} lookups of 5,000, ${counts.lookupCounts} lookups of 500 with include_counts, ${counts.count} counts, ${counts.stats} stats; ${counts.names.toLocaleString("en-US")} names; non-200: ${counts.failed}`,
);
for (const [why, n] of failures) console.log(`  ${n} x ${why}`);
console.log(`                    idle     settled        peak        end`);
for (const [label, key] of [
  ["RSS", "rss"],
  ["  anonymous", "anon"],
  ["  file-backed", "file"],
  ["PSS", "pss"],
] as const) {
  console.log(
    `${label.padEnd(16)} ${mb(idle[key]).padStart(8)}    ${mb(settled[key]).padStart(8)}    ${mb(peak[key]).padStart(8)}    ${mb(last[key]).padStart(8)}`,
  );
}
const budget = indexBytes + 500 * MB;
// What the server holds is at most the index's pages once (however many threads map them)
// plus its anonymous memory, so index + peak anonymous bounds it from above. PSS should say
// the same, but the kernel divides huge-page-mapped file pages (FilePmdMapped) unevenly:
// two runs with the same file-backed RSS gave 318 and 635 MB of file PSS.
const bound = indexBytes + peak.anon;
console.log(
  `budget (index + 500 MB): ${mb(budget)}; index + peak anonymous ${mb(bound)} ${bound <= budget ? "within" : "OVER"}; peak PSS ${mb(peak.pss)} ${peak.pss <= budget ? "within" : "over"}; peak RSS ${mb(peak.rss)} (counts the index once per thread) ${peak.rss <= budget ? "within" : "over"}`,
);
if (counts.failed > 0) process.exitCode = 1;
