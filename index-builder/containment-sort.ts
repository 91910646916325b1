/**
 * The containment counts' records (containment.ts): the scan that writes every suffix of a
 * group of buckets as a record, and the sort of a bucket (scatter into parts by the third
 * character, native sort of 64-bit slots, gather of the side data, ties past the key
 * ordered by their bytes).
 */
import { ALPHABET, SYMBOL } from "../src/zone-index/format.ts";
import { BASE, BUCKETS, POW, TOP, Shape, cmpFrom, code, keyOf, type Records } from "./containment-keys.ts";
import type { ContainInput } from "./containment.ts";

/** 1 + the longest common prefix of [p, e) with any earlier position of the name starting at s: the shortest term whose first occurrence is at p. */
function firstOccurrenceFrom(names: Uint8Array, s: number, p: number, e: number): number {
  let f = 2;
  const c0 = names[p];
  const c1 = names[p + 1];
  for (let q = s; q < p; q++) {
    if (names[q] !== c0 || names[q + 1] !== c1) continue;
    let l = 2;
    while (p + l < e && names[q + l] === names[p + l]) l++;
    if (l + 1 > f) f = l + 1;
  }
  return f;
}

/**
 * Side data of a record, two u32: its byte position in NAMB, then its weight (domains,
 * below MAX_WEIGHT) | length << 22 | min(f - 2, 15) << 28; f above 16 (a name repeating 16+
 * characters) is kept in a map by position.
 */
export const F_ESCAPE = 15;
const MAX_WEIGHT = 2 ** 22;

/**
 * Writes every record of buckets [from, to) into its bucket (start), 16 bytes in one
 * stream: its 8-character key as a number, then its side data (two u32). Counts each
 * bucket's records by their third character (parts: BASE a bucket, the first for
 * 2-character suffixes).
 */
export function scan(
  a: ContainInput,
  from: number,
  to: number,
  start: Uint32Array,
  rec: Float64Array,
  parts: Uint32Array,
  bigF: Map<number, number>,
  roll: boolean,
): void {
  const { names, nameOff, postStart } = a;
  const i32 = new Int32Array(rec.buffer);
  const fill = start.slice(0, start.length - 1);
  // the buckets as a range of two bytes (SYMBOL keeps the byte order): a position out of it costs one load and a compare
  const low = pairBytes(from);
  const high = to === BUCKETS ? 65536 : pairBytes(to);
  // pairs of bytes seen earlier in the current name (stamped with its id + 1): only a repeated pair can have f > 2
  const seen = new Int32Array(65536);
  const n = nameOff.length - 1;
  for (let id = 0; id < n; id++) {
    const s = nameOff[id];
    const e = nameOff[id + 1];
    if (e - s < 3) continue;
    const stamp = id + 1;
    let w = -1;
    let two = names[s + 1];
    seen[(names[s] << 8) | two] = stamp;
    // characters 2..9 of the suffix at p: rolled along the name when the group holds a large share of the records, else read when needed
    let key = roll ? keyOf(names, s + 1, e, 2, 8) : 0;
    for (let p = s + 1; p + 1 < e; p++) {
      two = ((two << 8) | names[p + 1]) & 0xffff;
      if (two >= low && two < high) {
        if (w < 0) {
          w = postStart[id + 1] - postStart[id];
          // a name in 2^22 extensions: the builder's limit is 2^22 extensions, so only the name in every one of them
          if (w >= MAX_WEIGHT) throw new Error(`containment counts: a name registered in ${w} extensions, at or above the limit of ${MAX_WEIGHT - 1}`);
        }
        const x = SYMBOL[two >>> 8] * ALPHABET + SYMBOL[two & 255] - from;
        const f = seen[two] === stamp ? firstOccurrenceFrom(names, s, p, e) : 2;
        if (f - 2 >= F_ESCAPE) bigF.set(p, f);
        const r = fill[x]++;
        rec[2 * r] = roll ? key : keyOf(names, p, e, 2, 8);
        i32[4 * r + 2] = p;
        i32[4 * r + 3] = w | ((e - p) << 22) | (Math.min(f - 2, F_ESCAPE) << 28);
        parts[x * BASE + code(names, p + 2, e)]++;
      }
      seen[two] = stamp;
      if (roll) key = (key - code(names, p + 2, e) * TOP) * BASE + code(names, p + 10, e);
    }
  }
}

/** The bytes of bucket b's two characters as one number (first << 8 | second). */
function pairBytes(b: number): number {
  const byte = (sym: number) => SYMBOL.indexOf(sym);
  return (byte(Math.floor(b / ALPHABET)) << 8) | byte(b % ALPHABET);
}

/** The native sort of a typed array is 2-3x faster per element from this length on (Bun 1.4 on x64, measured). */
const FAST_SORT = 8192;

/**
 * The first character of an 8-character key: key / BASE^7 rounded down, by a multiplication.
 * The product is within 1e-14 of the quotient, whose fraction is 0 or at least 1 / BASE^7
 * (8.8e-12) from the next integer, so adding 1e-12 rounds down right.
 */
const INV_TOP = 1 / TOP;
const leadOf = (key: number) => Math.floor(key * INV_TOP + 1e-12);

/** One bucket at a time (sized for the largest): its sort slots and side data regrouped by part, then its sorted records. */
export class Work {
  readonly keys: BigUint64Array;
  readonly k32: Int32Array;
  readonly g: Records;
  private readonly side: Int32Array;
  private readonly first = new Int32Array(BASE + 1);
  private readonly fill = new Int32Array(BASE);

  constructor(size: number) {
    this.keys = new BigUint64Array(size);
    this.k32 = new Int32Array(this.keys.buffer);
    this.side = new Int32Array(2 * size);
    this.g = { key: new Float64Array(size), pos: new Uint32Array(size), w: new Uint32Array(size), len: new Uint8Array(size), f: new Uint8Array(size) };
  }

  /**
   * Sorts the bucket of n records from record r0 of rec (with its part sizes) into g;
   * returns the key characters g holds. Each record goes to its part with its index there
   * (a scatter to BASE streams): the gather then reads one part's side data at a time, in
   * the cache. Parts are sorted together (their character leads their keys) in runs of at
   * least FAST_SORT slots.
   */
  sortGather(rec: Float64Array, r0: number, n: number, sizes: Uint32Array, bigF: Map<number, number>): number {
    const { first, fill, k32, side } = this;
    const i32 = new Int32Array(rec.buffer);
    let most = 0;
    for (let c = 0; c < BASE; c++) {
      first[c + 1] = first[c] + sizes[c];
      if (sizes[c] > most) most = sizes[c];
    }
    fill.set(first.subarray(0, BASE));
    const sh = new Shape(most);
    const drop = POW[8 - sh.chars];
    for (let r = r0; r < r0 + n; r++) {
      const key = rec[2 * r];
      const c = leadOf(key);
      const q = fill[c]++;
      sh.put(k32, q, drop === 1 ? key : Math.floor(key / drop), q - first[c]);
      side[2 * q] = i32[4 * r + 2];
      side[2 * q + 1] = i32[4 * r + 3];
    }
    let c0 = 0;
    for (let c = 0; c < BASE; c++) {
      if (c < BASE - 1 && first[c + 1] - first[c0] < FAST_SORT) continue;
      if (first[c + 1] - first[c0] > 1) this.keys.subarray(first[c0], first[c + 1]).sort();
      for (; c0 <= c; c0++) gather(k32, side, first[c0], first[c0 + 1], first[c0], sh, this.g, first[c0], bigF);
    }
    return sh.chars;
  }
}

/**
 * Copies the side data of the sorted slots [r0, r1) (their index counted from slot base
 * of side) into g from o0 on, with their keys. The loads are independent (the CPU
 * overlaps them); the merge then reads in sequence.
 */
function gather(k32: Int32Array, side: Int32Array, r0: number, r1: number, base: number, sh: Shape, g: Records, o0: number, bigF: Map<number, number>): void {
  for (let r = r0; r < r1; r++) {
    const x = base + sh.index(k32, r);
    const p = side[2 * x];
    const v = side[2 * x + 1];
    const o = o0 + r - r0;
    g.key[o] = sh.key(k32, r);
    g.pos[o] = p;
    g.w[o] = v & 0x3fffff;
    g.len[o] = (v >>> 22) & 63;
    const f = (v >>> 28) + 2;
    g.f[o] = f - 2 === F_ESCAPE ? (bigF.get(p >>> 0) ?? f) : f;
  }
}

/** Runs of equal keys up to this size are ordered by an insertion sort on their bytes. */
const SMALL_RUN = 12;

/**
 * Orders the runs of g's records [r0, r1) (slots from base) whose keys tie and go on past
 * `at` (their last key character is not the end): a small run by an insertion sort on the
 * bytes from `at`, a large one re-keyed with its next characters and sorted again natively,
 * deeper ties recursing; then its keys are put back.
 */
export function refineTies(names: Uint8Array, keys: BigUint64Array, k32: Int32Array, base: number, r0: number, r1: number, at: number, g: Records): void {
  let i = r0;
  while (i < r1) {
    const key = g.key[i - base];
    let j = i + 1;
    while (j < r1 && g.key[j - base] === key) j++;
    if (j - i > 1 && key % BASE !== 0) {
      if (j - i <= SMALL_RUN) insertionSort(names, g, i - base, j - base, at);
      else {
        const sh = new Shape(j - i);
        for (let r = i; r < j; r++) {
          const o = r - base;
          sh.put(k32, r, keyOf(names, g.pos[o], g.pos[o] + g.len[o], at, sh.chars), r - i);
        }
        keys.subarray(i, j).sort();
        permute(g, i - base, j - i, k32, i, sh);
        refineTies(names, keys, k32, base, i, j, at + sh.chars, g);
        for (let r = i; r < j; r++) g.key[r - base] = key;
      }
    }
    i = j;
  }
}

/** Sorts g's records [o0, o1), equal in their first `at` characters, by their bytes after, then length. */
function insertionSort(names: Uint8Array, g: Records, o0: number, o1: number, at: number): void {
  for (let o = o0 + 1; o < o1; o++) {
    const p = g.pos[o],
      w = g.w[o],
      l = g.len[o],
      f = g.f[o];
    let q = o - 1;
    while (q >= o0 && cmpFrom(names, g.pos[q], g.len[q], p, l, at) > 0) {
      g.pos[q + 1] = g.pos[q];
      g.w[q + 1] = g.w[q];
      g.len[q + 1] = g.len[q];
      g.f[q + 1] = g.f[q];
      q--;
    }
    g.pos[q + 1] = p;
    g.w[q + 1] = w;
    g.len[q + 1] = l;
    g.f[q + 1] = f;
  }
}

/** Reorders g's records [o0, o0 + n) as the run's sorted slots (from slot r, laid out by sh) list them, with their new keys. */
function permute(g: Records, o0: number, n: number, k32: Int32Array, r: number, sh: Shape): void {
  const pos = g.pos.slice(o0, o0 + n),
    w = g.w.slice(o0, o0 + n),
    len = g.len.slice(o0, o0 + n),
    f = g.f.slice(o0, o0 + n);
  for (let k = 0; k < n; k++) {
    const x = sh.index(k32, r + k);
    g.key[o0 + k] = sh.key(k32, r + k);
    g.pos[o0 + k] = pos[x];
    g.w[o0 + k] = w[x];
    g.len[o0 + k] = len[x];
    g.f[o0 + k] = f[x];
  }
}
