/**
 * The jump table (section NAMJ, FORMAT.md): for every k-character prefix, the first name id
 * whose first k characters are that prefix or greater. Names are sorted in byte order, so
 * the names of one prefix are the contiguous ids [table[c], table[c + 1]) and an exact
 * search only binary-searches that bucket: the top levels of a search over every name
 * (the ones that miss the cache, at tens of millions of names) are replaced by one read.
 *
 * Why not a hash table keyed by name: any map from a name to its id costs at least
 * log2(N) bits per name (3 to 4 bytes per name with slots to spare), which the 32-byte
 * per-domain budget does not have at 20 M domains; this table exploits the order the names
 * already have and costs 4 x 38^k bytes whatever N is (k = 4: 8.3 MB, 0.42 bytes per
 * domain at 20 M).
 *
 * Prefix code: each of the first k characters counts as SYMBOL + 1 (1..37), a position past
 * the end of the name as 0, read as a base-38 number. "-" < digits < letters in SYMBOL as
 * in bytes, and a shorter name sorts before its extensions, so the code never decreases
 * along the sorted names: the table is monotone by construction.
 */
import { SYMBOL } from "./format.ts";

export const JUMP_BASE = 38;
/** Prefix lengths a file may use. */
export const JUMP_MIN_CHARS = 2;
export const JUMP_MAX_CHARS = 4;

/** The longest prefix whose table has no more entries than there are names (at least 2). */
export function jumpCharsFor(totalNames: number): number {
  let k = JUMP_MIN_CHARS;
  while (k < JUMP_MAX_CHARS && JUMP_BASE ** (k + 1) <= totalNames) k++;
  return k;
}

/** Number of u32 entries of the table for k characters (one past the last bucket). */
export function jumpEntries(k: number): number {
  return JUMP_BASE ** k + 1;
}

/** Prefix code of the characters s[start, end) of a string; -1 when one of its first k is not a name character. */
export function jumpCodeOf(s: string, start: number, end: number, k: number): number {
  let c = 0;
  for (let i = 0; i < k; i++) {
    const p = start + i;
    let v = 0;
    if (p < end) {
      const ch = s.charCodeAt(p);
      v = ch < 256 ? SYMBOL[ch] + 1 : 0;
      if (v === 0) return -1;
    }
    c = c * JUMP_BASE + v;
  }
  return c;
}

/** Prefix code of the stored name bytes[s, e). */
function jumpCodeOfBytes(bytes: Uint8Array, s: number, e: number, k: number): number {
  let c = 0;
  for (let i = 0; i < k; i++) c = c * JUMP_BASE + (s + i < e ? SYMBOL[bytes[s + i]] + 1 : 0);
  return c;
}

/**
 * The section's content for sorted names: u32 k, then jumpEntries(k) first ids
 * (the last one is N). One pass over the names.
 */
export function buildJumpTable(names: Uint8Array, nameOff: Uint32Array, k: number): Uint32Array {
  const n = nameOff.length - 1;
  const entries = jumpEntries(k);
  const out = new Uint32Array(1 + entries);
  out[0] = k;
  const table = out.subarray(1);
  let next = 0; // every code below `next` has its first id written
  for (let id = 0; id < n; id++) {
    const c = jumpCodeOfBytes(names, nameOff[id], nameOff[id + 1], k);
    while (next <= c) table[next++] = id;
  }
  while (next < entries) table[next++] = n;
  return out;
}

/** Null when the section is a sound table over n names, else what is wrong with it. */
export function checkJumpTable(section: Uint32Array, n: number): string | null {
  const k = section.length > 0 ? section[0] : 0;
  if (k < JUMP_MIN_CHARS || k > JUMP_MAX_CHARS || section.length !== 1 + jumpEntries(k)) return "the jump table (NAMJ) has a bad size";
  if (section[1] !== 0 || section[section.length - 1] !== n) return "the jump table (NAMJ) does not span the names";
  for (let i = 2; i < section.length; i++) if (section[i] < section[i - 1]) return "the jump table (NAMJ) is not ascending";
  return null;
}
