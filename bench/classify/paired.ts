/**
 * Paired before/after throughput of the classify core, for speed changes too small to see
 * through the noise of a shared machine: both trees are loaded into this one process (each
 * with its own lexicon) and timed alternately, pass after pass, over the same real names,
 * so each pair of passes sees the same neighbours. Prints the CPU-time ratio of each pair
 * (before / after: above 1 means the working tree is faster), their median and range, and
 * the best names/s per CPU second of each side.
 *
 *   git archive <commit> src | tar -x -C /tmp/before     # the "before" tree (src/ only)
 *   node scripts/bun.cjs run bench/classify/paired.ts /tmp/before [names=60000] [pairs=12]
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

type Figure = (core: Core) => number;
const inBatches = (size: number, run: (core: Core, b: ParsedName[]) => number): Figure => (core) => {
  let n = 0;
  for (let i = 0; i < parsed.length; i += size) n += run(core, parsed.slice(i, i + size));
  return n;
};
const FIGURES: [string, Figure][] = [
  ["split only", (core) => { let n = 0; for (const s of slds) n += core.split(s).words.length; return n; }],
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
console.log(`${fmt(parsed.length)} names, ${PAIRS} pairs; before = ${beforeDir}`);
for (const [label, fig] of FIGURES) {
  fig(before); fig(after); // warm-up
  const ratios: number[] = [];
  let bestBefore = Infinity, bestAfter = Infinity;
  for (let p = 0; p < PAIRS; p++) {
    // Alternate which side goes first, so a trend in the load favours neither.
    const [b, a] = p % 2 === 0 ? [cpu(() => fig(before)), cpu(() => fig(after))] : (() => { const a2 = cpu(() => fig(after)); return [cpu(() => fig(before)), a2]; })();
    ratios.push(b / a);
    bestBefore = Math.min(bestBefore, b);
    bestAfter = Math.min(bestAfter, a);
  }
  ratios.sort((x, y) => x - y);
  console.log(
    `${label.padEnd(28)} after/before speed-up: median ${ratios[ratios.length >> 1]!.toFixed(3)} ` +
    `(range ${ratios[0]!.toFixed(2)}-${ratios.at(-1)!.toFixed(2)}); best names/s per CPU second: ` +
    `before ${fmt(parsed.length / bestBefore)}, after ${fmt(parsed.length / bestAfter)}`,
  );
}
