/**
 * Searches over the sorted names (NAMB/NAMO). Terms are JS strings of a-z 0-9 "-" compared
 * by char code with the stored bytes, so no encoding happens per query. Prefix ranges are
 * half-open [lo, hi) in name ids.
 */
import type { IndexArrays } from "./arrays.ts";
import { JUMP_BASE, jumpCodeOf } from "./jump.ts";

/** <0: name < t and name does not start with t; 0: name starts with t; >0: name > t. */
function cmpPrefix(a: IndexArrays, id: number, t: string): number {
  const names = a.names;
  const s = a.nameOff.at(id);
  const len = a.nameOff.span(id);
  const n = len < t.length ? len : t.length;
  for (let i = 0; i < n; i++) {
    const d = names[s + i] - t.charCodeAt(i);
    if (d !== 0) return d;
  }
  return len < t.length ? -1 : 0;
}

function bounds(lo0: number, hi0: number, cmp: (i: number) => number): [number, number] {
  let lo = lo0;
  let hi = hi0;
  while (lo < hi) {
    const m = (lo + hi) >>> 1;
    if (cmp(m) < 0) lo = m + 1;
    else hi = m;
  }
  let lo2 = lo;
  hi = hi0;
  while (lo2 < hi) {
    const m = (lo2 + hi) >>> 1;
    if (cmp(m) <= 0) lo2 = m + 1;
    else hi = m;
  }
  return [lo, lo2];
}

/**
 * The ids of the names starting with t. Through the jump table: a term shorter than its k
 * characters is a run of whole buckets (no search at all), a longer one lies in one bucket.
 */
export function prefixRange(a: IndexArrays, t: string): [number, number] {
  const k = a.jumpChars;
  const code = jumpCodeOf(t, 0, t.length, k);
  if (code < 0) return [0, 0];
  if (t.length < k) return [a.jump[code], a.jump[code + JUMP_BASE ** (k - t.length)]];
  return bounds(a.jump[code], a.jump[code + 1], (i) => cmpPrefix(a, i, t));
}

/** Id of the name equal to t, or -1. */
export function findName(a: IndexArrays, t: string): number {
  return findNameIn(a, t, 0, t.length);
}

/**
 * Id of the name equal to s[start, end), or -1, without making the substring: the jump
 * table (jump.ts) gives the ids sharing its first k characters, then a binary search of
 * that bucket compares the characters after them (equal within the bucket).
 */
export function findNameIn(a: IndexArrays, s: string, start: number, end: number): number {
  const k = a.jumpChars;
  const code = jumpCodeOf(s, start, end, k);
  if (code < 0) return -1;
  return findInRange(a, s, start, end, a.jump[code], a.jump[code + 1]);
}

/**
 * Id of the name equal to s[start, end) among the ids [lo, hi), or -1: a binary search of
 * names that share the term's first k characters (one jump bucket or part of one), so
 * only the characters after them are compared.
 */
export function findInRange(a: IndexArrays, s: string, start: number, end: number, lo: number, hi: number): number {
  const names = a.names;
  const off = a.nameOff;
  const tl = end - start;
  const skip = tl < a.jumpChars ? tl : a.jumpChars;
  while (lo < hi) {
    const m = (lo + hi) >>> 1;
    const ns = off.at(m);
    const len = off.span(m);
    const n = len < tl ? len : tl;
    let d = 0;
    for (let i = skip; i < n && d === 0; i++) d = names[ns + i] - s.charCodeAt(start + i);
    if (d === 0) d = len - tl;
    if (d === 0) return m;
    if (d < 0) lo = m + 1;
    else hi = m;
  }
  return -1;
}

/** True when the name with this id contains t (t.length >= 1). */
export function nameContains(a: IndexArrays, id: number, t: string): boolean {
  const s = a.nameOff.at(id);
  return bytesContain(a.names, s, s + a.nameOff.span(id), t);
}

/** True when names[s, e) holds t (the name bytes between two offsets of NAMO). */
export function bytesContain(names: Uint8Array, s: number, e: number, t: string): boolean {
  const last = e - t.length;
  const c0 = t.charCodeAt(0);
  const tl = t.length;
  for (let p = s; p <= last; p++) {
    if (names[p] !== c0) continue;
    let i = 1;
    while (i < tl && names[p + i] === t.charCodeAt(i)) i++;
    if (i === tl) return true;
  }
  return false;
}

/** True when the name with this id ends with t. */
export function nameEndsWith(a: IndexArrays, id: number, t: string): boolean {
  const s = a.nameOff.at(id);
  return bytesEndWith(a.names, s, s + a.nameOff.span(id), t);
}

/** True when names[s, e) ends with t. */
export function bytesEndWith(names: Uint8Array, s: number, e: number, t: string): boolean {
  const tl = t.length;
  if (e - s < tl) return false;
  for (let i = 1; i <= tl; i++) if (names[e - i] !== t.charCodeAt(tl - i)) return false;
  return true;
}

/** Whether name x starts with name id (bytes against bytes). */
function startsWithName(a: IndexArrays, x: number, id: number): boolean {
  const { names, nameOff } = a;
  const p = nameOff.at(id);
  const len = nameOff.span(id);
  const q = nameOff.at(x);
  if (nameOff.span(x) < len) return false;
  for (let i = 0; i < len; i++) if (names[q + i] !== names[p + i]) return false;
  return true;
}

/**
 * The end of the names starting with name id, which are [id, end): a name is the first of
 * the names it starts. A galloping search from id, so a name that starts no other (most of
 * them) costs one comparison, and one that starts k others about 2 log2(k).
 */
export function prefixEndFrom(a: IndexArrays, id: number): number {
  const n = a.nameOff.length - 1;
  let known = id; // starts with the name
  let step = 1;
  while (known + step < n && startsWithName(a, known + step, id)) {
    known += step;
    step *= 2;
  }
  let lo = known + 1;
  let hi = Math.min(known + step, n); // the first id not starting with it lies in [lo, hi]
  while (lo < hi) {
    const m = (lo + hi) >>> 1;
    if (startsWithName(a, m, id)) lo = m + 1;
    else hi = m;
  }
  return lo;
}
