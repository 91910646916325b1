/**
 * Shape features of a second-level name, read from its characters in one pass (no regex, no
 * allocation beyond the small result object): lengths, character classes, the letter pattern
 * (LLL, CVCV, ...), pronounceability, letter and digit quality. Every output is an integer or a
 * boolean, so the model's arithmetic starts from exact values.
 */

/** Character classes of a name: all letters, all digits, or anything else (mixed, hyphens). */
export const Kind = { Letters: 0, Digits: 1, Mixed: 2 } as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

/** How easily a string of letters is said out loud. */
export const Speech = { Unpronounceable: 0, Pronounceable: 1, Alternating: 2 } as const;
export type Speech = (typeof Speech)[keyof typeof Speech];

export interface Shape {
  len: number;
  letters: number;
  digits: number;
  hyphens: number;
  kind: Kind;
  /** Bit i set when character i (of the first 30) is a vowel a/e/i/o/u. */
  vowelMask: number;
  speech: Speech;
  /** Letters from q, x, z, j, v (the ones buyers of short names avoid). */
  weakLetters: number;
  /** No vowel and no "v": the letter set buyers of four-letter names pay more for. */
  premiumLetters: boolean;
  /** Digit quality, for names that are all digits. */
  fours: number;
  eights: number;
  leadingZero: boolean;
  /** All characters the same ("888", "aaaa"). */
  repeated: boolean;
  /** Digits that step by one ("123", "4567", "987"). */
  sequence: boolean;
  /** Two distinct characters in an AABB or ABAB or ABBA layout (length 4 only). */
  pairs: boolean;
  /** Four digits 1900-2099 (length 4 only). */
  year: boolean;
}

function isVowel(c: number): boolean {
  return c === 97 || c === 101 || c === 105 || c === 111 || c === 117;
}

/** CV pattern of a letters-only name as a mask; compare with cvMask("CVCV") etc. */
export function cvMask(pattern: string): number {
  let m = 0;
  for (let i = 0; i < pattern.length; i++) if (pattern[i] === "V") m |= 1 << i;
  return m;
}

export const CVCV = cvMask("CVCV");
export const CVCVC = cvMask("CVCVC");

export function shapeOf(s: string): Shape {
  const len = s.length;
  let letters = 0,
    digits = 0,
    hyphens = 0,
    vowelMask = 0,
    weak = 0,
    fours = 0,
    eights = 0;
  let vowels = 0,
    run = 0,
    maxConsRun = 0,
    vrun = 0,
    maxVowelRun = 0,
    hasV = false;
  let repeated = len > 0,
    sequence = len >= 3,
    up = true,
    down = true;
  const first = len > 0 ? s.charCodeAt(0) : 0;
  for (let i = 0; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c !== first) repeated = false;
    if (c >= 48 && c <= 57) {
      digits++;
      if (c === 52) fours++;
      else if (c === 56) eights++;
      run = 0;
      vrun = 0;
    } else if (c === 45) {
      hyphens++;
      run = 0;
      vrun = 0;
    } else {
      letters++;
      if (isVowel(c)) {
        vowels++;
        if (i < 30) vowelMask |= 1 << i;
        run = 0;
        if (++vrun > maxVowelRun) maxVowelRun = vrun;
      } else {
        vrun = 0;
        // "y" between consonants acts as a vowel for speech ("gym", "lynx").
        if (c === 121 && i > 0) {
          run = 0;
          vowels++;
          continue;
        }
        if (++run > maxConsRun) maxConsRun = run;
        if (c === 113 || c === 120 || c === 122 || c === 106 || c === 118) weak++;
        if (c === 118) hasV = true;
      }
    }
    if (i > 0) {
      const d = c - s.charCodeAt(i - 1);
      if (d !== 1) up = false;
      if (d !== -1) down = false;
    }
  }
  if (!(up || down) || digits !== len) sequence = false;
  const kind: Kind = digits === len && len > 0 ? Kind.Digits : letters === len ? Kind.Letters : Kind.Mixed;
  let speech: Speech = Speech.Unpronounceable;
  if (kind === Kind.Letters && letters > 0) {
    const ratioOk = vowels * 5 >= letters && vowels * 10 <= letters * 7; // 20% .. 70% vowels
    if (ratioOk && maxConsRun <= 2 && maxVowelRun <= 2) speech = alternates(vowelMask, len) ? Speech.Alternating : Speech.Pronounceable;
    else if (ratioOk && maxConsRun <= 3 && maxVowelRun <= 2) speech = Speech.Pronounceable;
  }
  let pairs = false;
  if (len === 4) {
    const a = s.charCodeAt(0),
      b = s.charCodeAt(1),
      c = s.charCodeAt(2),
      d = s.charCodeAt(3);
    pairs = !repeated && ((a === b && c === d) || (a === c && b === d) || (a === d && b === c));
  }
  return {
    len,
    letters,
    digits,
    hyphens,
    kind,
    vowelMask,
    speech,
    weakLetters: weak,
    premiumLetters: kind === Kind.Letters && vowelMask === 0 && len <= 30 && !hasV,
    fours,
    eights,
    leadingZero: first === 48,
    repeated,
    sequence,
    pairs,
    year: len === 4 && digits === 4 && ((s.charCodeAt(0) === 49 && s.charCodeAt(1) === 57) || (s.charCodeAt(0) === 50 && s.charCodeAt(1) === 48)),
  };
}

/** Consonants and vowels strictly alternate (CVCV, VCVC, CVCVC...). */
function alternates(mask: number, len: number): boolean {
  for (let i = 1; i < len && i < 30; i++) if (((mask >> i) & 1) === ((mask >> (i - 1)) & 1)) return false;
  return true;
}

/** The name is exactly this CV pattern (letters only, length = pattern length). */
export function isPattern(shape: Shape, mask: number, patternLength: number): boolean {
  return shape.kind === Kind.Letters && shape.len === patternLength && shape.vowelMask === mask;
}
