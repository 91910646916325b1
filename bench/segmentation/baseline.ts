/**
 * The plain unigram baseline: wordninja's method over the wordsninja rank list (cost of a
 * word = ln((rank + 1) ln N), Zipf's law; anything not in the list is split into letters at a
 * prohibitive cost), a Viterbi over the whole lower-cased name. No names, phrases or unknown-run
 * model: what a dictionary splitter does out of the box.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const words = JSON.parse(readFileSync(path.resolve(import.meta.dir, "../../node_modules/wordsninja/words-en.json"), "utf8")) as string[];
const lnN = Math.log(words.length);
const cost = new Map<string, number>();
words.forEach((w, r) => { if (!cost.has(w)) cost.set(w, Math.log((r + 1) * lnN)); });
const maxLen = words.reduce((m, w) => Math.max(m, w.length), 0);
const UNKNOWN = 9e9;

export function unigramSplit(s: string): string[] {
  const best = [0];
  const back = [0];
  for (let j = 1; j <= s.length; j++) {
    best[j] = Infinity;
    for (let i = Math.max(0, j - maxLen); i < j; i++) {
      const c = best[i]! + (cost.get(s.slice(i, j)) ?? (j - i === 1 ? UNKNOWN : Infinity));
      if (c < best[j]!) { best[j] = c; back[j] = i; }
    }
  }
  const out: string[] = [];
  for (let j = s.length; j > 0; j = back[j]!) out.unshift(s.slice(back[j]!, j));
  return out;
}
