/**
 * Where a camelcase name's time goes: each stage of the in-process path (batch-stages.ts and
 * the row builders of results.ts), timed on its own over the same real names in batches of
 * 1,000, by this thread's CPU time (best of five passes), in ns per name. A stage timed
 * alone runs with warmer caches than inside the whole batch, so the stages add up to less
 * than the whole; the difference is the price of running them together.
 *
 *   node scripts/bun.cjs run bench/classify/stages.ts [names=100000]
 */
import { loadavg } from "node:os";
import { splitName as parseName, type ParsedName } from "../../src/domain/name.ts";
import { countWords, splitBatch, topicsOf, type BatchSplits } from "../../src/capabilities/classify/batch-stages.ts";
import { camelDomain } from "../../src/capabilities/classify/camel-name.ts";
import { camelcaseBatch, categorizeBatch, tldStats } from "../../src/capabilities/classify/results.ts";
import { Tally } from "../../src/capabilities/classify/tally.ts";
import { realDomains } from "./names.ts";

const N = Number(process.argv[2] ?? 100_000);
const SIZE = 1000;
const parsed = realDomains(N).map(parseName);
const batches: ParsedName[][] = [];
for (let i = 0; i < N; i += SIZE) batches.push(parsed.slice(i, i + SIZE));
const splits: BatchSplits[] = batches.map(splitBatch);
const counted = batches.map((_, b) => {
  const t = new Tally(2 * SIZE);
  countWords(splits[b]!, t);
  return t;
});

function time(label: string, fn: (batch: ParsedName[], b: number) => unknown): void {
  const pass = () => batches.forEach(fn);
  pass(); // warm-up
  let best = Infinity;
  for (let r = 0; r < 5; r++) {
    const c0 = process.cpuUsage();
    pass();
    const c = process.cpuUsage(c0);
    best = Math.min(best, c.user + c.system);
  }
  console.log(`${label.padEnd(52)} ${((best * 1000) / N).toFixed(0).padStart(6)} ns/name`);
}

const WORD = (word: string, count: number) => ({ word, count });
console.log(
  `${N.toLocaleString("en-US")} real names in batches of ${SIZE}; load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(", ")}`,
);
time("split, every name (splitBatch)", (batch) => splitBatch(batch));
time("classify, every name (topicsOf: facts, then rules)", (batch, b) => topicsOf(batch, splits[b]!));
time("count the words (countWords)", (_, b) => countWords(splits[b]!, new Tally(2 * SIZE)));
time("rank the words (word_stats)", (_, b) => counted[b]!.ranked(WORD));
time("converted (camelDomain)", (batch, b) => batch.map((d, i) => camelDomain(d.ascii, d.name, d.ext, splits[b]!.splits[i]!.words)));
time("tld_stats", (batch) => tldStats(batch));
time("camelcase, whole batch (camelcaseBatch)", (batch) => camelcaseBatch(batch));
time("categorize, batches of 100 (categorizeBatch)", (batch) => {
  for (let i = 0; i < batch.length; i += 100) categorizeBatch(batch.slice(i, i + 100));
});
