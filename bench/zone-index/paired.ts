/**
 * Before/after comparisons of the zone index reader on one index file: the reader is
 * imported from --root (this checkout by default, or a `git archive` of an older commit's
 * src/ unpacked elsewhere), so two versions of the code answer the same file in
 * alternating runs on a shared machine.
 *
 *   node scripts/bun.cjs run bench/zone-index/paired.ts --index FILE --list FILE [--root DIR] [--reps 15]
 *
 * Prints, for the bench/zone term classes (4 terms each, without and with the filter com,
 * net, co.uk, nu), the median, p95 and max of `reps` runs per term after one warm-up run,
 * full breakdown included; then zone/lookup without counts on 40 batches of 5,000 whole
 * domains (the endpoint's path, `lookupDomains`), three times, in names per second of wall
 * and of CPU time (user + sys). Lookup names are sampled from --list (one line in 500),
 * half registered domains and half a registered name under a random sampled extension.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { arg } from "../support/args.ts";

const indexFile = arg("index");
const list = arg("list");
if (!indexFile || !list) throw new Error("usage: paired.ts --index FILE --list FILE [--root DIR] [--reps 15]");
const root = path.resolve(arg("root", path.resolve(import.meta.dir, "../.."))!);
const reps = Number(arg("reps", "15"));
const { ZoneIndex } = await import(path.join(root, "src/zone-index/index.ts"));
const index = ZoneIndex.open(indexFile);
index.prepare?.(); // as the server's serving thread does (older checkouts have no prepare)
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");
console.log(`root ${root}, load ${load()}`);

const FILTER = ["com", "net", "co.uk", "nu"];
const CLASSES: [string, string, string[]][] = [
  ["contains, 2 letters", "contains", ["an", "er", "in", "ma"]],
  ["contains, common", "contains", ["shop", "home", "best", "love"]],
  ["contains, digits/hyphens", "contains", ["24", "365", "-the", "2020"]],
  ["starts, common", "starts", ["the", "my", "best", "get"]],
  ["ends, common", "ends", ["shop", "online", "app", "hq"]],
];
for (const [label, pos, terms] of CLASSES) {
  for (const f of [null, FILTER]) {
    const ms: number[] = [];
    for (const t of terms) {
      index.count(t, pos, f);
      for (let i = 0; i < reps; i++) {
        const t0 = performance.now();
        index.count(t, pos, f);
        ms.push(performance.now() - t0);
      }
    }
    ms.sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(2);
    console.log(`${label}${f ? ", filtered" : ""}: p50 ${at(0.5)} p95 ${at(0.95)} max ${at(1)}`);
  }
}

const lines = fs.readFileSync(list, "latin1").split("\n");
const sample: string[] = [];
for (let i = 0; i < lines.length; i += 500) if (lines[i]) sample.push(lines[i]!);
const names = sample.map((d) => d.slice(0, d.indexOf(".")));
const exts = [...new Set(sample.map((d) => d.slice(d.indexOf(".") + 1)))];
let seed = 42;
const rnd = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)]!;
const batches = Array.from({ length: 40 }, () => Array.from({ length: 5000 }, (_, i) => (i % 2 === 0 ? pick(sample) : `${pick(names)}.${pick(exts)}`)));
for (const b of batches) index.lookupDomains(b, false);
for (let r = 0; r < 3; r++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (const b of batches) index.lookupDomains(b, false);
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const n = batches.length * 5000;
  console.log(`lookup without counts: ${Math.round(n / wall)} names/s wall, ${Math.round(n / ((c.user + c.system) / 1e6))} per CPU second (load ${load()})`);
}
