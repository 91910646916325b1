/**
 * Deterministic industry classifier (decisions §4): words of a name -> vertical, subcategory,
 * confidence, matched keywords, source, domain type and secondary tags.
 *
 * Guarantees: the output depends only on (sld, words, taxonomy/keyword tables, WordInfo), and
 * every field is built in a fixed order, so the same input gives byte-identical JSON. Hot path:
 * keywords are hash-map hits (keywords.ts), one WordInfo lookup per word, scores accumulate in
 * preallocated typed arrays that are reset after each call; the only regex (a precompiled
 * literal) runs when a word holds something other than a-z0-9.
 *
 * Rules, in order:
 * 1. Keywords: at each word, the longest phrase wins, then a keyword split by the splitter
 *    ("the"+"rapist" stays unread, but an unknown fragment joined to its neighbour is tried),
 *    then the word itself (plain plurals folded). Each hit adds its weight to its subcategory
 *    and vertical. Primary = best vertical score, then best subcategory score, then the later
 *    word (English compounds put the head last: "pizza insurance" is insurance), then taxonomy order.
 * 2. Tags: the other matched subcategories, by score then first position.
 * 3. Confidence: high = score >= 3 and at least twice any rival vertical; medium = score >= 3,
 *    or 2 unopposed; else low. One level lower when unknown letters outnumber keyword letters.
 * 4. Type: see the comment on classify() below.
 */
import { getWordInfo, W_COMMON, W_FIRST, W_PLACE, W_SURNAME, W_WORD, type WordInfo } from "./classifier-words.ts";
import { keywordNumber, MAX_PHRASE_WORDS, MAX_TOKEN_LENGTH, sameWord, SINGLE_BY_WORD, SINGLE_TRIE, TOKEN_ENTRIES, type Keyword } from "./keywords.ts";
import { MODIFIER_SET } from "./keywords-modifiers.ts";
import { TAXONOMY, UNCATEGORIZED } from "./taxonomy.ts";

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

/** Names of at most this many letters and digits that are not a word are acronyms. */
const ACRONYM_MAX = 4;
const NON_ALNUM = /[^a-z0-9]+/;

const nodes = TAXONOMY.nodes;
const subScore = new Float64Array(nodes.length);
const vertScore = new Float64Array(TAXONOMY.verticals.length);
const lastPos = new Int32Array(nodes.length);
/** Per token of the name being classified: its W_* flags and its keywordNumber() (grown on demand). */
let tokenFlags = new Int32Array(64);
let tokenKeys = new Int32Array(64);
/** findHits() of a name without keywords (most names): no array allocated. */
const NO_HITS: readonly Hit[] = Object.freeze([]);

interface Hit { kw: Keyword; pos: number; span: number }

function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
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
    if (isToken(w)) { out.push(w); continue; }
    for (const part of w.toLowerCase().split(NON_ALNUM)) if (part !== "") out.push(part);
  }
  return out;
}

/** Step 1: keyword hits, left to right, longest first (`keys`: each token's keywordNumber()). */
function findHits(toks: readonly string[], flags: Int32Array, keys: Int32Array): readonly Hit[] {
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
        if (ok) { hit = { kw: p, pos: i, span: len }; break; }
      }
    }
    if (hit === undefined && i + 1 < n && (flags[i] === 0 || flags[i + 1] === 0)) hit = joinedHit(toks, flags, i);
    if (hit === undefined && entry?.single !== undefined) hit = { kw: entry.single, pos: i, span: 1 };
    if (hit !== undefined) { (hits ??= []).push(hit); i += hit.span; } else i++;
  }
  return hits ?? NO_HITS;
}

/**
 * A keyword the splitter cut into pieces, at least one of them not a word ("bar"+"ber"): the
 * most tokens from i (2 up to MAX_PHRASE_WORDS + 1) whose joined letters, 5 to
 * MAX_TOKEN_LENGTH of them, are a token singleKeyword() answers for. One walk of the keyword
 * trie over the tokens' letters tries every span; it stops where no keyword goes on.
 */
function joinedHit(toks: readonly string[], flags: Int32Array, i: number): Hit | undefined {
  const max = Math.min(MAX_PHRASE_WORDS + 1, toks.length - i);
  let node = SINGLE_TRIE.root, length = 0, fragment = false, hit: Hit | undefined;
  for (let j = 0; j < max; j++) {
    const t = toks[i + j]!;
    length += t.length;
    if (length > MAX_TOKEN_LENGTH) break;
    if ((flags[i + j]! & W_WORD) === 0) fragment = true;
    for (let q = 0; q < t.length && node >= 0; q++) {
      const c = t.charCodeAt(q);
      node = c < 128 ? SINGLE_TRIE.child(node, c) : -1;
    }
    if (node < 0) break;
    const k = j >= 1 && fragment && length >= 5 ? SINGLE_TRIE.wordOf(node) : -1;
    if (k >= 0) hit = { kw: SINGLE_BY_WORD[k]!, pos: i, span: j + 1 };
  }
  return hit;
}

/** Personal name: a first name (not an everyday word when alone), then surnames or names. */
function personalName(toks: readonly string[], flags: Int32Array): boolean {
  const letters: number[] = [];
  for (let i = 0; i < toks.length; i++) if (!isDigits(toks[i]!)) letters.push(i);
  if (letters.length === 0 || letters.length > 3) return false;
  const f0 = flags[letters[0]!]!;
  if ((f0 & W_FIRST) === 0) return false;
  if (letters.length === 1) return (f0 & W_COMMON) === 0;
  for (let k = 1; k < letters.length; k++) if ((flags[letters[k]!]! & (W_SURNAME | W_FIRST)) === 0) return false;
  // Two everyday words that happen to be names ("grace", "hill") read as words.
  return letters.some((idx) => (flags[idx]! & W_COMMON) === 0);
}

/** The first token that is not a modifier or number leads the name. */
function leadsWithPlace(toks: readonly string[], flags: Int32Array): boolean {
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (isDigits(t) || MODIFIER_SET.has(t)) continue;
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

/**
 * The uncategorized results, one per (source, type), built once and frozen: most names have
 * no keyword, and each would otherwise cost an object and two empty arrays.
 */
const UNCATEGORIZED_RESULTS = new Map<Source, Map<DomainType, Classification>>((["lexicon", "rule", "none"] as const).map((source) => [
  source,
  new Map(DOMAIN_TYPES.map((type) => [type, Object.freeze<Classification>({
    vertical: UNCATEGORIZED.vertical, subcategory: UNCATEGORIZED.subcategory, confidence: "low",
    matched: Object.freeze([]) as unknown as string[], source, type, tags: Object.freeze([]) as unknown as Classification["tags"],
  })])),
]));

function uncategorized(type: DomainType, source: Source): Classification {
  return UNCATEGORIZED_RESULTS.get(source)!.get(type)!;
}

/**
 * Classify one second-level name given its words (from the splitter).
 * Types: numeric (all digits, or more digits than letters, and no keyword) and acronym (at most
 * 4 letters/digits, not a word, no keyword) come from rules; a keyword makes the name industry,
 * or geo when a place word stands beside the keyword ("denverdentist": geo, vertical Health),
 * unless the whole name is a person's name whose keyword is also a surname ("johnbaker":
 * personal, uncategorized). Without keywords: geo (a place leads), personal, generic (all words
 * known), else brandable (coinages, punycode labels). Short names: see ACRONYM_MAX.
 * wordIndexes (optional, for speed): the splitter's tokenWords() for exactly these words, which
 * are then the splitter's tokens (lower-case letters or digits) and are not checked again.
 */
export function classify(sld: string, words: readonly string[], info: WordInfo = getWordInfo(), wordIndexes?: Int32Array): Classification {
  let letters = 0, digits = 0;
  for (let i = 0; i < sld.length; i++) {
    const c = sld.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c !== 45) letters++;
  }
  if (sld.startsWith("xn--")) return uncategorized("brandable", "none");
  const toks = wordIndexes !== undefined ? words : tokens(words);
  const indexes = info.factsAt !== undefined && wordIndexes !== undefined && toks.length <= wordIndexes.length ? wordIndexes : undefined;
  if (toks.length > tokenFlags.length) {
    tokenFlags = new Int32Array(toks.length * 2);
    tokenKeys = new Int32Array(toks.length * 2);
  }
  const flags = tokenFlags, keys = tokenKeys;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const f = indexes !== undefined ? info.factsAt!(indexes[i]!, t)
      : info.facts !== undefined ? info.facts(t) : info.flags(t) | (keywordNumber(t) << 8);
    flags[i] = f & 255;
    keys[i] = f >>> 8;
  }
  const hits = findHits(toks, flags, keys);

  if (hits.length > 0) {
    const used = new Uint8Array(toks.length);
    let allSurnames = true;
    for (const h of hits) for (let j = h.pos; j < h.pos + h.span; j++) {
      used[j] = 1;
      if ((flags[j]! & W_SURNAME) === 0) allSurnames = false;
    }
    if (allSurnames && personalName(toks, flags)) return uncategorized("personal", "none");
    const type: DomainType = hasPlace(toks, flags, used) ? "geo" : "industry";
    return scored(toks, flags, hits, used, type);
  }
  if (digits > 0 && digits > letters) return uncategorized("numeric", "rule");
  let allWords = toks.length > 0;
  for (let i = 0; i < toks.length; i++) if (!isDigits(toks[i]!) && (flags[i]! & W_WORD) === 0) allWords = false;
  // A short name is an acronym unless it is one known token (a word, name or place: "blue", "mary", "rome").
  if (letters + digits <= ACRONYM_MAX && !(toks.length === 1 && flags[0] !== 0)) return uncategorized("acronym", "rule");
  if (leadsWithPlace(toks, flags)) return uncategorized("geo", "none");
  if (personalName(toks, flags)) return uncategorized("personal", "none");
  return uncategorized(allWords ? "generic" : "brandable", "none");
}

/** Steps 1-3 once hits exist. Scores are accumulated in the shared arrays and reset before returning. */
function scored(toks: readonly string[], flags: Int32Array, hits: readonly Hit[], used: Uint8Array, type: DomainType): Classification {
  for (const h of hits) {
    const node = nodes[h.kw.node]!;
    subScore[node.id]! += h.kw.weight;
    vertScore[node.verticalId]! += h.kw.weight;
    lastPos[node.id] = h.pos + 1;
  }
  let best = hits[0]!.kw.node;
  for (const h of hits) {
    const a = h.kw.node;
    if (a === best) continue;
    const va = vertScore[nodes[a]!.verticalId]!, vb = vertScore[nodes[best]!.verticalId]!;
    if (va > vb || (va === vb && (subScore[a]! > subScore[best]! ||
      (subScore[a] === subScore[best] && (lastPos[a]! > lastPos[best]! || (lastPos[a] === lastPos[best] && a < best)))))) best = a;
  }
  const primary = nodes[best]!;
  const strength = vertScore[primary.verticalId]!;
  let rival = 0;
  for (const h of hits) {
    const v = nodes[h.kw.node]!.verticalId;
    if (v !== primary.verticalId && vertScore[v]! > rival) rival = vertScore[v]!;
  }
  let level = strength >= 3 && rival * 2 <= strength ? 2 : strength >= 3 || (strength >= 2 && rival === 0) ? 1 : 0;
  let keywordLetters = 0, unknownLetters = 0;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (used[i] === 1) keywordLetters += t.length;
    else if (flags[i] === 0 && !isDigits(t)) unknownLetters += t.length;
  }
  if (unknownLetters > keywordLetters && level > 0) level--;

  const matched: string[] = [];
  for (const h of hits) if (!matched.includes(h.kw.text)) matched.push(h.kw.text);
  // Tags: distinct secondary subcategories by score, then first position (hits are in position order).
  const others: number[] = [];
  for (const h of hits) if (h.kw.node !== best && !others.includes(h.kw.node)) others.push(h.kw.node);
  others.sort((a, b) => subScore[b]! - subScore[a]!); // stable: ties keep first-position order
  const tags = others.map((id) => ({ vertical: nodes[id]!.vertical, subcategory: nodes[id]!.subcategory }));

  for (const h of hits) {
    subScore[h.kw.node] = 0;
    vertScore[nodes[h.kw.node]!.verticalId] = 0;
    lastPos[h.kw.node] = 0;
  }
  return {
    vertical: primary.vertical,
    subcategory: primary.subcategory,
    confidence: level === 2 ? "high" : level === 1 ? "medium" : "low",
    matched,
    source: "lexicon",
    type,
    tags,
  };
}
