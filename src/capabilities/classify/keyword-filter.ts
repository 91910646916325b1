/**
 * A 64 KB bit set over the hashes of every token that starts a keyword (BY_TOKEN: keywords,
 * their plurals, phrase heads): when a token's bit is clear, the token is surely none of
 * them. The classifier asks it before the keyword Map (for tokens the lexicon does not hold)
 * and before walking the keyword trie (for a keyword the splitter cut into pieces); both
 * are too large to stay in cache beside the splitter's tables, so a miss there cost more
 * than the hash, while the bit set stays in cache. About 4 % of other tokens pass (22,500
 * tokens in 2^19 bits) and are looked up as before, so answers never change: a token in
 * BY_TOKEN always has its bit set (fast-paths.test.ts checks every one).
 *
 * The hash is FNV-1a over the characters, then mixed: it extends one token at a time
 * (hashOn), so the pieces of a cut keyword are hashed as their joined string, none built.
 */
import { BY_TOKEN, keywordNumber } from "./keywords.ts";

const BITS = 19;
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** The hash of the empty string, to start hashOn() from. */
export const HASH_START = FNV_OFFSET;

/** The hash of (the string hashed to h) + s. */
export function hashOn(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}

/** Whether a token whose hashOn(HASH_START, token) is h may be a BY_TOKEN token. */
export function mayStartKeyword(h: number): boolean {
  const b = bitOf(h);
  return (FILTER[b >>> 5]! & (1 << (b & 31))) !== 0;
}

/** The bit of a hash: its top BITS bits after a mix (FNV's high bits alone spread poorly). */
function bitOf(h: number): number {
  return Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> (32 - BITS);
}

const FILTER = new Int32Array(1 << (BITS - 5));
for (const token of BY_TOKEN.keys()) {
  const b = bitOf(hashOn(HASH_START, token));
  FILTER[b >>> 5]! |= 1 << (b & 31);
}

/** keywordNumber(token), without the Map look-up when the bit set rules the token out. */
export function filteredKeywordNumber(token: string): number {
  return mayStartKeyword(hashOn(HASH_START, token)) ? keywordNumber(token) : 0;
}
