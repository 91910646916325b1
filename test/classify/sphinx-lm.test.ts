/**
 * The language-model reader behind scripts/lexicon/data/word-pairs.tsv.gz, on a small model
 * written here in the same binary layout (the real one is a Debian package CI does not have):
 * every word's probability, and every bigram under its predicted word with its association
 * in nats.
 */
import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { foldModel, foldWord } from "../../scripts/lexicon/extract-language-model.ts";
import { readLanguageModel, type LanguageModel } from "../../scripts/lexicon/sphinx-lm.ts";
import { tempDir } from "../support/harness.ts";

const UNIT = Math.log(1.0001);

/** A trigram-order model with no trigrams: unigrams (log prob in logmath units) and bigrams "h w" -> log p(w | h). */
function writeModel(file: string, words: string[], uni: number[], bigrams: [number, number, number][]): void {
  const bins = 1 << 16;
  const bitsFor = (max: number) => {
    let n = 0;
    while (n < 32 && max >>> n !== 0) n++;
    return n;
  };
  const U = words.length,
    wordBits = bitsFor(U);
  // under each predicted word w, its histories h in increasing order
  const sorted = [...bigrams].sort((x, y) => x[1] - y[1] || x[0] - y[0]);
  const probTable = new Float32Array(bins),
    boTable = new Float32Array(bins),
    longTable = new Float32Array(bins);
  sorted.forEach(([, , p], i) => (probTable[i + 1] = p)); // bin i + 1 holds the i-th bigram's probability
  const recordBits = wordBits + 32; // no trigrams: the child index takes 0 bits
  const packed = new Uint8Array(Math.floor(((1 + sorted.length) * recordBits + 7) / 8) + 8);
  const put = (at: number, len: number, v: number) => {
    for (let i = 0; i < len; i++) if (Math.floor(v / 2 ** i) % 2) packed[(at + i) >>> 3]! |= 1 << ((at + i) & 7);
  };
  sorted.forEach(([h], i) => {
    put(i * recordBits, wordBits, h);
    put(i * recordBits + wordBits + 16, 16, i + 1);
  });
  const longest = new Uint8Array(Math.floor((1 * (wordBits + 16) + 7) / 8) + 8);
  const head = Buffer.alloc(19 + 1 + 12 + 4);
  head.write("Trie Language Model", 0, "latin1");
  head[19] = 3;
  head.writeUInt32LE(U, 20);
  head.writeUInt32LE(sorted.length, 24);
  head.writeUInt32LE(0, 28);
  head.writeInt32LE(1, 32);
  const unigrams = Buffer.alloc(12 * (U + 1));
  let next = 0;
  for (let w = 0; w <= U; w++) {
    unigrams.writeFloatLE(w < U ? uni[w]! : 0, 12 * w);
    unigrams.writeUInt32LE(next, 12 * w + 8);
    while (w < U && next < sorted.length && sorted[next]![1] === w) next++;
  }
  const vocab = Buffer.from(words.join("\0") + "\0", "latin1");
  const k = Buffer.alloc(4);
  k.writeInt32LE(vocab.length, 0);
  writeFileSync(
    file,
    Buffer.concat([head, Buffer.from(probTable.buffer), Buffer.from(boTable.buffer), Buffer.from(longTable.buffer), unigrams, packed, longest, k, vocab]),
  );
}

test("every bigram of a Sphinx trie model, under its predicted word, with ln p(w | h) - ln p(w)", () => {
  const file = path.join(tempDir("zw-lm-"), "tiny.lm.bin");
  const words = ["<s>", "estate", "new", "real", "york"];
  const uni = [-99999, -60000, -30000, -40000, -50000];
  // "real estate", "new york", "new estate", "<s> new"
  writeModel(file, words, uni, [
    [3, 1, -20000],
    [2, 4, -15000],
    [2, 1, -70000],
    [0, 2, -10000],
  ]);
  const seen: [string, string, number][] = [];
  const lm = readLanguageModel(file);
  expect(lm.words).toEqual(words);
  expect([...lm.logProb].map((x) => Math.round(x / UNIT))).toEqual(uni);
  lm.forEachBigram((h, w, pmi) => seen.push([h, w, Math.round(pmi / UNIT)]));
  expect(seen.sort()).toEqual([
    ["<s>", "new", 20000],
    ["new", "estate", -10000],
    ["new", "york", 35000],
    ["real", "estate", 40000],
  ]);
});

test("a file that is no trie model is refused", () => {
  const file = path.join(tempDir("zw-lm-"), "not.lm.bin");
  writeFileSync(file, "ARPA or anything else");
  expect(() => readLanguageModel(file)).toThrow(/not a Sphinx trie language model/);
});

test("folding the model as names glue words: apostrophes dropped, spellings summed, pairs weighted by their first word", () => {
  const words = ["its", "it's", "what's", "up", "a.", "good"];
  const p = [0.02, 0.03, 0.01, 0.05, 0.04, 0.06];
  // ln p(w | h) for the listed bigrams: "it's good", "its good", "what's up", "a. good"
  const cond: [string, string, number][] = [
    ["it's", "good", 0.3],
    ["its", "good", 0.1],
    ["what's", "up", 0.5],
    ["a.", "good", 0.9],
  ];
  const lm: LanguageModel = {
    words,
    logProb: Float64Array.from(p, Math.log),
    forEachBigram(visit) {
      for (const [h, w, c] of cond) visit(h, w, Math.log(c) - Math.log(p[words.indexOf(w)]!));
    },
  };
  expect(["it's", "'cause", "joe's", "a.", "all-star"].map(foldWord)).toEqual(["its", "cause", "joes", null, null]);
  const { probs, pairs } = foldModel(lm);
  expect([...probs.keys()].sort()).toEqual(["good", "its", "up", "whats"]);
  expect(probs.get("its")).toBeCloseTo(0.05, 12);
  // p(good | its) = (0.02 * 0.1 + 0.03 * 0.3) / 0.05 = 0.22
  expect(pairs.get("its\tgood")).toBeCloseTo(Math.log(0.22) - Math.log(0.06), 12);
  expect(pairs.get("whats\tup")).toBeCloseTo(Math.log(0.5) - Math.log(0.05), 12);
  expect(pairs.size).toBe(2);
});
