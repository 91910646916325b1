/**
 * The shortcuts taken for speed answer exactly what the plain definitions answer: the
 * precomputed keyword map against the plural-folding rule, the keyword bit set against the
 * map, the lexicon's one-probe facts against flags + keyword map, classifyTopic() against
 * classify(), the tallies' bucket ranking against one comparator sort, and
 * camelName's word placement against a search. (lexicon.test.ts: the trie against a Set.)
 * (bench/classify/golden.ts checks the same over real names; these checks need no data.)
 */
import { describe, expect, test } from "bun:test";
import { classify, classifyTopic, DOMAIN_TYPES, wordFactsAt } from "./classifier.ts";
import { getWordInfo, lexiconWordInfo } from "./classifier-words.ts";
import { BY_TOKEN, KEYWORDS, keywordNumber, SINGLE, SINGLE_BY_WORD, SINGLE_TRIE, singleKeyword, TOKEN_ENTRIES, type Keyword } from "./keywords.ts";
import { HASH_START, filteredKeywordNumber, hashOn, mayStartKeyword } from "./keyword-filter.ts";
import { getLexicon } from "./lexicon.ts";
import { camelDomain, camelName } from "./camel-name.ts";
import { getSplitter } from "./splitter.ts";
import { Tally } from "./tally.ts";
import { TAXONOMY } from "./taxonomy.ts";

/** The plural-folding rule as written before the map existed: the reference. */
function folded(token: string): Keyword | undefined {
  const hit = SINGLE.get(token);
  if (hit !== undefined || token.length < 4) return hit;
  if (token.endsWith("z")) return SINGLE.get(token.slice(0, -1));
  if (!token.endsWith("s")) return hit;
  const k1 = SINGLE.get(token.slice(0, -1));
  if (k1 !== undefined) return k1;
  if (token.endsWith("ies")) return SINGLE.get(`${token.slice(0, -3)}y`);
  if (token.endsWith("es")) return SINGLE.get(token.slice(0, -2));
  return undefined;
}

/** Keywords, their plurals and near misses, and a sample of lexicon words. */
function probes(): string[] {
  const out = new Set<string>();
  for (const k of KEYWORDS) {
    for (const w of [k.text.replace(/ /g, ""), ...k.words]) {
      for (const v of [w, `${w}s`, `${w}es`, `${w.slice(0, -1)}ies`, w.slice(0, -1), `${w}ss`, `${w}x`]) out.add(v);
    }
  }
  const lex = getLexicon();
  for (let i = 0; i < lex.size; i += 7) out.add(lex.wordAt(i));
  for (const w of ["", "s", "es", "ies", "xyz", "zzzzs", "123", "a1b2"]) out.add(w);
  return [...out];
}

describe("keyword look-up by token", () => {
  test("singleKeyword equals the plural-folding rule for every probe", () => {
    for (const t of probes()) expect(singleKeyword(t), t).toBe(folded(t));
  });

  test("the keyword trie holds exactly the tokens singleKeyword answers for", () => {
    for (const t of probes()) {
      let node = SINGLE_TRIE.root;
      for (let q = 0; q < t.length && node >= 0; q++) node = SINGLE_TRIE.child(node, t.charCodeAt(q));
      const w = node >= 0 && t !== "" ? SINGLE_TRIE.wordOf(node) : -1;
      expect(w >= 0 ? SINGLE_BY_WORD[w] : undefined, t).toBe(singleKeyword(t));
    }
  });

  test("keywordNumber names the token's entry: its phrases and its single keyword", () => {
    expect(keywordNumber("zzqx")).toBe(0);
    for (const [t, entry] of BY_TOKEN) expect(TOKEN_ENTRIES[keywordNumber(t) - 1]).toBe(entry);
  });
});

describe("keyword bit set", () => {
  test("every token that starts a keyword passes; the rest mostly do not, and the look-up answers as the Map does", () => {
    for (const t of BY_TOKEN.keys()) expect(mayStartKeyword(hashOn(HASH_START, t)), t).toBe(true);
    let passed = 0,
      others = 0;
    for (const t of probes()) {
      expect(filteredKeywordNumber(t), t).toBe(keywordNumber(t));
      if (BY_TOKEN.has(t)) continue;
      others++;
      if (mayStartKeyword(hashOn(HASH_START, t))) passed++;
    }
    expect(passed / others).toBeLessThan(0.1);
  });

  test("hashOn extends a hash one piece at a time: the pieces hash as their joined string", () => {
    expect(hashOn(hashOn(HASH_START, "bar"), "ber")).toBe(hashOn(HASH_START, "barber"));
    expect(hashOn(HASH_START, "")).toBe(HASH_START);
  });
});

describe("lexicon word facts", () => {
  test("facts(w) = flags(w) | keywordNumber(w) << 8, for lexicon words and for tokens it does not hold", () => {
    const info = lexiconWordInfo();
    let withKeyword = 0;
    for (const t of probes()) {
      const f = info.facts!(t);
      expect(f, t).toBe(info.flags(t) | (keywordNumber(t) << 8));
      if (f >>> 8 !== 0) withKeyword++;
    }
    expect(withKeyword).toBeGreaterThan(1000);
  });

  test("factsAt(index) = facts(word), read again and after words that share its cache entry", () => {
    const info = lexiconWordInfo(),
      lex = getLexicon();
    const words = probes().filter((t) => lex.indexOf(t) >= 0);
    for (let pass = 0; pass < 2; pass++) {
      for (const t of words) {
        const i = lex.indexOf(t);
        expect(info.factsAt!(i, t), t).toBe(info.facts!(t));
        // Indexes 8,192 apart share a cache entry: the next word's facts replace this one's.
        const j = (i + 8192) % lex.size;
        expect(info.factsAt!(j, lex.wordAt(j))).toBe(info.flags(lex.wordAt(j)) | (keywordNumber(lex.wordAt(j)) << 8));
      }
    }
  });
});

describe("Tally", () => {
  test("ranks like one sort by count descending, then code-unit order", () => {
    let seed = 7;
    const rnd = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    const alphabet = ["a", "B", "z", "é", "aa", "a-b", "\u0000x", "Z", "ab", "b"];
    const t = new Tally();
    const plain = new Map<string, number>();
    for (let i = 0; i < 5000; i++) {
      const k = alphabet[rnd(alphabet.length)]! + alphabet[rnd(alphabet.length)]!;
      t.add(k);
      plain.set(k, (plain.get(k) ?? 0) + 1);
    }
    const expected = [...plain].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    expect(t.ranked((k, n) => [k, n])).toEqual(expected);
    expect(t.size).toBe(plain.size);
    // The same counts with every other key counted by id (ids in code-unit order): the ranking
    // merges the two kinds, prefixes, "\u0000", upper case and "é" included.
    const sorted = [...plain.keys()].sort();
    const mixed = new Tally();
    sorted.forEach((k, id) => {
      for (let n = plain.get(k)!; n > 0; n--)
        if (id % 2 === 0) mixed.addIndexed(k, id);
        else mixed.add(k);
    });
    expect(mixed.ranked((k, n) => [k, n])).toEqual(expected);
  });

  test("addIndexed counts as add() does, with tallies filled in turn and ids far apart", () => {
    let seed = 3;
    const rnd = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    // 3,000 distinct ids spread over 2^31: the id table grows several times, and ids that
    // share their low bits or their hash's top bits collide.
    const ids = Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? i * 65536 : i % 3 === 1 ? 0x7ffffffe - i : i * 7919) % 0x7fffffff);
    const words = ids.map((id) => `w${String(id).padStart(10, "0")}`); // code-unit order = id order
    const rank = (t: Tally) => t.ranked((k, n) => [k, n]);
    const tallies = [new Tally(), new Tally(), new Tally()],
      plain = [new Tally(), new Tally(), new Tally()];
    for (let step = 0; step < 30_000; step++) {
      // Mostly one tally at a time, sometimes in turn; unknown words (no id) beside them.
      const which = step < 10_000 ? 0 : step < 20_000 ? rnd(3) : 2;
      const k = rnd(words.length);
      if (rnd(5) === 0) {
        tallies[which]!.add(`x${k}`);
        plain[which]!.add(`x${k}`);
      } else {
        tallies[which]!.addIndexed(words[k]!, ids[k]!);
        plain[which]!.add(words[k]!);
      }
    }
    for (let t = 0; t < 3; t++) {
      expect(rank(tallies[t]!)).toEqual(rank(plain[t]!));
      expect(tallies[t]!.size).toBe(plain[t]!.size);
    }
  });

  test("ranks by id as by string, in small and large buckets, ids small and up to 2^31 - 2", () => {
    for (const [count, spread] of [
      [30, 1],
      [3000, 1],
      [3000, 715_827],
      [20, 99_999_999],
    ] as const) {
      const ids = Array.from({ length: count }, (_, i) => Math.min(0x7ffffffe, ((i * 7919) % count) * spread));
      const word = (id: number) => `w${String(id).padStart(10, "0")}`; // code-unit order = id order
      const t = new Tally(),
        plain = new Tally();
      ids.forEach((id, i) => {
        for (let r = i % 3; r >= 0; r--) {
          t.addIndexed(word(id), id);
          plain.add(word(id));
        }
        if (i % 4 === 0) {
          t.add(`w${i}x`);
          plain.add(`w${i}x`);
        }
      });
      expect(t.ranked((k, n) => [k, n])).toEqual(plain.ranked((k, n) => [k, n]));
    }
  });

  test("the lexicon's word indexes follow the code-unit order of its words (addIndexed's condition)", () => {
    const lex = getLexicon();
    let prev = lex.wordAt(0);
    for (let i = 1; i < lex.size; i++) {
      const w = lex.wordAt(i);
      if (!(prev < w)) expect(`${prev} < ${w}`).toBe("in order");
      prev = w;
    }
  });

  test("addMany adds counts; nothing counted ranks to nothing", () => {
    const t = new Tally();
    t.add("best");
    t.addMany("pizza", 3);
    t.add("pizza");
    t.add("best");
    expect(t.ranked((word, count) => ({ word, count }))).toEqual([
      { word: "pizza", count: 4 },
      { word: "best", count: 2 },
    ]);
    expect(new Tally().ranked((k) => k)).toEqual([]);
  });

  test("tallies merged from their parts (the pool's shares) rank as one tally that counted everything", () => {
    const lex = getLexicon();
    let seed = 5;
    const rnd = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    for (const shares of [1, 2, 3, 7]) {
      const whole = new Tally(),
        parts = Array.from({ length: shares }, () => new Tally());
      for (let k = 0; k < 5000; k++) {
        const t = parts[rnd(shares)]!;
        if (rnd(4) === 0) {
          const w = `z${rnd(300)}q`; // no lexicon word: counted by string
          t.add(w);
          whole.add(w);
        } else {
          const id = rnd(400) * 1000; // a few hundred lexicon words, most counted many times
          t.addIndexed(lex.wordAt(id), id);
          whole.addIndexed(lex.wordAt(id), id);
        }
      }
      const merged = new Tally();
      for (const t of parts) merged.merge(structuredClone(t.toParts()));
      expect(merged.ranked((k, n) => [k, n])).toEqual(whole.ranked((k, n) => [k, n]));
      expect(merged.size).toBe(whole.size);
    }
    const t = new Tally();
    t.merge(new Tally().toParts());
    expect(t.size).toBe(0);
    const odd = new Tally();
    odd.add("a\nb");
    expect(() => t.merge(odd.toParts())).toThrow("tally parts: 2 keys, 1 counts");
  });
});

/** camelName as written before the one-comparison placement: search, then only hyphens may precede. */
function camelNamePlain(sld: string, words: readonly string[]): string {
  let out = "",
    at = 0;
  for (const raw of words) {
    const w = raw.toLowerCase();
    if (w === "") continue;
    const found = sld.indexOf(w, at);
    if (found < 0 || !/^-*$/.test(sld.slice(at, found))) break;
    out += sld.slice(at, found) + w[0]!.toUpperCase() + w.slice(1);
    at = found + w.length;
  }
  return out + sld.slice(at);
}

describe("camelName", () => {
  test("places words as a search would, over random names and words of letters and hyphens", () => {
    let seed = 11;
    const rnd = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    const parts = ["a", "b", "-", "B", "ab", "1"];
    for (let i = 0; i < 20_000; i++) {
      let sld = "";
      for (let k = rnd(7); k > 0; k--) sld += parts[rnd(parts.length)];
      const words: string[] = [];
      for (let k = rnd(4); k > 0; k--) words.push(parts[rnd(parts.length)]! + (rnd(2) === 1 ? parts[rnd(parts.length)] : ""));
      const expected = camelNamePlain(sld, words);
      if (camelName(sld, words) !== expected) expect(camelName(sld, words), `${sld} ${JSON.stringify(words)}`).toBe(expected);
      // Words known to be lower case (the splitter's) skip toLowerCase and answer the same.
      const lower = words.map((w) => w.toLowerCase());
      if (camelName(sld, lower, true) !== expected) expect(camelName(sld, lower, true), `${sld} ${JSON.stringify(lower)}`).toBe(expected);
      // A whole domain: the name's words capitalised, the extension as it is (never a word's
      // place, even when a word would continue into it), from the domain string or rebuilt.
      const plainLower = camelNamePlain(sld, lower);
      for (const [ascii, ext] of [
        [`${sld}.b-ab`, "b-ab"],
        [`${sld}.ab.b`, "ab.b"],
        [sld, null],
        ["zz", "b"],
      ] as const) {
        const want = ext === null ? plainLower : `${plainLower}.${ext}`;
        const got = camelDomain(ascii, sld, ext, lower);
        if (got !== want) expect(got, `${ascii} ${sld} ${JSON.stringify(lower)}`).toBe(want);
      }
    }
  });
});

describe("classifyTopic", () => {
  test("gives classify()'s node and domain type, with the splitter's word indexes, with the words' facts, and with neither", () => {
    const splitter = getSplitter(),
      info = getWordInfo(),
      lex = getLexicon();
    const names = new Set<string>(["", "xn--bcher-kva", "888", "a1", "johnbaker", "denverdentist", "barberxq", "1-800-flowers"]);
    for (let i = 0; i < KEYWORDS.length; i += 2) {
      const k = KEYWORDS[i]!.words.join("");
      for (const n of [k, `best${k}`, `${k}s`, `${k}denver`, `zq${k}`, `${k}24`, `${k.slice(0, -2)}xq${k.slice(-2)}`]) names.add(n);
    }
    for (let i = 0; i < lex.size; i += 97) names.add(lex.wordAt(i) + lex.wordAt((i * 31) % lex.size));
    let categorized = 0;
    for (const name of names) {
      const words = splitter.split(name).words;
      const indexes = splitter.tokenWords().slice();
      // A batch's layout: the words' facts looked up first, two slots into a shared array.
      const facts = new Int32Array(words.length + 2);
      words.forEach((w, k) => (facts[k + 2] = wordFactsAt(info, indexes[k]!, w)));
      const plain = classify(name, words, info);
      expect(classify(name, words, info, facts, 2, true), name).toEqual(plain);
      for (const idx of [indexes, undefined]) {
        const c = classify(name, words, info, idx);
        expect(c, name).toEqual(plain);
        for (const topic of [classifyTopic(name, words, info, idx), classifyTopic(name, words, info, facts, 2, true)]) {
          const node = TAXONOMY.nodes[topic >>> 3]!;
          expect([node.vertical, node.subcategory, DOMAIN_TYPES[topic & 7]], name).toEqual([c.vertical, c.subcategory, c.type]);
          if (node.id !== 0) categorized++;
        }
      }
    }
    expect(categorized).toBeGreaterThan(1000);
  });
});
