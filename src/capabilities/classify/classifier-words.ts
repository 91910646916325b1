/**
 * What the classifier needs to know about a word, as one bit set per lookup (one hash hit per
 * word on the hot path). The shipped lexicon (lexicon.ts) answers by default; tests may plug in
 * another source with setWordInfo(). The fallback knows only our keywords and modifiers.
 */
import { BY_TOKEN, keywordNumber, SINGLE, singleKeyword } from "./keywords.ts";
import { filteredKeywordNumber } from "./keyword-filter.ts";
import { getLexicon, NOT_A_WORD } from "./lexicon.ts";
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
/** A closed compound of two everyday words ("lonestar", "backup"): the splitter may open it. */
export const W_COMPOUND = 64;
/** Counted by SUBTLEX-US (spoken English) or the language model, not only by the Wikipedia-derived rank list. */
export const W_SPOKEN = 128;
/**
 * A place too small to make a name geo: a town of under 10,000 people, a US county, a US or
 * Canadian ZIP-code town, named in one word of 5+ letters ("hunterdon", "rockbridge"). The
 * splitter prices it as a place, so it stays whole; the classifier does not see it (towns are
 * named "oracle", "cisco" or "fidelity").
 */
export const W_TOWN = 256;
/**
 * Bits 9-15: the word is among the most frequent words of German, Spanish, French, Italian,
 * Portuguese, Dutch or Swedish (wordfreq; LANGS gives the order), folded to a-z as a name
 * glues it ("möbel" -> mobel and moebel). For the splitter (which language a name is in) and
 * the classifier (a foreign word is a word).
 */
export const W_LANG_SHIFT = 9;
/** The languages of the W_LANG bits, in bit order; English is the lexicon's own (no bit). */
export const LANGS = ["de", "es", "fr", "it", "pt", "nl", "sv"] as const;
export type Lang = "en" | (typeof LANGS)[number];
export const W_FOREIGN = ((1 << LANGS.length) - 1) << W_LANG_SHIFT;

export interface WordInfo {
  /** Bit set of W_* flags for one lower-case token; 0 = unknown. */
  flags(word: string): number;
  /**
   * Optional, for speed: the token's flags (low byte) and its keywordNumber() (above it) in
   * one look-up; must equal `flags(word) | (keywordNumber(word) << 8)`.
   */
  facts?(word: string): number;
  /**
   * Optional, for speed: facts() of a token whose lexicon index the caller already knows
   * (the splitter's tokenWords(): an index, NOT_A_WORD or NOT_LOOKED_UP); must equal facts(word).
   */
  factsAt?(index: number, word: string): number;
}

/** Fallback: keywords and modifiers are words, nothing else is known. */
export const FALLBACK_WORD_INFO: WordInfo = {
  flags(word: string): number {
    if (MODIFIER_SET.has(word)) return W_WORD | W_COMMON;
    if (SINGLE.has(word) || singleKeyword(word) !== undefined) return W_WORD;
    return 0;
  },
};

/** The flags the classifier reads; W_COMPOUND and W_SPOKEN are for the splitter only. */
const CLASSIFIER_FLAGS = W_WORD | W_COMMON | W_FIRST | W_SURNAME | W_PLACE | W_BRAND;

/**
 * The flags the classifier sees of a lexicon word of `length` letters: a word of another
 * language (W_LANG bits) of 4+ letters is a word (generic, not brandable: "casa", "immobilier");
 * shorter ones are not, since those lists hold acronyms too ("ibm" stays an acronym).
 */
function classifierFlags(f: number, length: number): number {
  return (f & CLASSIFIER_FLAGS) | ((f & W_FOREIGN) !== 0 && length >= FOREIGN_WORD_MIN ? W_WORD : 0);
}
const FOREIGN_WORD_MIN = 4;

/** Entries of lexiconWordInfo()'s cache of recent words (a power of two). */
const RECENT = 8192;

/**
 * The shipped lexicon's flags (keywords are dictionary words there too). facts() costs one
 * lexicon probe: every lexicon word's flags and keyword number are laid out by word index
 * once per thread (2 MB); only a token the lexicon does not hold (a plural, an unknown run)
 * is looked up in the keyword map (after the bit set of keyword-filter.ts), and its flags are 0.
 */
export function lexiconWordInfo(): WordInfo {
  const lex = getLexicon();
  const factsOf = new Int32Array(lex.size);
  for (let i = 0; i < lex.size; i++) factsOf[i] = classifierFlags(lex.flags(i), lex.lengthOf(i));
  for (const token of BY_TOKEN.keys()) {
    const i = lex.indexOf(token);
    if (i >= 0) factsOf[i]! |= keywordNumber(token) << 8;
  }
  // The words read last, by the low bits of their index: [index, facts] per entry, 64 KB.
  // The 2 MB table's read was a cache and TLB miss after the splitter's walk through its own
  // tables, while names repeat their words: 66 % of the lexicon words of 200,000 real names
  // are found here. It holds exact copies, so it changes no answer, only where it is read.
  const recent = new Int32Array(2 * RECENT).fill(-1);
  const factsOfIndex = (i: number): number => {
    const slot = (i & (RECENT - 1)) << 1;
    if (recent[slot] === i) return recent[slot + 1]!;
    const f = factsOf[i]!;
    recent[slot] = i;
    recent[slot + 1] = f;
    return f;
  };
  return {
    flags: (word: string) => classifierFlags(lex.flagsOf(word), word.length),
    facts(word: string): number {
      const i = lex.indexOf(word);
      return i >= 0 ? factsOfIndex(i) : filteredKeywordNumber(word) << 8;
    },
    factsAt(index: number, word: string): number {
      if (index >= 0) return factsOfIndex(index);
      const i = index === NOT_A_WORD ? index : lex.indexOf(word);
      return i >= 0 ? factsOfIndex(i) : filteredKeywordNumber(word) << 8;
    },
  };
}

let current: WordInfo | null = null;

/** Replace the word source (tests); null goes back to the lexicon. */
export function setWordInfo(info: WordInfo | null): void {
  current = info;
}

export function getWordInfo(): WordInfo {
  current ??= lexiconWordInfo();
  return current;
}
