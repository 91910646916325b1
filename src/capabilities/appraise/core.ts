/**
 * The name's own worth as a registered .com, before its extension, classification and zone
 * demand move it: the highest of the readings of the first label that apply, in millibits of USD.
 *
 * - pattern: short letter and digit strings (LLL, NNNN, CVCV...) start from their calibrated
 *   market anchor (calibration.ts), nudged by letter and digit quality.
 * - words: names made of dictionary words start from the frequency of their words (a common
 *   single word is worth the most; every extra word, rare word and extra letter costs).
 * - brandable: pronounceable coinages by length; unpronounceable strings (random) near nothing.
 * - idn: internationalised (xn--) names by their length in their own script.
 *
 * The highest reading wins ("blue" is a word before it is an LLLL; "qxz" is an LLL before it
 * is a coinage). Every effect is an integer number of millibits computed with +, -, *, / and
 * Math.round only, so the result is the same on every machine (see fixed.ts).
 */
import { PATTERN_ANCHORS, Z80, type PatternId } from "./calibration.ts";
import { CVCV, CVCVC, isPattern, Kind, shapeOf, Speech, type Shape } from "./features.ts";
import { bits, log2mb } from "./fixed.ts";
import type { WordSignals } from "./signals.ts";

export type CoreKind = "pattern" | "words" | "brandable" | "random" | "idn";

export interface Core {
  kind: CoreKind;
  /** log2 of the USD value as a .com, in millibits. */
  mb: number;
  /** Uncertainty of this reading (one standard deviation of log2 value), millibits. */
  sigma: number;
  /** What the reading rests on, for explanations ("pattern LLL", "one word, zipf 4.4"). */
  detail: string;
  shape: Shape;
  /** The name is one term: a single dictionary word or a known phrase (an exact-match candidate). */
  term: boolean;
  /** An internationalised (xn--) name: its hyphens and digits are the encoding's, not the name's. */
  idn?: boolean;
}

const ANCHOR_MB = Object.fromEntries(
  Object.values(PATTERN_ANCHORS).map((a) => [a.pattern, { mb: log2mb(a.medianUsd), sigma: Math.round(log2mb(a.medianUsd / a.floorUsd) / Z80) }]),
) as Record<PatternId, { mb: number; sigma: number }>;

const DIGIT_PATTERNS: readonly PatternId[] = ["N", "NN", "NNN", "NNNN", "NNNNN", "NNNNNN"];
const LETTER_PATTERNS: readonly PatternId[] = ["L", "LL", "LLL", "LLLL"];

export function patternOf(shape: Shape): PatternId | null {
  if (shape.kind === Kind.Digits) return DIGIT_PATTERNS[shape.len - 1] ?? null;
  if (shape.len === 2 && shape.hyphens === 0 && shape.kind === Kind.Mixed) return "LN";
  if (shape.kind !== Kind.Letters) return null;
  if (shape.len === 4 && isPattern(shape, CVCV, 4)) return "CVCV";
  if (shape.len <= 4) return LETTER_PATTERNS[shape.len - 1] ?? null;
  if (shape.len === 5) {
    if (isPattern(shape, CVCVC, 5)) return "CVCVC";
    if (shape.speech === Speech.Unpronounceable) return "LLLLL";
  }
  return null;
}

/** Letter and digit quality within a pattern: what makes one LLL or NNNN dearer than another. */
function patternQuality(p: PatternId, s: Shape): number {
  if (s.kind === Kind.Digits) {
    let q = 0;
    if (s.leadingZero && s.len > 1) q -= bits(0.6);
    q += bits(0.25) * s.eights - bits(0.25) * s.fours;
    if (s.repeated && s.len > 1) q += bits(1.5);
    else if (s.sequence) q += bits(0.8);
    else if (s.pairs) q += bits(0.5);
    // A year of the last century or this one ("1992", "2024") is a word to its buyers.
    if (s.len === 4 && s.year) q += bits(1.5);
    return q;
  }
  let q = -bits(0.35) * s.weakLetters;
  if (s.premiumLetters) q += p === "LLLL" ? bits(0.5) : bits(0.2);
  if (s.repeated && s.len > 1) q += bits(1.0);
  return q;
}

/** Tokens the words reading uses: letters-only pieces and digit runs, split at hyphens. */
interface WordStats {
  known: number;
  unknown: number;
  unknownLetters: number;
  digitTokens: number;
  minZ: number;
  sumZ: number;
}

/** A token counts as a word when the lexicon knows it; one- and two-letter tokens only when very common. */
function wordStats(w: WordSignals): WordStats {
  const st: WordStats = { known: 0, unknown: 0, unknownLetters: 0, digitTokens: 0, minZ: 99, sumZ: 0 };
  for (let i = 0; i < w.words.length; i++) {
    const t = w.words[i]!;
    const z = w.zipf[i] ?? 0;
    let digits = 0,
      hyph = 0;
    for (let j = 0; j < t.length; j++) {
      const c = t.charCodeAt(j);
      if (c >= 48 && c <= 57) digits++;
      else if (c === 45) hyph++;
    }
    const letters = t.length - digits - hyph;
    if (letters === 0) {
      if (digits > 0) st.digitTokens++;
      continue;
    }
    const isWord = z > 0 && digits === 0 && (letters >= 3 || z >= 5);
    if (isWord) {
      st.known++;
      const zc = z > 7 ? 7 : z;
      st.sumZ += zc;
      if (zc < st.minZ) st.minZ = zc;
    } else {
      st.unknown++;
      st.unknownLetters += letters;
    }
  }
  return st;
}

const clamp = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);

/** The Zipf frequency a digit run counts with among words. */
const DIGITS_ZIPF = 2.5;

/**
 * Single words by frequency: zipf 3 about $11,000 as .com, zipf 4 about $75,000, zipf 5 about
 * $500,000, zipf 6 about $3,400,000 (the one-word .com names public sales show in the millions).
 * Above zipf 6 are function words ("there", "your"): no dearer than the most common nouns.
 */
const oneWordMb = (z: number) => Math.round(1000 * (5.0 + 2.9 * clamp(z, 2, 6)));

/** The words reading, or null when the name holds no known word. */
function wordsReading(s: Shape, w: WordStats, ws: WordSignals, explain: boolean): { mb: number; sigma: number; detail: string; term: boolean } | null {
  const phrase = ws.phrase || ws.commercial;
  if (w.known === 0) return null;
  const lettersLen = s.letters;
  const pure = w.unknown === 0 && w.digitTokens === 0;
  let mb: number;
  let detail = "";
  if (pure && w.known === 1) {
    mb = oneWordMb(w.minZ);
    if (lettersLen <= 4) mb += bits(0.3);
    else if (lettersLen > 8) mb -= bits(0.3) * Math.min(8, lettersLen - 8);
    if (explain) detail = `one dictionary word (zipf ${clamp(w.minZ, 2, 6).toFixed(1)})`;
  } else if (pure && (w.known === 2 || (w.known === 3 && ws.commercial)) && phrase) {
    // A known phrase, or the words of a commercial search ("mortgage calculator"), trades like
    // a single term, below its rarer word alone; a third word costs more.
    mb = oneWordMb(Math.min(w.minZ, 5.5) - 0.3) - bits(ws.phrase ? 1.8 : 3.0) - bits(1.5) * (w.known - 2);
    if (lettersLen > 12) mb -= bits(0.3) * Math.min(8, lettersLen - 12);
    if (explain) detail = `${ws.phrase ? "known phrase" : "exact-match search phrase"} (rarest word zipf ${clamp(w.minZ, 2, 6.5).toFixed(1)})`;
  } else {
    // A run of digits ("2024", "10") is a part like a word of middling rarity.
    const parts = w.known + w.digitTokens;
    const minZ = clamp(w.digitTokens > 0 && w.minZ > DIGITS_ZIPF ? DIGITS_ZIPF : w.minZ, 1.5, 6.5);
    const avgZ = clamp((w.sumZ + DIGITS_ZIPF * w.digitTokens) / parts, 1.5, 6.5);
    mb = Math.round(1000 * (8.23 + 1.0 * (minZ - 3) + 0.5 * (avgZ - 4)));
    mb -= bits(1.5) * Math.max(0, parts - 2);
    mb -= bits(0.3) * Math.min(20, Math.max(0, lettersLen - 8));
    if (w.unknown > 0) mb -= bits(1.6) * w.unknown + bits(0.25) * w.unknownLetters;
    if (explain) {
      detail = `${w.known} dictionary word${w.known > 1 ? "s" : ""} (rarest zipf ${minZ.toFixed(1)})`;
      if (w.unknown > 0) detail += ` and ${w.unknown} unknown part${w.unknown > 1 ? "s" : ""}`;
      if (w.digitTokens > 0) detail += " with digits";
    }
  }
  if (ws.placeZipf > 0 && pure) {
    // A place and a service ("chicago plumber"): local businesses buy these; the bigger and
    // better known the place, the more buyers. The service's worth is the intent term's.
    const geo = log2mb(1500) + Math.round(900 * (clamp(ws.placeZipf, 2, 6) - 4)) - bits(0.8) * Math.max(0, w.known - 2);
    if (geo > mb) {
      mb = geo;
      if (explain) detail = `place and service (place zipf ${clamp(ws.placeZipf, 2, 6).toFixed(1)})`;
    }
  }
  const sigma = bits(2.6) + bits(0.2) * Math.min(3, w.known + w.unknown + w.digitTokens - 1);
  return { mb, sigma, detail, term: pure && (w.known === 1 || (w.known === 2 && phrase)) };
}

/** The brandable (coined) or random reading of a name that no pattern or word covers well. */
function brandReading(s: Shape, explain: boolean): { kind: CoreKind; mb: number; sigma: number; detail: string } {
  const len = s.letters + s.digits;
  if (s.speech !== Speech.Unpronounceable) {
    let mb = log2mb(400) - bits(0.7) * Math.max(0, len - 5);
    if (s.speech === Speech.Alternating) mb += bits(0.5);
    return { kind: "brandable", mb, sigma: bits(2.2), detail: explain ? `pronounceable coinage of ${len} characters` : "" };
  }
  const mb = log2mb(20) - bits(0.5) * clamp(len - 5, 0, 10);
  return { kind: "random", mb, sigma: bits(1.4), detail: explain ? `unpronounceable string of ${len} characters` : "" };
}

/**
 * An internationalised name is read by its length in its own script (the lexicon and the
 * letter patterns are ASCII): short ones are sought after in their home markets.
 */
function idnReading(len: number, shape: Shape, explain: boolean): Core {
  const mb = log2mb(500) - bits(0.6) * Math.min(20, Math.max(0, len - 2));
  return { kind: "idn", mb, sigma: bits(2.4), detail: explain ? `internationalised name of ${len} characters` : "", shape, term: false };
}

/** `explain` = also write the details in words (costly strings, only when asked). */
export function coreValue(name: string, words: WordSignals, explain = false, idnLength = 0): Core {
  const shape = shapeOf(name);
  if (idnLength > 0) {
    // An internationalised name whose letters fold to known words ("gartenmöbel" -> garten
    // mobel) is also read as those words, on the folded spelling's shape; the higher wins.
    const idn = idnReading(idnLength, shape, explain);
    const folded = words.words.join("");
    const wr = folded === name ? null : wordsReading(shapeOf(folded), wordStats(words), words, explain);
    return wr !== null && wr.mb > idn.mb ? { kind: "words", ...wr, shape: idn.shape, idn: true } : idn;
  }
  const p = patternOf(shape);
  let best: Core | null = null;
  if (p !== null) {
    const a = ANCHOR_MB[p];
    best = {
      kind: "pattern",
      mb: a.mb + patternQuality(p, shape),
      sigma: a.sigma,
      detail: explain ? `pattern ${p}.com (median $${PATTERN_ANCHORS[p].medianUsd})` : "",
      shape,
      term: false,
    };
  }
  const wr = wordsReading(shape, wordStats(words), words, explain);
  if (wr !== null && (best === null || wr.mb > best.mb)) best = { kind: "words", ...wr, shape };
  if (p === null) {
    const br = brandReading(shape, explain);
    if (best === null || br.mb > best.mb) best = { ...br, shape, term: false };
  }
  return best ?? { ...brandReading(shape, explain), shape, term: false };
}
