/**
 * What the classifier needs to know about a word, as one bit set per lookup (one hash hit per
 * word on the hot path). The lexicon module provides the real answers; until it is plugged in
 * with setWordInfo(), a fallback knows only our keywords and modifiers (no names, no places).
 */
import { SINGLE, singleKeyword } from "./keywords.ts";
import { MODIFIER_SET } from "./keywords-modifiers.ts";

/** A dictionary word (any frequency). */
export const W_WORD = 1;
/** A frequent everyday word: its word reading beats a name or place reading ("rose", "bath"). */
export const W_COMMON = 2;
/** A first (given) name. */
export const W_FIRST = 4;
/** A surname. */
export const W_SURNAME = 8;
/** A place: city, region, country, demonym-free ("denver", "paris", "texas"). */
export const W_PLACE = 16;
/** A well-known brand or trademark. */
export const W_BRAND = 32;

export interface WordInfo {
  /** Bit set of W_* flags for one lower-case token; 0 = unknown. */
  flags(word: string): number;
}

/** Fallback: keywords and modifiers are words, nothing else is known. */
export const FALLBACK_WORD_INFO: WordInfo = {
  flags(word: string): number {
    if (MODIFIER_SET.has(word)) return W_WORD | W_COMMON;
    if (SINGLE.has(word) || singleKeyword(word) !== undefined) return W_WORD;
    return 0;
  },
};

let current: WordInfo = FALLBACK_WORD_INFO;

/** Plug in the lexicon (call once at start-up, in every worker). */
export function setWordInfo(info: WordInfo): void {
  current = info;
}

export function getWordInfo(): WordInfo {
  return current;
}
