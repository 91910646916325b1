/**
 * Paired before/after throughput of the classify core, for speed changes too small to see
 * through the noise of a shared machine: both trees are loaded into this one process (each
 * with its own lexicon) and timed alternately, pass after pass, over the same real names,
 * so each pair of passes sees the same neighbours. Prints the CPU-time ratio of each pair
 * (before / after: above 1 means the working tree is faster), their median, quartiles and
 * range, the ratio of the two sides' total CPU time, and the best names/s per CPU second of
 * each side.
 *
 *   git archive <commit> src | tar -x -C /tmp/before     # the "before" tree (src/ only)
 *   node scripts/bun.cjs run bench/classify/paired.ts /tmp/before [names=60000] [pairs=12] [pass=names]
 *
 * `pass` < names: each pass times the next `pass` names of the list (both sides the same
 * ones), so many short pairs follow the host's changes of speed more closely than a few
 * long ones (this host's speed moves by tens of percent within seconds).
 *
 * Figures: split only; camelcase (batches of 1,000); categorize (batches of 100). The names
 * are parsed once by the working tree's parser (the parser is not what is compared).
 */
import path from "node:path";
import { splitName as parseName, type ParsedName } from "../../src/domain/name.ts";
import { realDomains } from "./names.ts";

const beforeDir = path.resolve(process.argv[2] ?? "");
if (process.argv[2] === undefined) throw new Error("usage: paired.ts <before-tree> [names] [pairs]");
const LIMIT = Number(process.argv[3] ?? 60_000);
const PAIRS = Number(process.argv[4] ?? 12);
const PASS = Math.min(Number(process.argv[5] ?? LIMIT), LIMIT);

interface Core {
  split(name: string): { words: string[] };
  camelcaseBatch(d: readonly ParsedName[]): { results: unknown[] };
  categorizeBatch(d: readonly ParsedName[]): { results: unknown[] };
}

async function load(root: string): Promise<Core> {
  const results = await import(path.join(root, "src/capabilities/classify/results.ts"));
  const splitter = await import(path.join(root, "src/capabilities/classify/splitter.ts"));
  return { split: splitter.splitName, camelcaseBatch: results.camelcaseBatch, categorizeBatch: results.categorizeBatch };
}

const before = await load(beforeDir);
const after = await load(path.resolve(import.meta.dir, "../.."));
const parsed = realDomains(LIMIT).map(parseName);
const slds = parsed.map((p) => p.name);

/** The first name of pass p (passes rotate through the list). */
const passStart = (p: number) => (p * PASS) % (parsed.length - PASS + 1);

type Figure = (core: Core, from: number) => number;
const inBatches =
  (size: number, run: (core: Core, b: ParsedName[]) => number): Figure =>
  (core, from) => {
    let n = 0;
    for (let i = from; i < from + PASS; i += size) n += run(core, parsed.slice(i, Math.min(i + size, from + PASS)));
    return n;
  };
const FIGURES: [string, Figure][] = [
  [
    "split only",
    (core, from) => {
      let n = 0;
      for (let i = from; i < from + PASS; i++) n += core.split(slds[i]!).words.length;
      return n;
    },
  ],
  ["camelcase, batches of 1,000", inBatches(1000, (core, b) => core.camelcaseBatch(b).results.length)],
  ["categorize, batches of 100", inBatches(100, (core, b) => core.categorizeBatch(b).results.length)],
];

/** CPU seconds of this (single-threaded) process for one pass. */
function cpu(fn: () => unknown): number {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1e6;
}

const fmt = (x: number) => Math.round(x).toLocaleString("en-US");
console.log(`${fmt(parsed.length)} names, ${PAIRS} pairs of passes over ${fmt(PASS)} names; before = ${beforeDir}`);
for (const [label, fig] of FIGURES) {
  fig(before, 0);
  fig(after, 0); // warm-up
  const ratios: number[] = [];
  let bestBefore = Infinity,
    bestAfter = Infinity,
    totalBefore = 0,
    totalAfter = 0;
  for (let p = 0; p < PAIRS; p++) {
    const from = passStart(p);
    // Alternate which side goes first, so a trend in the load favours neither.
    let b: number, a: number;
    if (p % 2 === 0) {
      b = cpu(() => fig(before, from));
      a = cpu(() => fig(after, from));
    } else {
      a = cpu(() => fig(after, from));
      b = cpu(() => fig(before, from));
    }
    ratios.push(b / a);
    bestBefore = Math.min(bestBefore, b);
    bestAfter = Math.min(bestAfter, a);
    totalBefore += b;
    totalAfter += a;
  }
  ratios.sort((x, y) => x - y);
  const q = (f: number) => ratios[Math.min(ratios.length - 1, Math.floor(f * ratios.length))]!.toFixed(3);
  console.log(
    `${label.padEnd(28)} after/before speed-up: median ${q(0.5)} (quartiles ${q(0.25)}-${q(0.75)}, ` +
      `range ${ratios[0]!.toFixed(2)}-${ratios.at(-1)!.toFixed(2)}; total CPU ${(totalBefore / totalAfter).toFixed(3)}); ` +
      `best names/s per CPU second: before ${fmt(PASS / bestBefore)}, after ${fmt(PASS / bestAfter)}`,
  );
}
