/**
 * The lexicon's trie against the plain definition it replaces (a set of the words), and the
 * splitter's word indexes against plain look-ups: the speed paths answer what a Set and
 * indexOf() would.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { decodeTables, getLexicon, Lexicon, LEXICON_FILE, NOT_A_WORD, NOT_LOOKED_UP, PAIR_PHRASE } from "./lexicon.ts";
import { tinyLexiconFile } from "../../../test/support/tiny-lexicon.ts";
import { WordTrie } from "./lexicon-trie.ts";
import { getSplitter } from "./splitter.ts";

const lex = getLexicon();
const words: string[] = [];
for (let i = 0; i < lex.size; i++) words.push(lex.wordAt(i));
/** The plain definition: each word's index (the first copy of a repeated word). */
const first = new Map<string, number>();
words.forEach((w, i) => {
  if (w !== "" && !first.has(w)) first.set(w, i);
});
const plainIndex = (s: string): number => first.get(s) ?? -1;

describe("lexicon tables", () => {
  test("live on shared memory: a structured clone (what pool.share posts a worker) is the same memory, and a Lexicon over it answers the same", () => {
    const t = decodeTables(readFileSync(LEXICON_FILE)); // a private decode: writing to it below harms nobody
    const arrays = Object.values(t).filter((v) => ArrayBuffer.isView(v));
    expect(arrays.length).toBe(10);
    for (const v of arrays) expect((v as Uint8Array).buffer).toBeInstanceOf(SharedArrayBuffer);
    const clone = structuredClone(t);
    const before = t.freq[7]!;
    clone.freq[7] = before ^ 1;
    expect(t.freq[7]).toBe(before ^ 1);
    t.freq[7] = before;
    const a = new Lexicon(t),
      b = new Lexicon(clone);
    for (const w of ["best", "pizza", "shop", "xqzv", ""]) expect(b.indexOf(w)).toBe(a.indexOf(w));
    for (const w of [0, 1000, lex.size - 1]) expect(b.wordAt(w)).toBe(lex.wordAt(w));
  });
});

describe("lexicon size", () => {
  test("the shipped tables stay near 75 MB: the pair lists hold each pair once, in four bytes", () => {
    const t = decodeTables(readFileSync(LEXICON_FILE));
    let bytes = 0;
    for (const v of Object.values(t)) if (ArrayBuffer.isView(v)) bytes += v.byteLength;
    // 74.5 MB with lex-2026.11.28: the other languages' 163k words took the trie past 1.4 M
    // nodes, where its table doubles (50 MB), and their lists 1.7 MB (docs/classify.md);
    // 45.4 MB with lex-2026.11.13 (the pairs 8.8 MB of it, the trie 25.2 MB with its letters);
    // 43.7 MB with lex-2026.11.12, 35.3 MB before the trie's letters, 44.3 MB with the hashed
    // pair table before that (bench/classify/RESULTS.md)
    expect(bytes).toBeLessThan(78e6);
  });
});

describe("lexicon pair table", () => {
  /** A lexicon of four words with these phrases and word pairs (first, second, association). */
  const tiny = (phrases: string[], pairs: [number, number, number][]) => decodeTables(tinyLexiconFile(["a", "bb", "cc", "dd"], phrases, pairs));
  test("a phrase that is also a word pair is one entry holding both, and the lists hold distinct pairs", () => {
    const phrases = ["a bb", "bb cc", "cc dd", "dd a"];
    const both = tiny(phrases, [
      [0, 1, 5],
      [1, 2, 6],
      [2, 3, 7],
      [3, 0, 8],
    ]);
    const apart = tiny(phrases, [
      [0, 2, 5],
      [1, 3, 6],
      [2, 0, 7],
      [3, 1, 8],
    ]);
    expect(both.pairList.length).toBe(4);
    expect(apart.pairList.length).toBe(8);
    expect([...apart.pairStart]).toEqual([0, 2, 4, 6, 8]);
    const lex = new Lexicon(both);
    expect(lex.pairValue(1, 2)).toBe(PAIR_PHRASE + 6);
    expect(lex.pairValue(2, 1)).toBe(0);
    const other = new Lexicon(apart);
    expect([other.pairValue(1, 2), other.pairValue(1, 3), other.pairValue(1, 0), other.pairValue(1, 1)]).toEqual([PAIR_PHRASE, 6, 0, 0]);
    const seen: string[] = [];
    other.forEachPair((a, b, v) => seen.push(`${a} ${b} ${v}`));
    expect(seen).toEqual(["0 1 256", "0 2 5", "1 2 256", "1 3 6", "2 0 7", "2 3 256", "3 0 256", "3 1 8"]);
  });

  test("phrases and pairs in any order, a pair given twice among them, give the tables of the ordered lists", () => {
    const phrases = ["a bb", "bb cc", "cc dd", "dd a", "bb a"];
    const pairs: [number, number, number][] = [
      [0, 1, 5],
      [0, 3, 2],
      [1, 2, 6],
      [2, 3, 7],
      [3, 0, 8],
      [3, 2, 1],
    ];
    const ordered = tiny(phrases, pairs);
    const shuffled = tiny([...phrases].reverse(), [pairs[4]!, pairs[1]!, pairs[5]!, pairs[0]!, pairs[3]!, pairs[2]!, pairs[4]!]);
    for (const k of ["pairStart", "pairList", "phraseRole"] as const) expect([...shuffled[k]], k).toEqual([...ordered[k]]);
    expect(ordered.pairList.length).toBe(7); // "bb a" is a phrase only; "a bb", "bb cc", "cc dd", "dd a" are both
  });

  test("a first word with a long list answers every pair by halving, as one with a short list by scanning", () => {
    // word 0 ("a") is followed by all 40 others: a list longer than the scan, searched
    const words = ["a", ...Array.from({ length: 40 }, (_, i) => `w${String(i).padStart(2, "0")}`)];
    const pairs: [number, number, number][] = [];
    for (let b = 1; b <= 40; b++) if (b % 3 !== 0) pairs.push([0, b, b]);
    pairs.push([5, 0, 99]);
    const lex = new Lexicon(decodeTables(tinyLexiconFile(words, [], pairs)));
    for (let b = 0; b <= 40; b++) expect(lex.pairValue(0, b), `a ${b}`).toBe(b > 0 && b % 3 !== 0 ? b : 0);
    expect([lex.pairValue(5, 0), lex.pairValue(5, 1), lex.pairValue(1, 0)]).toEqual([99, 0, 0]);
  });
});

describe("lexicon trie", () => {
  test("find() gives every word its own index (the first copy of a repeated word)", () => {
    for (const [w, i] of first) if (lex.indexOf(w) !== i) expect(lex.indexOf(w), w).toBe(i);
  });

  test("find() of strings that are no word is -1: prefixes, extensions, slices, other scripts", () => {
    let checked = 0;
    for (let i = 0; i < words.length; i += 97) {
      const w = words[i]!;
      for (const probe of [w.slice(0, -1), w.slice(1), `${w}q`, `${w}zz`, `q${w}`, `${w}é`, w.toUpperCase()]) {
        const expected = plainIndex(probe);
        if (lex.indexOf(probe) !== expected) expect(lex.indexOf(probe), probe).toBe(expected);
        if (expected === -1) checked++;
      }
      // A slice of a longer string, without building the substring.
      expect(lex.find(`--${w}--`, 2, 2 + w.length)).toBe(lex.indexOf(w));
    }
    expect(checked).toBeGreaterThan(20_000);
    for (const s of ["", "\u00e9", "\u{1F600}", "a\u0000"]) expect(lex.indexOf(s), JSON.stringify(s)).toBe(-1);
  });

  test("a trie of an unsorted list with repeats and empty lines: each word's first line", () => {
    const trie = new WordTrie(new TextEncoder().encode("b\na\n\nab\na\nabc\nzz9\n"), 8);
    const at = (w: string) => {
      let node = trie.root;
      for (let k = 0; k < w.length && node >= 0; k++) node = trie.child(node, w.charCodeAt(k));
      return node < 0 ? "none" : trie.wordOf(node);
    };
    expect(["b", "a", "ab", "abc", "zz9", "z", "ac", "abcd"].map(at)).toEqual([0, 1, 3, 5, 6, -1, "none", "none"]);
    // the letters a word goes on with (digits have no bit: only the splitter's letter runs ask)
    const letters = (w: string) => {
      let node = trie.root;
      for (let k = 0; k < w.length; k++) node = trie.child(node, w.charCodeAt(k));
      const m = trie.lettersOf(node);
      return [..."abcdefghijklmnopqrstuvwxyz"].filter((c) => (m & (1 << (c.charCodeAt(0) - 97))) !== 0).join("");
    };
    expect(["", "a", "ab", "abc", "z", "zz", "b"].map(letters)).toEqual(["abz", "b", "c", "", "z", "", ""]);
    expect(() => new WordTrie(new TextEncoder().encode("caf\u00e9"), 1)).toThrow(/non-ASCII/);
  });

  test("child() walks exactly the prefixes of words; wordOf() ends on words only", () => {
    const prefixes = new Set<string>();
    for (let i = 0; i < words.length; i += 13) for (let k = 1; k <= words[i]!.length; k++) prefixes.add(words[i]!.slice(0, k));
    for (const p of prefixes) {
      let node = lex.trie.root;
      for (let k = 0; k < p.length && node >= 0; k++) node = lex.trie.child(node, p.charCodeAt(k));
      expect(node, p).toBeGreaterThanOrEqual(0);
      expect(lex.trie.wordOf(node), p).toBe(plainIndex(p));
      // lettersOf() holds exactly the letters whose child() is a node
      for (let c = 97; c <= 122; c++) expect((lex.trie.lettersOf(node) & (1 << (c - 97))) !== 0, p + String.fromCharCode(c)).toBe(lex.trie.child(node, c) >= 0);
    }
    expect(lex.trie.child(lex.trie.root, "q".charCodeAt(0))).toBeGreaterThanOrEqual(0);
    let node = lex.trie.root;
    for (const c of "zzzzqqqxj") node = node < 0 ? node : lex.trie.child(node, c.charCodeAt(0));
    expect(node).toBe(-1);
  });
});

describe("the splitter's word indexes", () => {
  test("each token's index is what indexOf() says, or it is certainly no word, or not looked up", () => {
    const splitter = getSplitter();
    const names = [
      "bestpizzadenver",
      "xn--bcher-kva",
      "joshuas",
      "kidzone",
      "tgwtg",
      "cfmdc",
      "top10games",
      "best-pizza",
      "xqzvbplk",
      "abc123def",
      "thequickbrownfoxjumpsoverthelazydog",
      "a",
      "zz",
      "9",
      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    ];
    for (let i = 0; i < words.length; i += 401) names.push(words[i]! + words[(i * 7) % words.length]!);
    const seen = new Set<string>();
    for (const name of names) {
      // an internationalised name's token indexes are those of its folded words (Split.ascii)
      const split = splitter.split(name),
        tokens = split.ascii?.words ?? split.words;
      const codes = splitter.tokenWords();
      tokens.forEach((t, k) => {
        const code = codes[k]!;
        if (code >= 0) expect(plainIndex(t), `${name}: ${t}`).toBe(code);
        else if (code === NOT_A_WORD) expect(plainIndex(t), `${name}: ${t}`).toBe(-1);
        else expect(code, `${name}: ${t}`).toBe(NOT_LOOKED_UP);
        seen.add(code >= 0 ? "word" : code === NOT_A_WORD ? "no word" : "not looked up");
      });
    }
    expect([...seen].sort()).toEqual(["no word", "not looked up", "word"]); // all three kinds occur
  });

  test("a word is the name's own letters, whatever the names split before", () => {
    const splitter = getSplitter();
    expect(splitter.split("bestpizza").words).toEqual(["best", "pizza"]);
    expect(splitter.split("pizzahut").words[0]).toBe("pizza");
    expect(splitter.split("Best-Pizza").words).toEqual(["best", "pizza"]);
    expect(splitter.split("bestpizza").words).toEqual(["best", "pizza"]);
  });
});
