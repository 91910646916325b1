/**
 * In-process throughput of the classify core on ONE core (this thread), over real names, in
 * the batch sizes the endpoints take, plus the lexicon's load time and resident memory.
 *
 *   node scripts/bun.cjs run bench/classify/run.ts [names=200000]
 *
 * Figures: splitter alone; camelcase (split + classify + row + word/tld tables, batches of
 * 1,000; target >= 200,000 names/s); categorize (split + classify + row + summary, batches of
 * 100; target >= 100,000 names/s). Each is timed over the whole list after a warm-up pass,
 * by CPU time of this single-threaded process (= throughput of one dedicated core).
 */
import { loadavg } from "node:os";
import { splitName as parseName } from "../../src/domain/name.ts";
import { camelcaseBatch, categorizeBatch } from "../../src/capabilities/classify/results.ts";
import { getLexicon } from "../../src/capabilities/classify/lexicon.ts";
import { getSplitter } from "../../src/capabilities/classify/splitter.ts";
import { realDomains } from "./names.ts";

const LIMIT = Number(process.argv[2] ?? 200_000);

Bun.gc(true);
const rss0 = process.memoryUsage().rss;
const t0 = performance.now();
const lex = getLexicon();
const splitter = getSplitter();
const loadMs = performance.now() - t0;
Bun.gc(true);
const lexMb = (process.memoryUsage().rss - rss0) / 1e6;

const parsed = realDomains(LIMIT).map(parseName);
console.log(
  `load average at start: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(", ")} (the machine is shared: figures scale with it)`,
);
console.log(
  `${parsed.length.toLocaleString("en-US")} real names (Tranco top 100k, then .nu); lexicon ${lex.version}, ${lex.size.toLocaleString("en-US")} words`,
);
console.log(`lexicon + splitter load: ${loadMs.toFixed(0)} ms, resident memory +${lexMb.toFixed(0)} MB (per thread)`);

/**
 * names/s by this thread's CPU time (the machine is shared: wall time would measure the
 * neighbours), with the wall-clock figure beside it; best of three runs.
 */
function rate(label: string, fn: () => number): void {
  fn(); // warm-up
  let cpuBest = Infinity,
    wallBest = Infinity;
  for (let rep = 0; rep < 3; rep++) {
    const c0 = process.cpuUsage();
    const t = Bun.nanoseconds();
    fn();
    wallBest = Math.min(wallBest, (Bun.nanoseconds() - t) / 1e9);
    const c = process.cpuUsage(c0);
    cpuBest = Math.min(cpuBest, (c.user + c.system) / 1e6);
  }
  const fmt = (x: number) => Math.round(x).toLocaleString("en-US").padStart(10);
  console.log(`${label.padEnd(40)} ${fmt(parsed.length / cpuBest)} names/s of CPU  (${fmt(parsed.length / wallBest)} names/s wall)`);
}

function batches(size: number, fn: (b: typeof parsed) => number): () => number {
  return () => {
    let n = 0;
    for (let i = 0; i < parsed.length; i += size) n += fn(parsed.slice(i, i + size));
    return n;
  };
}

const slds = parsed.map((p) => p.name);
rate("split only", () => {
  let n = 0;
  for (const s of slds) n += splitter.split(s).words.length;
  return n;
});
rate(
  "camelcase, batches of 1,000 (>= 200k)",
  batches(1000, (b) => camelcaseBatch(b).results.length),
);
rate(
  "categorize, batches of 100 (>= 100k)",
  batches(100, (b) => categorizeBatch(b).results.length),
);
console.log(
  `load average at the end: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(", ")}`,
);
