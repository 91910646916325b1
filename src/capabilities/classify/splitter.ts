/**
 * The word splitter: "bestpizzadenver" -> best pizza denver, deterministically.
 *
 * Guarantees: the output depends only on the name, the lexicon and the parameters; digits
 * are their own tokens and hyphens hard boundaries; a run of letters no list knows stays
 * whole (one unknown run always costs less than two, and two unknown runs never touch), so
 * acronyms and coinages are not shattered into letters; lower-casing the joined words gives
 * back the name's letters and digits.
 *
 * Model: a two-best Viterbi over each run of letters. A token is a lexicon word (cost from
 * its corpus frequency, or from what it is: dictionary word, first name, surname, place,
 * brand; see splitter-params.ts), a known word plus "s", or an unknown run (base + per
 * character). Adjacent words that form a known phrase get a bonus, read from the last word of
 * each of the two paths kept per position (a cheap second-order approximation). The margin
 * between the best and the second-best segmentation gives the confidence.
 *
 * Cost: each position probes the lexicon's hash table once per candidate length with an
 * incremental hash (no substring is built), and the state arrays are allocated once per
 * splitter, so a call allocates only its answer.
 */
import { HASH_START, getLexicon, step, type Lexicon } from "./lexicon.ts";
import { DEFAULT_PARAMS, type SplitterParams } from "./splitter-params.ts";
import { W_BRAND, W_COMPOUND, W_FIRST, W_PLACE, W_SURNAME, W_WORD } from "./classifier-words.ts";

export type SplitConfidence = "HIGH" | "MEDIUM" | "LOW";

export interface Split {
  words: string[];
  confidence: SplitConfidence;
}

/** Longest label (DNS): the state arrays are sized for it. */
const MAX = 63;
const UNKNOWN = -1;
const START = -2;

export class Splitter {
  private readonly cost: Float32Array;
  private readonly c = new Float64Array((MAX + 1) * 2);
  private readonly from = new Int32Array((MAX + 1) * 2);
  private readonly rank = new Int8Array((MAX + 1) * 2);
  private readonly word = new Int32Array((MAX + 1) * 2);
  private readonly isWord = new Uint8Array(MAX + 2);

  constructor(readonly lexicon: Lexicon, readonly params: Readonly<SplitterParams> = DEFAULT_PARAMS) {
    this.cost = new Float32Array(lexicon.size);
    for (let i = 0; i < lexicon.size; i++) this.cost[i] = wordCost(lexicon, i, params);
  }

  split(name: string): Split {
    const s = name.toLowerCase();
    if (s.startsWith("xn--")) return { words: s.length > 4 ? [s] : [], confidence: "LOW" };
    const words: string[] = [];
    let margin = Infinity;
    let i = 0;
    while (i < s.length) {
      const c = s.charCodeAt(i);
      let j = i + 1;
      if (c >= 48 && c <= 57) {
        while (j < s.length && isDigit(s.charCodeAt(j))) j++;
        words.push(s.slice(i, j));
      } else if (c >= 97 && c <= 122) {
        while (j < s.length && isLetter(s.charCodeAt(j)) && j - i < MAX) j++;
        margin = Math.min(margin, this.letters(s, i, j, words));
      }
      i = j; // anything else (hyphen) is a boundary and not a token
    }
    const p = this.params;
    return { words, confidence: margin >= p.high ? "HIGH" : margin >= p.medium ? "MEDIUM" : "LOW" };
  }

  /** Splits s[from, to) (letters only), pushes its tokens, returns best-vs-second margin. */
  private letters(s: string, from: number, to: number, out: string[]): number {
    const L = to - from, p = this.params, lex = this.lexicon, maxLen = lex.maxWordLength;
    const c = this.c;
    for (let k = 0; k <= 2 * L + 1; k++) c[k] = Infinity;
    c[0] = 0;
    this.word[0] = START;
    for (let i = 0; i < L; i++) {
      if (c[2 * i] === Infinity) continue;
      this.isWord.fill(0, i, L + 2);
      let h = HASH_START, prev = -1;
      const end = Math.min(L, i + maxLen);
      for (let j = i + 1; j <= end; j++) {
        h = step(h, s.charCodeAt(from + j - 1));
        const idx = lex.probe(h, s, from + i, from + j);
        if (idx >= 0) {
          this.isWord[j] = 1;
          const plural = prev >= 0 && s.charCodeAt(from + j - 1) === 115 /* s */ ? this.cost[prev]! + p.plural : Infinity;
          this.relax(i, j, idx, Math.min(this.cost[idx]!, plural));
        } else if (prev >= 0 && s.charCodeAt(from + j - 1) === 115 /* s */) {
          this.isWord[j] = 1;
          this.relax(i, j, prev, this.cost[prev]! + p.plural);
        }
        prev = idx;
      }
      let vowels = 0;
      for (let j = i + 1; j <= L; j++) {
        if (VOWEL[s.charCodeAt(from + j - 1)] === 1) vowels++;
        if (this.isWord[j] === 1) continue;
        const n = j - i;
        this.relax(i, j, UNKNOWN, p.unknownBase + p.unknownPerChar * n - (vowels === 0 && n >= 2 && n <= 5 ? p.acronym : 0));
      }
    }
    // Walk back from the best state at L.
    const cuts: number[] = [];
    let k = L, r = 0;
    while (k > 0) {
      const at = 2 * k + r;
      cuts.push(k);
      k = this.from[at]!;
      r = this.rank[at]!;
    }
    let start = from;
    for (let n = cuts.length - 1; n >= 0; n--) {
      out.push(s.slice(start, from + cuts[n]!));
      start = from + cuts[n]!;
    }
    return c[2 * L + 1]! - c[2 * L]!;
  }

  /** Extends both paths ending at i by token [i, j) and keeps the two best at j. */
  private relax(i: number, j: number, idx: number, tokenCost: number): void {
    const c = this.c, p = this.params;
    for (let r = 0; r < 2; r++) {
      const base = c[2 * i + r]!;
      if (base === Infinity) break;
      const prev = this.word[2 * i + r]!;
      if (idx === UNKNOWN && prev === UNKNOWN) continue;
      let total = base + tokenCost;
      if (idx >= 0 && prev >= 0 && this.lexicon.isPhrase(prev, idx)) total -= p.phraseBonus;
      const a = 2 * j, b = a + 1;
      if (total < c[a]!) {
        c[b] = c[a]!; this.from[b] = this.from[a]!; this.rank[b] = this.rank[a]!; this.word[b] = this.word[a]!;
        c[a] = total; this.from[a] = i; this.rank[a] = r; this.word[a] = idx;
      } else if (total < c[b]!) {
        c[b] = total; this.from[b] = i; this.rank[b] = r; this.word[b] = idx;
      }
    }
  }
}

/** The cost of one lexicon word as a token, before phrase bonuses. */
export function wordCost(lex: Lexicon, i: number, p: Readonly<SplitterParams>): number {
  const flags = lex.flags(i);
  let cost = lex.freqCost(i) * p.freqWeight;
  const len = lex.lengthOf(i);
  const bonus = p.lengthBonus * Math.min(len, 10);
  if (flags & W_WORD) cost = Math.min(cost, p.dictionary - bonus);
  if (flags & W_FIRST) cost = Math.min(cost, p.firstName - bonus);
  if (flags & W_SURNAME) cost = Math.min(cost, p.surname - bonus);
  if (flags & W_PLACE) cost = Math.min(cost, p.place - bonus);
  if (flags & W_BRAND) cost = Math.min(cost, p.brand - bonus);
  if (cost === Infinity) cost = p.unknownBase + p.unknownPerChar * len; // in a corpus list only as a fragment
  cost += p.perWord;
  if (len === 1) cost += lex.wordAt(i) === "a" || lex.wordAt(i) === "i" ? p.article : p.singleLetter;
  if (flags & W_COMPOUND) cost += p.compound;
  if (len === 2) cost += p.twoLetters;
  return cost;
}

/** a e i o u y, by character code. */
const VOWEL = new Uint8Array(128);
for (const v of "aeiouy") VOWEL[v.charCodeAt(0)] = 1;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isLetter(c: number): boolean {
  return c >= 97 && c <= 122;
}

let shared: Splitter | null = null;

/** The splitter of this thread over the shipped lexicon and tuned parameters. */
export function getSplitter(): Splitter {
  shared ??= new Splitter(getLexicon());
  return shared;
}

/** Words of a name (a label: letters, digits, hyphens) and the confidence of the split. */
export function splitName(name: string): Split {
  return getSplitter().split(name);
}
