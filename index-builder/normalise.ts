/**
 * Domain names for the index builder: the API's own normalisation (src/domain/name.ts:
 * lower-case, one trailing dot dropped, IDN to punycode, label rules), so the index holds
 * exactly the form a request is looked up with, plus the index's own rule that a
 * registered domain has a name and an extension (at least two labels). Nothing here
 * throws: a rejected line is counted by the caller.
 *
 * classifyListLine is the byte fast path for plain lists: a line made only of ASCII
 * letters, digits, "-" and "." (what nearly every nightly list holds) is decided from its
 * bytes with the same rules normaliseDomain applies to such a line (trim, comments, one
 * trailing dot, lengths, hyphens, a dot required), so no string is made for it. Any other
 * line (other characters, bytes >= 0x80) is reported as SLOW: the caller runs it through
 * normaliseDomain, which is the reference. test/zone/builder.test.ts compares both paths.
 */
import { normaliseDomain as normaliseName } from "../src/domain/name.ts";

/** The normalised domain, or null when it is not a valid registered-domain name. */
export function normaliseDomain(raw: string): string | null {
  const d = normaliseName(raw);
  return d?.includes(".") ? d : null;
}

/** classifyListLine results below 0; a result >= 0 is the position of the first dot. */
export const LINE_SKIP = -1; // blank line or comment
export const LINE_INVALID = -2; // not a registered-domain name
export const LINE_SLOW = -3; // needs normaliseDomain (text)

// byte classes: 0 other, 1 lower-case letter or digit, 2 upper-case letter, 3 "-", 4 ".", 5 ASCII space
const CLASS = (() => {
  const t = new Uint8Array(256);
  for (let c = 97; c <= 122; c++) t[c] = 1;
  for (let c = 48; c <= 57; c++) t[c] = 1;
  for (let c = 65; c <= 90; c++) t[c] = 2;
  t[45] = 3;
  t[46] = 4;
  for (const c of [9, 10, 11, 12, 13, 32]) t[c] = 5; // what String.prototype.trim removes in ASCII
  return t;
})();

/** Byte -> lower-case byte (ASCII letters only). */
export const LOWER = (() => {
  const t = new Uint8Array(256);
  for (let c = 0; c < 256; c++) t[c] = c >= 65 && c <= 90 ? c + 32 : c;
  return t;
})();

/** Where the trimmed, trailing-dot-free domain of the last accepted line lies in its buffer. */
export const lineSpan = { start: 0, end: 0 };

/**
 * Decides one list line b[s, e): LINE_SKIP, LINE_INVALID, LINE_SLOW, or (accepted) the
 * index of its first dot, with the domain at lineSpan (still to be lower-cased: LOWER).
 */
export function classifyListLine(b: Uint8Array, s: number, e: number): number {
  while (s < e && CLASS[b[s]!] === 5) s++;
  while (e > s && CLASS[b[e - 1]!] === 5) e--;
  if (s === e || b[s] === 35 /* # */ || b[s] === 59 /* ; */) return LINE_SKIP;
  if (b[e - 1] === 46) e--; // one trailing dot
  const n = e - s;
  let dot = -1;
  let bad = n < 1 || n > 253;
  let label = s;
  for (let i = s; i < e; i++) {
    const c = CLASS[b[i]!];
    if (c === 4) {
      const len = i - label;
      if (len < 1 || len > 63 || b[label] === 45 || b[i - 1] === 45) bad = true;
      if (dot < 0) dot = i;
      label = i + 1;
    } else if (c === 0 || c === 5) return LINE_SLOW;
  }
  const len = e - label;
  if (len < 1 || len > 63 || b[label] === 45 || b[e - 1] === 45) bad = true;
  if (bad || dot < 0) return LINE_INVALID;
  lineSpan.start = s;
  lineSpan.end = e;
  return dot;
}
