/**
 * Step 1 of the classifier: the keyword hits of a name's tokens, left to right, longest
 * first. At each token the longest phrase it begins wins, then a keyword the splitter cut
 * into pieces (an unknown fragment joined to its neighbours: "bar" + "ber"), then the token
 * itself (plain plurals folded, keywords.ts). A hit consumes its tokens.
 *
 * Cost: a token's entry is the number the classifier already holds (its keywordNumber()), so
 * no look-up happens here; a name without hits (most names) allocates nothing.
 */
import { W_WORD } from "./classifier-words.ts";
import { HASH_START, hashOn, mayStartKeyword } from "./keyword-filter.ts";
import { MAX_PHRASE_WORDS, MAX_TOKEN_LENGTH, sameWord, SINGLE_BY_WORD, SINGLE_TRIE, TOKEN_ENTRIES, type Keyword } from "./keywords.ts";

export interface Hit {
  kw: Keyword;
  pos: number;
  span: number;
}

/** findHits() of a name without keywords: no array allocated. */
export const NO_HITS: readonly Hit[] = Object.freeze([]);

/** Keyword hits of toks (`flags`: each token's W_* flags; `keys`: each token's keywordNumber()). */
export function findHits(toks: readonly string[], flags: Int32Array, keys: Int32Array): readonly Hit[] {
  let hits: Hit[] | null = null;
  const n = toks.length;
  let i = 0;
  while (i < n) {
    let hit: Hit | undefined;
    const entry = keys[i] === 0 ? undefined : TOKEN_ENTRIES[keys[i]! - 1];
    const phrases = entry?.phrases;
    if (phrases !== undefined) {
      for (const p of phrases) {
        const len = p.words.length;
        if (i + len > n) continue;
        let ok = true;
        for (let j = 1; j < len && ok; j++) ok = sameWord(toks[i + j]!, p.words[j]!);
        if (ok) {
          hit = { kw: p, pos: i, span: len };
          break;
        }
      }
    }
    if (hit === undefined && i + 1 < n && (flags[i] === 0 || flags[i + 1] === 0)) hit = joinedHit(toks, flags, i);
    if (hit === undefined && entry?.single !== undefined) hit = { kw: entry.single, pos: i, span: 1 };
    if (hit !== undefined) {
      (hits ??= []).push(hit);
      i += hit.span;
    } else i++;
  }
  return hits ?? NO_HITS;
}

/**
 * A keyword the splitter cut into pieces, at least one of them not a word ("bar"+"ber"): the
 * most tokens from i (2 up to MAX_PHRASE_WORDS + 1) whose joined letters, 5 to
 * MAX_TOKEN_LENGTH of them, are a token singleKeyword() answers for. The joined letters are
 * hashed a token at a time, and only a span the keyword bit set lets through is walked in
 * the keyword trie (most are not: keyword-filter.ts).
 */
function joinedHit(toks: readonly string[], flags: Int32Array, i: number): Hit | undefined {
  const max = Math.min(MAX_PHRASE_WORDS + 1, toks.length - i);
  let h = HASH_START,
    length = 0,
    fragment = false,
    hit: Hit | undefined;
  for (let j = 0; j < max; j++) {
    const t = toks[i + j]!;
    length += t.length;
    if (length > MAX_TOKEN_LENGTH) break;
    if ((flags[i + j]! & W_WORD) === 0) fragment = true;
    h = hashOn(h, t);
    if (j === 0 || !fragment || length < 5 || !mayStartKeyword(h)) continue;
    const k = joinedKeyword(toks, i, i + j + 1);
    if (k >= 0) hit = { kw: SINGLE_BY_WORD[k]!, pos: i, span: j + 1 };
  }
  return hit;
}

/** The SINGLE_TRIE word that is toks[from..to) joined, or -1. */
function joinedKeyword(toks: readonly string[], from: number, to: number): number {
  let node = SINGLE_TRIE.root;
  for (let j = from; j < to; j++) {
    const t = toks[j]!;
    for (let q = 0; q < t.length; q++) {
      const c = t.charCodeAt(q);
      node = c < 128 ? SINGLE_TRIE.child(node, c) : -1;
      if (node < 0) return -1;
    }
  }
  return SINGLE_TRIE.wordOf(node);
}
