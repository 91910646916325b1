/**
 * Where a camelcase name's time goes: each stage of the in-process path timed on its own
 * over the same real names, by this thread's CPU time (best of five passes), in ns per name.
 * Stages timed alone run with warmer caches than inside the whole path, so they add up to
 * less than the whole; the difference is the price of running them together.
 *
 *   node scripts/bun.cjs run bench/classify/stages.ts [names=100000]
 */
import { loadavg } from "node:os";
import { splitName as parseName } from "../../src/domain/name.ts";
import { splitAndClassify } from "../../src/capabilities/classify/api.ts";
import { classify } from "../../src/capabilities/classify/classifier.ts";
import { getWordInfo } from "../../src/capabilities/classify/classifier-words.ts";
import { getLexicon, NOT_LOOKED_UP } from "../../src/capabilities/classify/lexicon.ts";
import { camelName } from "../../src/capabilities/classify/camel-name.ts";
import { camelcaseBatch, camelcaseOne, categorizeBatch, tldStats } from "../../src/capabilities/classify/results.ts";
import { getSplitter } from "../../src/capabilities/classify/splitter.ts";
import { Tally } from "../../src/capabilities/classify/tally.ts";
import { realDomains } from "./names.ts";

const N = Number(process.argv[2] ?? 100_000);
const parsed = realDomains(N).map(parseName);
const names = parsed.map((p) => p.name);
const splitter = getSplitter(), lex = getLexicon(), info = getWordInfo();
const splits = names.map((n) => {
  const s = splitter.split(n);
  const ids = Array.from(s.words, (w, k) => (splitter.tokenWords()[k] === NOT_LOOKED_UP ? lex.indexOf(w) : splitter.tokenWords()[k]!));
  return { words: s.words, indexes: splitter.tokenWords().slice(), ids };
});

function time(label: string, fn: () => void): void {
  fn(); // warm-up
  let best = Infinity;
  for (let r = 0; r < 5; r++) {
    const c0 = process.cpuUsage();
    fn();
    const c = process.cpuUsage(c0);
    best = Math.min(best, c.user + c.system);
  }
  console.log(`${label.padEnd(44)} ${((best * 1000) / N).toFixed(0).padStart(6)} ns/name`);
}

const inBatches = (size: number, fn: (from: number, to: number) => void) => () => {
  for (let i = 0; i < N; i += size) fn(i, Math.min(N, i + size));
};

console.log(`${N.toLocaleString("en-US")} real names; load average ${loadavg().map((x) => x.toFixed(2)).join(", ")}`);
time("split", () => { for (const n of names) splitter.split(n); });
time("classify (with the splitter's word indexes)", () => { for (let i = 0; i < N; i++) classify(names[i]!, splits[i]!.words, info, splits[i]!.indexes); });
time("split + classify (splitAndClassify)", () => { for (const n of names) splitAndClassify(n); });
time("camelName", () => { for (let i = 0; i < N; i++) camelName(names[i]!, splits[i]!.words); });
time("split string (join)", () => { for (let i = 0; i < N; i++) splits[i]!.words.join(" "); });
time("camelcase row (camelcaseOne)", () => { for (const p of parsed) camelcaseOne(p); });
time("word counts, batches of 1,000", inBatches(1000, (from, to) => {
  const t = new Tally();
  for (let i = from; i < to; i++) {
    const { words, ids } = splits[i]!;
    for (let k = 0; k < words.length; k++) if (ids[k]! >= 0) t.addIndexed(words[k]!, ids[k]!); else t.add(words[k]!);
  }
}));
time("word counts + ranking, batches of 1,000", inBatches(1000, (from, to) => {
  const t = new Tally();
  for (let i = from; i < to; i++) {
    const { words, ids } = splits[i]!;
    for (let k = 0; k < words.length; k++) if (ids[k]! >= 0) t.addIndexed(words[k]!, ids[k]!); else t.add(words[k]!);
  }
  t.ranked((word, count) => ({ word, count }));
}));
time("tld_stats, batches of 1,000", inBatches(1000, (from, to) => tldStats(parsed.slice(from, to))));
time("camelcase, batches of 1,000 (camelcaseBatch)", inBatches(1000, (from, to) => camelcaseBatch(parsed.slice(from, to))));
time("categorize, batches of 100 (categorizeBatch)", inBatches(100, (from, to) => categorizeBatch(parsed.slice(from, to))));
