/**
 * Industry keyword index, parsed once from keywords-data.ts and keywords-intl-data.ts (other
 * languages' words; one table, as if written in one file).
 *
 * Guarantees (checked at load, so a bad edit fails every test at import):
 * - every key is an existing subcategory, every weight is 1..3, every word is [a-z0-9]+;
 * - a phrase belongs to one subcategory only.
 * Lookups are hash-map hits; phrases are indexed by their first word, longest first, and
 * every multi-word phrase is also reachable in its joined form ("realestate"), because a
 * splitter may leave a known compound whole.
 */
import { KEYWORD_DATA } from "./keywords-data.ts";
import { KEYWORD_DATA_INTL } from "./keywords-intl-data.ts";
import { WordTrie } from "./lexicon-trie.ts";
import { TAXONOMY } from "./taxonomy.ts";

export interface Keyword {
  /** The phrase as written in the data ("real estate"). */
  text: string;
  words: readonly string[];
  /** TAXONOMY.nodes id of its subcategory. */
  node: number;
  /** 1 weak, 2 default, 3 decisive. */
  weight: number;
}

const WORD = /^[a-z0-9]+$/;
const DEFAULT_WEIGHT = 2;

function parse(): Keyword[] {
  const out: Keyword[] = [];
  const seen = new Map<string, string>();
  for (const [sub, spec] of [...Object.entries(KEYWORD_DATA), ...Object.entries(KEYWORD_DATA_INTL)]) {
    const node = TAXONOMY.bySubcategory.get(sub);
    if (!node || node.id === 0) throw new Error(`keywords: unknown subcategory ${JSON.stringify(sub)}`);
    for (const raw of spec.split(",")) {
      const item = raw.trim();
      if (item === "") continue;
      const colon = item.lastIndexOf(":");
      const text = (colon < 0 ? item : item.slice(0, colon)).trim();
      const weight = colon < 0 ? DEFAULT_WEIGHT : Number(item.slice(colon + 1));
      if (!(weight === 1 || weight === 2 || weight === 3)) throw new Error(`keywords: bad weight in ${JSON.stringify(item)} (${sub})`);
      const words = text.split(" ").filter((w) => w !== "");
      if (words.length === 0 || !words.every((w) => WORD.test(w))) throw new Error(`keywords: bad phrase ${JSON.stringify(item)} (${sub})`);
      const key = words.join(" ");
      const prev = seen.get(key);
      if (prev !== undefined) throw new Error(`keywords: ${JSON.stringify(key)} is under both ${prev} and ${sub}`);
      seen.set(key, sub);
      out.push({ text: key, words, node: node.id, weight });
    }
  }
  return out;
}

/** Every keyword, in data order. */
export const KEYWORDS: readonly Keyword[] = parse();

/** Every keyword phrase as a word sequence, for the splitter's lexicon. */
export const KEYWORD_PHRASES: readonly (readonly string[])[] = KEYWORDS.map((k) => k.words);

/** One-token keywords: single words and the joined form of phrases (an explicit single word wins). */
export const SINGLE: ReadonlyMap<string, Keyword> = (() => {
  const m = new Map<string, Keyword>();
  for (const k of KEYWORDS) if (k.words.length === 1) m.set(k.text, k);
  for (const k of KEYWORDS) {
    if (k.words.length === 1) continue;
    const joined = k.words.join("");
    if (!m.has(joined)) m.set(joined, k);
  }
  return m;
})();

/** Multi-word phrases by first word, longest first (ties in data order). */
export const PHRASES_BY_FIRST: ReadonlyMap<string, readonly Keyword[]> = (() => {
  const m = new Map<string, Keyword[]>();
  for (const k of KEYWORDS) {
    if (k.words.length < 2) continue;
    const list = m.get(k.words[0]!) ?? [];
    list.push(k);
    m.set(k.words[0]!, list);
  }
  for (const list of m.values()) list.sort((a, b) => b.words.length - a.words.length);
  return m;
})();

/** Longest keyword in words; bounds the joined-token fallback. */
export const MAX_PHRASE_WORDS = KEYWORDS.reduce((n, k) => Math.max(n, k.words.length), 1);

/** The rule behind singleKeyword(), applied once per candidate token when the index is built. */
function foldPlural(token: string): Keyword | undefined {
  const hit = SINGLE.get(token);
  if (hit !== undefined || token.length < 4) return hit;
  // the slang plural "z" ("moviez", "gamez"), as the splitter reads it
  if (token.charCodeAt(token.length - 1) === 122 /* z */) return SINGLE.get(token.slice(0, -1));
  if (token.charCodeAt(token.length - 1) !== 115 /* s */) return hit;
  const k1 = SINGLE.get(token.slice(0, -1));
  if (k1 !== undefined) return k1;
  if (token.endsWith("ies")) return SINGLE.get(token.slice(0, -3) + "y");
  if (token.endsWith("es")) return SINGLE.get(token.slice(0, -2));
  return undefined;
}

/** What one token can start: the phrases it begins and the single keyword it stands for. */
export interface TokenKeywords {
  phrases: readonly Keyword[] | undefined;
  single: Keyword | undefined;
}

/**
 * Every token that begins a phrase or stands for a keyword, so the classifier needs one hash
 * look-up per token. foldPlural() can only answer for a keyword itself or its "s", "es",
 * "ies" or "z" plural, so those candidates are every token it answers for, and the map is exact.
 */
export const BY_TOKEN: ReadonlyMap<string, TokenKeywords> = (() => {
  const candidates = new Set<string>(PHRASES_BY_FIRST.keys());
  for (const k of SINGLE.keys()) {
    candidates.add(k).add(`${k}s`).add(`${k}es`).add(`${k}z`);
    if (k.endsWith("y")) candidates.add(`${k.slice(0, -1)}ies`);
  }
  const m = new Map<string, TokenKeywords>();
  for (const t of candidates) {
    const entry = { phrases: PHRASES_BY_FIRST.get(t), single: foldPlural(t) };
    if (entry.phrases !== undefined || entry.single !== undefined) m.set(t, entry);
  }
  return m;
})();

/**
 * Every token singleKeyword() answers for, as a trie (word i = SINGLE_BY_WORD[i]), so that a
 * keyword glued from several tokens is found by walking their letters, with no joined string
 * built per candidate.
 */
const SINGLE_TOKENS = [...BY_TOKEN].filter(([, e]) => e.single !== undefined);
export const SINGLE_TRIE = new WordTrie(new TextEncoder().encode(SINGLE_TOKENS.map(([t]) => t).join("\n")), SINGLE_TOKENS.length);
export const SINGLE_BY_WORD: readonly Keyword[] = SINGLE_TOKENS.map(([, e]) => e.single!);

/** The longest token BY_TOKEN holds: singleKeyword() of anything longer is undefined. */
export const MAX_TOKEN_LENGTH = [...BY_TOKEN.keys()].reduce((n, t) => Math.max(n, t.length), 0);

/** The entries of BY_TOKEN in one array: a token's entry can travel as a small number (its index + 1, 0 = none). */
export const TOKEN_ENTRIES: readonly TokenKeywords[] = [...BY_TOKEN.values()];
/** Each BY_TOKEN token's number (one Map hit instead of BY_TOKEN's and then the entry's). */
const TOKEN_NUMBER = new Map<string, number>([...BY_TOKEN.keys()].map((t, i) => [t, i + 1]));

/** The number of a token's entry in TOKEN_ENTRIES plus one; 0 when the token starts no keyword. */
export function keywordNumber(token: string): number {
  return TOKEN_NUMBER.get(token) ?? 0;
}

/**
 * The keyword a single token stands for: itself, or a plain English plural folded
 * ("plumbers" -> "plumber", "bakeries" -> "bakery", "boxes" -> "box") or the slang "z" ("moviez" ->
 * "movie"). Tokens under 4 letters are not folded.
 */
export function singleKeyword(token: string): Keyword | undefined {
  return BY_TOKEN.get(token)?.single;
}

/** A token equals a phrase word, directly or as its plain plural. */
export function sameWord(token: string, word: string): boolean {
  if (token === word) return true;
  const n = word.length;
  if (token.length === n + 1) return token.charCodeAt(n) === 115 && token.startsWith(word);
  if (token.length === n + 2) return token.endsWith("es") && token.startsWith(word);
  return false;
}
