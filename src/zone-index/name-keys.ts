/**
 * Sampled name keys: the exact name search (membership, extensions per name, zone/lookup)
 * in a few cache misses instead of a dozen.
 *
 * The jump table (jump.ts) narrows a search to the names sharing the first k characters,
 * but word-built names crowd into few prefixes (name-weighted mean bucket at 20 M
 * synthetic domains: 3,990 names), so the binary search of a bucket still made ~12 probes,
 * each a miss in NAMO and one in NAMB. This table holds, for every SAMPLE_EVERY-th name
 * (ids 0, S, 2S, ...), the KEY_CHARS characters after the first k as one base-38 number
 * (the jump code's digits: a character's symbol + 1, 0 past the end of the name), so one
 * bucket's samples are a short run of adjacent u32s. Names sort in byte order and share
 * their first k characters within a bucket, so the keys of a bucket never decrease: a
 * binary search over them (one or two cache lines) leaves at most S - 1 names, or the
 * names between samples whose keys tie (names sharing k + KEY_CHARS characters), and only
 * those are compared byte by byte.
 *
 * It is derived from NAMB/NAMO, not stored: N / SAMPLE_EVERY u32 per index object (3.9 MB
 * at 15.4 M names), in one pass over the sampled names.
 */
import type { IndexArrays } from "./arrays.ts";
import { JUMP_BASE, jumpCodeOf } from "./jump.ts";
import { findInRange } from "./names.ts";
import type { Steps } from "./steps.ts";
import { SYMBOL } from "./format.ts";

export const SAMPLE_EVERY = 16;
/** 38^6 < 2^32: six characters fit a u32. */
export const KEY_CHARS = 6;

/** The sampled keys, built in slices of 4,096 samples (steps.ts). */
export function* buildNameKeys(a: IndexArrays): Steps<Uint32Array> {
  const n = a.nameOff.length - 1;
  const k = a.jumpChars;
  const keys = new Uint32Array(Math.ceil(n / SAMPLE_EVERY));
  const names = a.names;
  for (let j = 0; j < keys.length; j++) {
    if ((j & 0xfff) === 0xfff) yield;
    const id = j * SAMPLE_EVERY;
    const from = a.nameOff.at(id);
    const s = from + k;
    const e = from + a.nameOff.span(id);
    let c = 0;
    for (let i = 0; i < KEY_CHARS; i++) c = c * JUMP_BASE + (s + i < e ? SYMBOL[names[s + i]] + 1 : 0);
    keys[j] = c;
  }
  return keys;
}

/** Id of the name equal to s[start, end), or -1, without making the substring. */
export function findNameKeyed(a: IndexArrays, keys: Uint32Array, s: string, start: number, end: number): number {
  const k = a.jumpChars;
  const code = jumpCodeOf(s, start, end, k);
  if (code < 0) return -1;
  let lo = a.jump[code];
  let hi = a.jump[code + 1];
  if (hi - lo > SAMPLE_EVERY) {
    const key = jumpCodeOf(s, start + k, end, KEY_CHARS);
    if (key < 0) return -1;
    // samples inside the bucket: j in [jLo, jHi)
    const jLo = Math.ceil(lo / SAMPLE_EVERY);
    const jHi = Math.ceil(hi / SAMPLE_EVERY);
    // first sample whose key is >= key: every sample before it has a smaller key
    let l = jLo;
    let h = jHi;
    while (l < h) {
      const m = (l + h) >>> 1;
      if (keys[m] < key) l = m + 1;
      else h = m;
    }
    if (l > jLo) lo = (l - 1) * SAMPLE_EVERY + 1;
    // first sample whose key is > key: it and every name after it are greater
    h = jHi;
    while (l < h) {
      const m = (l + h) >>> 1;
      if (keys[m] <= key) l = m + 1;
      else h = m;
    }
    if (l < jHi) hi = l * SAMPLE_EVERY;
  }
  return findInRange(a, s, start, end, lo, hi);
}
