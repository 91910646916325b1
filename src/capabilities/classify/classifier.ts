/**
 * Deterministic industry classifier (docs/classify.md, "Classification"): words of a name -> vertical, subcategory,
 * confidence, matched keywords, source, domain type and secondary tags.
 *
 * Guarantees: the output depends only on (sld, words, taxonomy/keyword tables, WordInfo), and
 * every field is built in a fixed order, so the same input gives byte-identical JSON. Hot path:
 * one WordInfo lookup per word (by the splitter's word index when given), keywords by the
 * number it returns (keywords.ts, classifier-hits.ts), scores accumulate in preallocated
 * typed arrays that are reset after each call (classifier-score.ts), and a name without keywords allocates
 * nothing; the only regex (a precompiled literal) runs when a word holds something other
 * than a-z0-9. classifyTopic() is the same rules without building the result (camelcase).
 *
 * Rules, in order:
 * 1. Keywords: at each word, the longest phrase wins, then a keyword split by the splitter
 *    ("the"+"rapist" stays unread, but an unknown fragment joined to its neighbour is tried),
 *    then the word itself (plain plurals folded). Each hit adds its weight to its subcategory
 *    and vertical. Primary = best vertical score, then best subcategory score, then the later
 *    word (English compounds put the head last: "pizza insurance" is insurance), then taxonomy
 *    order; in these comparisons a one-word keyword that is an everyday word counts a little
 *    less (classifier-score.ts EVERYDAY: "subtitlecat" is about subtitles, not cats).
 * 2. Tags: the other matched subcategories, by score then first position.
 * 3. Confidence: high = score >= 3 and at least twice any rival vertical; medium = score >= 3,
 *    or 2 unopposed; else low. One level lower when unknown letters outnumber keyword letters.
 * 4. Type: see the comment on classify() below.
 */
import { getWordInfo, W_COMMON, W_FIRST, W_PLACE, W_SURNAME, W_WORD, type WordInfo } from "./classifier-words.ts";
import { findHits, type Hit } from "./classifier-hits.ts";
import { keywordNumber } from "./keywords.ts";
import { NOT_LOOKED_UP } from "./lexicon.ts";
import { MODIFIER_SET } from "./keywords-modifiers.ts";
import { primary, reset, scored } from "./classifier-score.ts";
import { UNCATEGORIZED } from "./taxonomy.ts";

export type Confidence = "high" | "medium" | "low";
export type Source = "lexicon" | "rule" | "none";
export type DomainType = "industry" | "brandable" | "geo" | "personal" | "generic" | "numeric" | "acronym";

export interface Classification {
  vertical: string;
  subcategory: string;
  confidence: Confidence;
  matched: string[];
  source: Source;
  type: DomainType;
  tags: { vertical: string; subcategory: string }[];
}

/** Every value domain_type can take, in the order the API documents them. */
export const DOMAIN_TYPES: readonly DomainType[] = ["industry", "geo", "personal", "generic", "brandable", "numeric", "acronym"];
const SOURCES: readonly Source[] = ["lexicon", "rule", "none"];

/** Names of at most this many letters and digits that are not a word are acronyms. */
const ACRONYM_MAX = 4;
const NON_ALNUM = /[^a-z0-9]+/;

/**
 * Per token of the name being classified (grown on demand): its W_* flags, its
 * keywordNumber(), whether a keyword hit used it and whether it is all digits; `lastToks` and `lastHits` are that
 * name's tokens and hits (analyse() leaves them for classify() and classifyTopic()).
 */
let tokenFlags = new Int32Array(64);
let tokenKeys = new Int32Array(64);
let tokenUsed = new Uint8Array(64);
/** Per token: 1 when it is all digits (isDigits), computed once per name. */
let tokenDigits = new Uint8Array(64);
let lastToks: readonly string[] = [];
let lastHits: readonly Hit[] = [];

function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** A punycode label ("xn--..."): an encoding, not words (s.startsWith without the builtin's runtime call). */
export function isPunycode(s: string): boolean {
  return s.length >= 4 && s.charCodeAt(0) === 120 && s.charCodeAt(1) === 110 && s.charCodeAt(2) === 45 && s.charCodeAt(3) === 45;
}

function isToken(w: string): boolean {
  if (w.length === 0) return false;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) return false;
  }
  return true;
}

/** Lower-case letter/digit tokens; a word holding hyphens (or anything else) is cut there. */
function tokens(words: readonly string[]): readonly string[] {
  if (words.every(isToken)) return words; // the usual case: the splitter's words as they are
  const out: string[] = [];
  for (const w of words) {
    if (isToken(w)) {
      out.push(w);
      continue;
    }
    for (const part of w.toLowerCase().split(NON_ALNUM)) if (part !== "") out.push(part);
  }
  return out;
}

/**
 * Personal name: a first name (not an everyday word when alone), then surnames or names.
 * Digit tokens are skipped; at most three tokens of letters.
 */
function personalName(n: number, flags: Int32Array, digits: Uint8Array): boolean {
  let count = 0,
    everyday = true,
    f0 = 0;
  for (let i = 0; i < n; i++) {
    if (digits[i] === 1) continue;
    const f = flags[i]!;
    if (++count === 1) f0 = f;
    else if (count > 3 || (f & (W_SURNAME | W_FIRST)) === 0) return false;
    if ((f & W_COMMON) === 0) everyday = false;
  }
  if (count === 0 || (f0 & W_FIRST) === 0) return false;
  if (count === 1) return (f0 & W_COMMON) === 0;
  // Two everyday words that happen to be names ("grace", "hill") read as words.
  return !everyday;
}

/** The first token that is not a modifier or number leads the name. */
function leadsWithPlace(toks: readonly string[], flags: Int32Array, digits: Uint8Array): boolean {
  for (let i = 0; i < toks.length; i++) {
    if (digits[i] === 1 || MODIFIER_SET.has(toks[i]!)) continue;
    return (flags[i]! & W_PLACE) !== 0 && (flags[i]! & W_COMMON) === 0;
  }
  return false;
}

/** A place word anywhere, outside the words a keyword used. */
function hasPlace(toks: readonly string[], flags: Int32Array, used: Uint8Array): boolean {
  for (let i = 0; i < toks.length; i++) {
    if (used[i] === 0 && (flags[i]! & W_PLACE) !== 0 && (flags[i]! & W_COMMON) === 0) return true;
  }
  return false;
}

/** analyse()'s answer: the domain type's index in DOMAIN_TYPES | the source's in SOURCES << 3 | HITS. */
const TYPE_MASK = 7;
const SOURCE_SHIFT = 3;
/** The name has keyword hits (lastHits): it is categorized, source lexicon. */
const HITS = 32;
const answer = (type: DomainType, source: Source) => DOMAIN_TYPES.indexOf(type) | (SOURCES.indexOf(source) << SOURCE_SHIFT);
const INDUSTRY = answer("industry", "lexicon") | HITS,
  GEO = answer("geo", "lexicon") | HITS;
const PERSONAL = answer("personal", "none"),
  NUMERIC = answer("numeric", "rule"),
  ACRONYM = answer("acronym", "rule");
const GEO_NONE = answer("geo", "none"),
  GENERIC = answer("generic", "none"),
  BRANDABLE = answer("brandable", "none");

/**
 * The uncategorized results by analyse()'s answer, built once and frozen: most names have no
 * keyword, and each would otherwise cost an object and two empty arrays.
 */
const UNCATEGORIZED_RESULTS: readonly Classification[] = (() => {
  const out: Classification[] = [];
  for (const source of SOURCES)
    for (const type of DOMAIN_TYPES) {
      out[answer(type, source)] = Object.freeze<Classification>({
        vertical: UNCATEGORIZED.vertical,
        subcategory: UNCATEGORIZED.subcategory,
        confidence: "low",
        matched: Object.freeze([]) as unknown as string[],
        source,
        type,
        tags: Object.freeze([]) as unknown as Classification["tags"],
      });
    }
  return out;
})();

/**
 * Classify one second-level name given its words (from the splitter).
 * Types: numeric (all digits, or more digits than letters, and no keyword) and acronym (at most
 * 4 letters/digits, not a word, no keyword) come from rules; a keyword makes the name industry,
 * or geo when a place word stands beside the keyword ("denverdentist": geo, vertical Health),
 * unless the whole name is a person's name whose keyword is also a surname ("johnbaker":
 * personal, uncategorized) and no place stands beside it ("dallasnews" is geo, News). Without keywords: geo (a place leads), personal, generic (all words
 * known), else brandable (coinages, punycode labels). Short names: see ACRONYM_MAX.
 * wordIndexes (optional, for speed): the splitter's tokenWords() for exactly these words, from
 * `from` on (a batch's indexes in one array), which are then the splitter's tokens (lower-case
 * letters or digits) and are not checked again; with `factsGiven`, the array holds each
 * word's wordFactsAt() instead (a batch looks them all up first: batch-stages.ts).
 */
export function classify(
  sld: string,
  words: readonly string[],
  info: WordInfo = getWordInfo(),
  wordIndexes?: Int32Array,
  from = 0,
  factsGiven = false,
): Classification {
  const a = analyse(sld, words, info, wordIndexes, from, factsGiven);
  if ((a & HITS) === 0) return UNCATEGORIZED_RESULTS[a]!;
  const best = primary(lastHits, tokenFlags);
  const c = scored(lastToks, tokenFlags, tokenDigits, lastHits, tokenUsed, best, DOMAIN_TYPES[a & TYPE_MASK]!);
  reset(lastHits);
  return c;
}

/**
 * What camelcase needs of classify(): the taxonomy node of its vertical and subcategory and
 * its domain type, as node id << 3 | the type's index in DOMAIN_TYPES, without building the
 * result (matched, tags, confidence). Equal to classify()'s answer by construction: both come
 * from analyse() and primary().
 */
export function classifyTopic(
  sld: string,
  words: readonly string[],
  info: WordInfo = getWordInfo(),
  wordIndexes?: Int32Array,
  from = 0,
  factsGiven = false,
): number {
  const a = analyse(sld, words, info, wordIndexes, from, factsGiven);
  if ((a & HITS) === 0) return (UNCATEGORIZED.id << 3) | (a & TYPE_MASK);
  const best = primary(lastHits, tokenFlags);
  reset(lastHits);
  return (best << 3) | (a & TYPE_MASK);
}

/**
 * A token's W_* flags (low byte) and keywordNumber() (above it) from `info`, by its lexicon
 * index when known (the splitter's tokenWords(): an index, NOT_A_WORD or NOT_LOOKED_UP).
 */
export function wordFactsAt(info: WordInfo, index: number, word: string): number {
  return info.factsAt !== undefined ? info.factsAt(index, word) : info.facts !== undefined ? info.facts(word) : info.flags(word) | (keywordNumber(word) << 8);
}

/** The rules of classify(), up to the keyword hits and the domain type (see its comment). */
function analyse(sld: string, words: readonly string[], info: WordInfo, wordIndexes: Int32Array | undefined, from: number, factsGiven: boolean): number {
  let letters = 0,
    digits = 0;
  for (let i = 0; i < sld.length; i++) {
    const c = sld.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c !== 45) letters++;
  }
  if (isPunycode(sld)) return BRANDABLE;
  const toks = wordIndexes !== undefined ? words : tokens(words);
  const given = wordIndexes !== undefined && from + toks.length <= wordIndexes.length ? wordIndexes : undefined;
  if (toks.length > tokenFlags.length) {
    tokenFlags = new Int32Array(toks.length * 2);
    tokenKeys = new Int32Array(toks.length * 2);
    tokenUsed = new Uint8Array(toks.length * 2);
    tokenDigits = new Uint8Array(toks.length * 2);
  }
  const flags = tokenFlags,
    keys = tokenKeys,
    digitRuns = tokenDigits;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    digitRuns[i] = isDigits(t) ? 1 : 0;
    const f = given === undefined ? wordFactsAt(info, NOT_LOOKED_UP, t) : factsGiven ? given[from + i]! : wordFactsAt(info, given[from + i]!, t);
    flags[i] = f & 255;
    keys[i] = f >>> 8;
  }
  const hits = findHits(toks, flags, keys);

  if (hits.length > 0) {
    const used = tokenUsed.fill(0, 0, toks.length);
    let allSurnames = true;
    for (const h of hits)
      for (let j = h.pos; j < h.pos + h.span; j++) {
        used[j] = 1;
        if ((flags[j]! & W_SURNAME) === 0) allSurnames = false;
      }
    // A place beside a keyword makes the name geo, whatever else its words could be: in
    // "dallasnews" or "denverlawyer" the place is no first name, the keyword no surname.
    const geo = hasPlace(toks, flags, used);
    if (!geo && allSurnames && personalName(toks.length, flags, digitRuns)) return PERSONAL;
    lastToks = toks;
    lastHits = hits;
    return geo ? GEO : INDUSTRY;
  }
  if (digits > 0 && digits > letters) return NUMERIC;
  let allWords = toks.length > 0;
  for (let i = 0; i < toks.length; i++) if (digitRuns[i] === 0 && (flags[i]! & W_WORD) === 0) allWords = false;
  // A short name is an acronym unless it is one known token (a word, name or place: "blue", "mary", "rome").
  if (letters + digits <= ACRONYM_MAX && !(toks.length === 1 && flags[0] !== 0)) return ACRONYM;
  if (leadsWithPlace(toks, flags, digitRuns)) return GEO_NONE;
  if (personalName(toks.length, flags, digitRuns)) return PERSONAL;
  return allWords ? GENERIC : BRANDABLE;
}
