/**
 * The containment counts' sort keys and string comparisons (containment.ts): key
 * characters are SYMBOL + 1 (byte order kept), 0 past the end, read as base-38 digits, the
 * first highest; Shape packs a key and a record index into one 64-bit sort slot.
 */
import { ALPHABET, SYMBOL } from "../src/zone-index/format.ts";

/** Suffix buckets: the first two characters. */
export const BUCKETS = ALPHABET * ALPHABET;
/** Key characters are base-BASE digits; POW[k] = BASE^k, TOP the weight of an 8-character key's first. */
export const BASE = ALPHABET + 1;
export const POW = Array.from({ length: 9 }, (_, i) => BASE ** i);
export const TOP = POW[7];

/** Key characters: SYMBOL + 1, 0 past the end, so a string sorts before its extensions. */
export const code = (names: Uint8Array, p: number, e: number) => (p < e ? SYMBOL[names[p]] + 1 : 0);

/** Characters at..at+k-1 of the string [s, e) as one number below BASE^k (the first highest). */
export function keyOf(names: Uint8Array, s: number, e: number, at: number, k: number): number {
  let key = 0;
  for (let p = s + at; p < s + at + k; p++) key = key * BASE + code(names, p, e);
  return key;
}

/**
 * How n records share a 64-bit sort slot: the index (0..n-1) in the low `bits`, above it
 * as many characters (`chars`, at most 8) as fit. Slot = key * 2^bits + index, stored as
 * two 32-bit words: hi = key / 2^(32-bits), lo = (key mod 2^(32-bits)) * 2^bits + index.
 * Slots and side data are read and written as Int32Array: a Uint32Array element of 2^31
 * or more is a double to the JIT, and copying one through a double costs ~30 ns.
 */
export class Shape {
  readonly bits: number;
  readonly chars: number;
  readonly split: number;
  readonly scale: number;
  readonly mask: number;
  /** 1 / split: multiplying by a power of two is exact and cheaper than dividing */
  private readonly inv: number;
  constructor(n: number) {
    this.bits = n <= 1 ? 1 : 32 - Math.clz32(n - 1);
    let k = 8;
    while (POW[k] > 2 ** (64 - this.bits)) k--;
    this.chars = k;
    this.split = 2 ** (32 - this.bits);
    this.scale = 2 ** this.bits;
    this.mask = this.scale - 1;
    this.inv = 1 / this.split;
  }
  put(k32: Int32Array, r: number, key: number, index: number): void {
    const hi = Math.floor(key * this.inv);
    k32[2 * r + 1] = hi;
    k32[2 * r] = ((key - hi * this.split) << this.bits) | index;
  }
  key(k32: Int32Array, r: number): number {
    return (k32[2 * r + 1] >>> 0) * this.split + (k32[2 * r] >>> this.bits);
  }
  index(k32: Int32Array, r: number): number {
    return k32[2 * r] & this.mask;
  }
}

/** Compares two strings whose first `at` characters are equal: their bytes after, then length. */
export function cmpFrom(names: Uint8Array, p: number, lp: number, q: number, lq: number, at: number): number {
  const l = lp < lq ? lp : lq;
  for (let k = at; k < l; k++) {
    const d = names[p + k] - names[q + k];
    if (d !== 0) return d;
  }
  return lp - lq;
}

/** One bucket's records in sorted order: key (its characters 2.., the bucket's Shape), position, weight, length, f. */
export interface Records {
  key: Float64Array;
  pos: Uint32Array;
  w: Uint32Array;
  len: Uint8Array;
  f: Uint8Array;
}
