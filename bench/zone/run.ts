/**
 * bench/zone: our index against the strongest peers on the same data, in one run.
 *
 *   bun bench/zone/run.ts [--domains 20000000] [--seed 1] [--real] [--fts-domains 2000000]
 *                         [--skip scan,duckdb,fts] [--reps 50] [--terms 4]
 *
 * Data: --domains synthetic domains (index-builder/generate.ts), or --real for the ~2.4 M
 * real domains of ../shared/data/domains; files and databases go to bench/out/zone.
 * Systems: ours (cli index build in a child process, queried through src/zone-index),
 * scan (one names buffer, 2 worker threads), DuckDB, SQLite FTS5 (on one domain in k when
 * the data exceeds --fts-domains, against ours built on that same sample). Every answer of
 * every peer is checked against ours; a disagreement fails the run (exit code 1).
 * Prints a markdown report and writes bench/out/zone/result-*.json. ZW_BENCH_COMMIT names
 * the commit in the report when the run is not in a git checkout (a `git archive` snapshot).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { OUT_DIR, realDataset, sampleDataset, syntheticDataset, type Dataset } from "./data.ts";
import { OursPeer } from "./ours.ts";
import { ScanPeer } from "./scan.ts";
import { DuckPeer } from "./duckdb.ts";
import { FtsPeer } from "./sqlite-fts.ts";
import { workload, FILTER } from "./terms.ts";
import { groups, measureCounts, measureLookups, Reference, type Checked, type CountingSystem, type Group, type LookupFigures } from "./measure.ts";
import { spawnSync } from "node:child_process";
import { load, type Summary } from "./stats.ts";
import { report, type Result, type SystemResult } from "./report.ts";

function options(argv: string[]) {
  const o = { domains: 20_000_000, seed: 1, real: false, ftsDomains: 2_000_000, skip: new Set<string>(), reps: 50, terms: 4 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => {
      const n = Number(argv[++i]);
      if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${a} needs a non-negative integer`);
      return n;
    };
    if (a === "--domains") o.domains = v();
    else if (a === "--seed") o.seed = v();
    else if (a === "--fts-domains") o.ftsDomains = v();
    else if (a === "--reps") o.reps = Math.max(1, v());
    else if (a === "--terms") o.terms = Math.max(1, v());
    else if (a === "--real") o.real = true;
    else if (a === "--skip") o.skip = new Set((argv[++i] ?? "").split(","));
    else throw new Error(`unknown option ${a}`);
  }
  return o;
}

const log = (s: string) => process.stderr.write(`[zone bench ${new Date().toISOString().slice(11, 19)}] ${s}\n`);

interface Peer extends CountingSystem {
  build(ds: Dataset): Promise<{ seconds: number; bytes: number }>;
  close(): void;
}

/** Builds, measures and checks one peer against the reference; the peer is closed after. */
async function runPeer(
  peer: Peer,
  ds: Dataset,
  gs: Group[],
  reps: number,
  ref: Reference,
  check: Checked,
  lookups: Parameters<typeof measureLookups>[1],
): Promise<SystemResult> {
  log(`${peer.name}: building on ${ds.domains.toLocaleString("en")} domains`);
  const b = await peer.build(ds);
  log(`${peer.name}: built in ${b.seconds.toFixed(1)} s; counting`);
  try {
    const counts = await measureCounts(peer, gs, reps, ref, check, false);
    log(`${peer.name}: lookups`);
    const plain = await measureLookups(peer, lookups, false, Infinity, ref, check, false);
    const withCounts = await measureLookups(peer, lookups, true, 10_000, ref, check, false);
    return { name: peer.name, dataset: ds, build: { seconds: b.seconds, bytes: b.bytes, peakRssBytes: null }, counts, plain, withCounts };
  } finally {
    peer.close();
  }
}

/** Our build, counts and lookups; also records the reference answers. */
async function runOurs(
  ds: Dataset,
  gs: Group[],
  reps: number,
  ref: Reference,
  check: Checked,
  lookups: Parameters<typeof measureLookups>[1],
  work: string,
  tag: string,
): Promise<SystemResult & { ours: OursPeer }> {
  const ours = new OursPeer(path.join(work, `ours-${tag}.zwi`));
  log(`ours: cli index build on ${ds.domains.toLocaleString("en")} domains`);
  const b = ours.build(ds, work);
  if (ours.totalDomains !== ds.domains) throw new Error(`our index holds ${ours.totalDomains} domains, the dataset ${ds.domains}`);
  log(`ours: built in ${b.seconds.toFixed(1)} s, peak RSS ${(b.peakRssBytes / 2 ** 20).toFixed(0)} MB; counting`);
  const counts = await measureCounts(ours, gs, reps, ref, check, true);
  await measureLookups(ours, lookups, false, Infinity, ref, check, true);
  await measureLookups(ours, lookups, true, Infinity, ref, check, true);
  const rate = (withCounts: boolean): LookupFigures => {
    const names = lookups.map((x) => x.name);
    const exts = lookups.map((x) => x.ext);
    let n = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 1_500) {
      ours.lookupRaw(names, exts, withCounts);
      n += names.length;
    }
    return { namesPerSecond: (n / (performance.now() - t0)) * 1000, names: n };
  };
  return { name: ours.name, dataset: ds, build: b, counts, plain: rate(false), withCounts: rate(true), ours };
}

async function main(): Promise<number> {
  const o = options(process.argv.slice(2));
  const started = new Date();
  const loadBefore = load();
  const ds = o.real ? await realDataset() : await syntheticDataset(o.domains, o.seed);
  log(`dataset: ${ds.label}: ${ds.domains.toLocaleString("en")} distinct domains (${ds.file})`);
  const work = path.join(OUT_DIR, "work");
  fs.mkdirSync(work, { recursive: true });
  const wl = await workload(ds, o.terms);
  const gs = groups(wl.classes, FILTER);
  const ref = new Reference();
  const check: Checked = { compared: 0, mismatches: [] };
  const systems: SystemResult[] = [];

  const main = await runOurs(ds, gs, o.reps, ref, check, wl.lookups, work, "full");
  systems.push(main);
  main.ours.close();
  // peers take 10-1000 times longer per query: 2 runs each for the scan and FTS5, 1 for DuckDB
  if (!o.skip.has("scan")) systems.push(await runPeer(new ScanPeer(), ds, gs, Math.min(2, o.reps), ref, check, wl.lookups));
  if (!o.skip.has("duckdb")) systems.push(await runPeer(new DuckPeer(work), ds, gs, 1, ref, check, wl.lookups));
  if (!o.skip.has("fts") && o.ftsDomains > 0) {
    const every = Math.ceil(ds.domains / o.ftsDomains);
    const small = await sampleDataset(ds, every);
    let subRef = ref;
    if (every > 1) {
      subRef = new Reference();
      const sub = await runOurs(small, gs, o.reps, subRef, check, wl.lookups, work, "sample");
      sub.ours.close();
      systems.push({ ...sub, name: `${sub.name} (sample)` });
    }
    systems.push(await runPeer(new FtsPeer(work), small, gs, Math.min(2, o.reps), subRef, check, wl.lookups));
  }
  const result: Result = {
    commit:
      process.env.ZW_BENCH_COMMIT || spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: import.meta.dir, encoding: "utf8" }).stdout?.trim() || "unknown",
    started: started.toISOString(),
    seconds: (Date.now() - started.getTime()) / 1000,
    command: `bun bench/zone/run.ts ${process.argv.slice(2).join(" ")}`.trim(),
    machine: `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, ${os.cpus()[0]?.model ?? "?"}`,
    loadBefore,
    loadAfter: load(),
    dataset: ds,
    groups: gs.map((g) => ({ label: g.label, terms: g.queries.map((q) => q.term) })),
    systems: systems.map(({ counts, ...s }) => ({ ...s, counts: Object.fromEntries(counts) as Record<string, Summary> })),
    compared: check.compared,
    mismatches: check.mismatches,
  };
  const tag = o.real ? "real" : `${ds.domains}`;
  fs.writeFileSync(
    path.join(OUT_DIR, `result-${tag}.json`),
    JSON.stringify(result, (k, v) => (k === "ours" ? undefined : v), 2),
  );
  process.stdout.write(report(result));
  return check.mismatches.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`zone bench: ${(e as Error).stack ?? e}\n`);
    process.exit(2);
  },
);
