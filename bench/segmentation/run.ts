/**
 * Segmentation accuracy on the hand-split domain names (eval split by default), lower-cased
 * input, for our splitter and a plain unigram baseline implemented below, plus the accuracy
 * of each of our confidence levels.
 *
 *   node scripts/bun.cjs run bench/segmentation/run.ts [eval.txt|train.txt]
 */
import { getSplitter } from "../../src/capabilities/classify/splitter.ts";
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadCases, mergeSingles, score } from "./score.ts";

/**
 * The plain unigram baseline: wordninja's method over the wordsninja rank list (cost of a
 * word = ln((rank + 1) ln N), Zipf's law; anything not in the list is split into letters at a
 * prohibitive cost), a Viterbi over the whole lower-cased name. No names, phrases or unknown-run
 * model: what a dictionary splitter does out of the box.
 */
const words = JSON.parse(readFileSync(path.resolve(import.meta.dir, "../../node_modules/wordsninja/words-en.json"), "utf8")) as string[];
const lnN = Math.log(words.length);
const cost = new Map<string, number>();
words.forEach((w, r) => {
  if (!cost.has(w)) cost.set(w, Math.log((r + 1) * lnN));
});
const maxLen = words.reduce((m, w) => Math.max(m, w.length), 0);
const UNKNOWN = 9e9;

function unigramSplit(s: string): string[] {
  const best = [0];
  const back = [0];
  for (let j = 1; j <= s.length; j++) {
    best[j] = Infinity;
    for (let i = Math.max(0, j - maxLen); i < j; i++) {
      const c = best[i]! + (cost.get(s.slice(i, j)) ?? (j - i === 1 ? UNKNOWN : Infinity));
      if (c < best[j]!) {
        best[j] = c;
        back[j] = i;
      }
    }
  }
  const out: string[] = [];
  for (let j = s.length; j > 0; j = back[j]!) out.unshift(s.slice(back[j]!, j));
  return out;
}

const file = (process.argv[2] ?? "eval.txt") as "eval.txt" | "train.txt";
const cases = loadCases(file);
const splitter = getSplitter();
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

const t0 = performance.now();
const ours = score(cases, (s) => splitter.split(s).words);
const ms = performance.now() - t0;
const base = score(cases, unigramSplit);
console.log(`${file}: ${cases.length} names, lexicon ${splitter.lexicon.version}`);
console.log(`${"".padEnd(28)} ${"merged".padStart(9)} ${"strict".padStart(9)}`);
console.log(`${"zonewise splitter".padEnd(28)} ${pct(ours.merged).padStart(9)} ${pct(ours.strict).padStart(9)}   (${ms.toFixed(0)} ms)`);
console.log(`${"unigram baseline".padEnd(28)} ${pct(base.merged).padStart(9)} ${pct(base.strict).padStart(9)}`);

const byLevel = new Map<string, [number, number]>();
for (const c of cases) {
  const r = splitter.split(c.input);
  const ok = mergeSingles(r.words).join(" ") === mergeSingles(c.gold).join(" ");
  const e = byLevel.get(r.confidence) ?? [0, 0];
  e[0] += ok ? 1 : 0;
  e[1]++;
  byLevel.set(r.confidence, e);
}
for (const level of ["HIGH", "MEDIUM", "LOW"]) {
  const [ok, n] = byLevel.get(level) ?? [0, 0];
  console.log(`confidence ${level.padEnd(6)} ${String(n).padStart(5)} names, ${n ? pct(ok / n) : "-"} merged-correct`);
}
if (process.argv.includes("--errors")) {
  for (const c of cases) {
    const got = splitter.split(c.input).words;
    if (mergeSingles(got).join(" ") !== mergeSingles(c.gold).join(" ")) console.log(`${c.gold.join(" ").padEnd(36)} | ${got.join(" ")}`);
  }
}
