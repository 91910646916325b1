/**
 * The zone index's own figures on one core: build (time, peak memory, size per domain),
 * zone/count latency per term class (full breakdown; and with extension filters), and
 * zone/lookup throughput without and with include_counts, in 5,000-name batches.
 *
 *   node scripts/bun.cjs run bench/zone-index/run.ts --list FILE [--index FILE] [--build] [--json OUT]
 *   node scripts/bun.cjs run bench/zone-index/run.ts --count 20000000 --seed 7 --build
 *
 * --count generates the list with index-builder/generate.ts (cached in bench/out/zone-index);
 * --build builds the index through `cli index build` in a child process under
 * /usr/bin/time -v (its peak RSS is the build's memory). Terms and names are sampled from
 * the list itself (one line in 500), so every class has real hits.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { spawnSync } from "node:child_process";
import { ZoneIndex, type Position } from "../../src/zone-index/index.ts";
import { lookupCompact } from "../../src/capabilities/zone/rows.ts";
import { arg } from "../support/args.ts";

const OUT = path.resolve(import.meta.dir, "../out/zone-index");
const REPO = path.resolve(import.meta.dir, "../..");

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

async function sampleList(file: string, every: number): Promise<string[]> {
  const out: string[] = [];
  let i = 0;
  for await (const line of readline.createInterface({ input: fs.createReadStream(file) })) if (i++ % every === 0 && line) out.push(line);
  return out;
}

function build(list: string, index: string): Record<string, unknown> {
  const timeFile = path.join(OUT, "build.time");
  const r = spawnSync(
    "/usr/bin/time",
    ["-v", "-o", timeFile, process.execPath, "run", path.join(REPO, "src/cli.ts"), "index", "build", "--json", "--tmp", OUT, "--out", index, list],
    {
      encoding: "utf8",
      maxBuffer: 64 << 20,
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (r.status !== 0) throw new Error(`build failed: ${r.stderr.slice(-2000)}`);
  const report = JSON.parse(r.stdout.trim().split("\n").at(-1)!);
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(fs.readFileSync(timeFile, "utf8"));
  return { ...report, inputs: undefined, peakRssBytes: rss ? Number(rss[1]) * 1024 : report.peakRssBytes };
}

function percentiles(ms: number[]): { n: number; p50: number; p99: number; max: number } {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { n: s.length, p50: +at(0.5).toFixed(3), p99: +at(0.99).toFixed(3), max: +s[s.length - 1].toFixed(3) };
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  let list = arg("list");
  const count = arg("count");
  if (!list && count) {
    const seed = arg("seed") ?? "7";
    list = path.join(OUT, `synthetic-${count}-${seed}.txt`);
    if (!fs.existsSync(list)) {
      const r = spawnSync(process.execPath, ["run", path.join(REPO, "index-builder/generate.ts"), "--count", count, "--seed", seed, "--out", list], {
        stdio: "inherit",
      });
      if (r.status !== 0) throw new Error("generate failed");
    }
  }
  if (!list) throw new Error("give --list FILE or --count N");
  const indexFile = arg("index") ?? path.join(OUT, path.basename(list).replace(/\.txt(\.gz)?$/, "") + ".idx");
  const result: Record<string, unknown> = { list, index: indexFile, load: os.loadavg().map((x) => +x.toFixed(2)), cpus: os.cpus().length };
  if (process.argv.includes("--build") || !fs.existsSync(indexFile)) result.build = build(list, indexFile);

  const index = ZoneIndex.open(indexFile);
  index.prepare(); // as the server's serving thread does before it answers (ZoneIndexHolder)
  result.totals = {
    domains: index.totalDomains,
    names: index.totalNames,
    tlds: index.totalTlds,
    bytesPerDomain: +(fs.statSync(indexFile).size / index.totalDomains).toFixed(2),
  };
  const sample = await sampleList(list, Math.max(1, Math.floor(index.totalDomains / 40_000)));
  const names = sample.map((d) => d.slice(0, d.indexOf(".")));
  const exts = [...new Set(sample.map((d) => d.slice(d.indexOf(".") + 1)))];
  const rnd = lcg(42);
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)];
  const sub = (len: number) => {
    for (;;) {
      const n = pick(names);
      if (n.length < len) continue;
      const at = Math.floor(rnd() * (n.length - len + 1));
      return n.slice(at, at + len);
    }
  };
  const chars = "abcdefghijklmnopqrstuvwxyz0123456789-";
  const pairs: string[] = [];
  for (const a of chars) for (const b of chars) pairs.push(a + b);
  const classes: Record<string, string[]> = {
    "2 letters (all 1,369)": pairs,
    "3 letters": Array.from({ length: 300 }, () => sub(3)),
    "4-5 letters": Array.from({ length: 300 }, () => sub(4 + Math.floor(rnd() * 2))),
    "6-10 letters": Array.from({ length: 300 }, () => sub(6 + Math.floor(rnd() * 5))),
    "whole names": Array.from({ length: 300 }, () => pick(names)),
    "absent / 63 chars": [...Array.from({ length: 100 }, () => "qzx" + Math.floor(rnd() * 1e9).toString(36)), "a".repeat(63), "z".repeat(63)],
  };
  const filters: [string, () => string[] | null][] = [
    ["all extensions", () => null],
    ["1 extension", () => [pick(exts)]],
    ["5 extensions", () => Array.from({ length: 5 }, () => pick(exts))],
    ["50 extensions", () => Array.from({ length: 50 }, () => pick(exts))],
  ];
  const counts: Record<string, unknown> = {};
  for (const [fname, filter] of filters) {
    for (const [cname, terms] of Object.entries(classes)) {
      for (const pos of ["contains", "starts", "ends"] as Position[]) {
        if (fname !== "all extensions" && cname.startsWith("2") && pos !== "contains") continue;
        const ms: number[] = [];
        for (const t of terms) {
          const f = filter();
          const t0 = performance.now();
          index.count(t, pos, f);
          ms.push(performance.now() - t0);
        }
        counts[`${fname} | ${cname} | ${pos}`] = percentiles(ms);
      }
    }
  }
  result.count_ms = counts;

  const batch = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? pick(sample) : `${pick(names)}.${pick(exts)}`));
  // Names per second of wall time and per second of this process's CPU time (user + sys:
  // on a shared machine the wall figure counts the time other processes held the core).
  const lookups: Record<string, { wall: number; cpu: number }> = {};
  const measure = (label: string, rounds: { n: number; run: () => void }[]) => {
    rounds[0].run(); // warm-up
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const r of rounds) r.run();
    const wall = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(c0);
    const n = rounds.reduce((x, r) => x + r.n, 0);
    lookups[label] = { wall: Math.round(n / wall), cpu: Math.round(n / ((c.user + c.system) / 1e6)) };
  };
  for (const withCounts of [false, true]) {
    const batches = Array.from({ length: withCounts ? 10 : 40 }, () => batch(5000));
    const split = batches.map((b) => ({ n: b.map((d) => d.slice(0, d.indexOf("."))), e: b.map((d) => d.slice(d.indexOf(".") + 1)) }));
    measure(
      withCounts ? "with include_counts" : "without counts",
      split.map((b) => ({ n: b.n.length, run: () => index.lookupBatch(b.n, b.e, withCounts) })),
    );
    if (!withCounts) {
      // the endpoint's and the zone.lookup task's path: whole normalised domains in, compact rows out
      measure(
        "without counts, whole domains (lookupCompact)",
        batches.map((b) => ({ n: b.length, run: () => lookupCompact(index, b, false) })),
      );
    }
  }
  result.lookup_names_per_s = lookups;
  result.load_after = os.loadavg().map((x) => +x.toFixed(2));
  const json = JSON.stringify(result, null, 1);
  fs.writeFileSync(arg("json") ?? path.join(OUT, "last.json"), json);
  process.stdout.write(json + "\n");
}

await main();
