/**
 * Builds the lists of multi-pairs.ts from the multi names (a bitmap over name ids), in
 * slices (steps.ts). The stages:
 * 1. classify, in id order: a name in exactly two TOP extensions is counted under its pairs
 *    and that pair of extensions; every other multi name is "listed" under its extension set
 *    (ext-sets.ts);
 * 2. the sets ordered by use, most used first, and packed (the hot records together);
 * 3. the listed names' bytes copied in their set's order (a counting sort), so that the
 *    walks read one buffer in order rather than the names at random (2x at 100 M);
 * 4. two walks over the sets (sizes, then data): per set, how many of its names each list
 *    holds, one entry per (list, set).
 * The stages' loops are plain methods called a slice at a time: the JIT compiles them
 * fully, where the same loops in the generator's own body ran 2x slower.
 */
import type { IndexArrays } from "./arrays.ts";
import { ALPHABET, SYMBOL } from "./format.ts";
import { putVarint, varintLen } from "./varint.ts";
import { bitCount } from "./bits.ts";
import { ExtSetTable } from "./ext-sets.ts";

export const PAIRS = ALPHABET * ALPHABET;
/** Lists 0..PAIRS-1: names containing the pair; PAIRS..2*PAIRS-1: names ending with it. */
export const LISTS = 2 * PAIRS;
/** The extensions with the most domains: a name in exactly two of them is counted, not listed. */
export const TOP = 32;
/** A packed set's head: the number of its other extensions, its TOP bitmask's low and high 16 bits, its others' Bloom mask. */
export const PACKED_HEAD = 4;
export const TOP_PAIRS = (TOP * (TOP - 1)) / 2;

/** The bit of an extension outside the TOP in a 16-bit Bloom mask. */
export function bloomBit(x: number): number {
  return 1 << (Math.imul(x, 0x9e3779b1) >>> 28);
}

/** Slot of the pair of top ranks {r, q} (r != q) among the TOP_PAIRS. */
export function pairSlot(r: number, q: number): number {
  const lo = r < q ? r : q;
  const hi = r < q ? q : r;
  return (lo * (2 * TOP - lo - 1)) / 2 + (hi - lo - 1);
}

export interface PairLists {
  off: Uint32Array;
  data: Uint8Array;
  packed: IndexArrays["post"];
  pairCounts: Uint32Array;
  topIds: Int32Array;
  topRank: Int8Array;
}

export class PairListBuilder {
  readonly topIds: Int32Array;
  readonly topRank: Int8Array;
  readonly pairCounts = new Uint32Array(LISTS * TOP_PAIRS);
  private readonly sets = new ExtSetTable();
  /** Per listed name (in id order): its id, then its set (later: its place in set order). */
  private listedIds: Uint32Array;
  private setOf: Uint32Array;
  listed = 0;
  /** Sets in packing order (most used first) and where each starts in `packed`. */
  private order: Uint32Array = new Uint32Array(0);
  private at = new Float64Array(0);
  packed: IndexArrays["post"] = new Uint16Array(0);
  /** Per set in order: its first name in `from`; per name in set order: where its bytes start in `bytes`. */
  private first = new Uint32Array(0);
  private from = new Uint32Array(0);
  private bytes = new Uint8Array(0);
  // per list: the stamp of the last name that touched it, its count within the set walked, the set before
  private readonly seen = new Float64Array(LISTS);
  private readonly cnt = new Uint32Array(LISTS);
  private readonly touched = new Uint32Array(LISTS);
  private readonly last = new Float64Array(LISTS);
  private readonly size = new Float64Array(LISTS);
  readonly off = new Uint32Array(LISTS + 1);
  private data = new Uint8Array(0);
  private readonly cursor = new Uint32Array(LISTS);
  private write = false;
  private stamp = 0;

  constructor(private readonly a: IndexArrays, multi: Uint32Array) {
    const topIds = Array.from(a.extCount.keys()).sort((x, y) => a.extCount[y] - a.extCount[x] || x - y).slice(0, TOP);
    this.topIds = Int32Array.from(topIds);
    this.topRank = new Int8Array(a.extNames.length).fill(-1);
    topIds.forEach((x, r) => (this.topRank[x] = r));
    let n = 0;
    for (let w = 0; w < multi.length; w++) n += bitCount(multi[w]);
    this.listedIds = new Uint32Array(n);
    this.setOf = new Uint32Array(n);
  }

  /** Stage 1 over the bitmap's words [w0, w1). */
  classify(multi: Uint32Array, w0: number, w1: number): void {
    const { a, topRank, pairCounts, seen } = this;
    const { names, nameOff, postStart: ps, post } = a;
    for (let w = w0; w < w1; w++) {
      let bits = multi[w];
      while (bits !== 0) {
        const low = bits & -bits;
        const id = (w << 5) + 31 - Math.clz32(low);
        bits ^= low;
        const s = ps.at(id);
        const n = ps.span(id);
        const r = n === 2 ? topRank[post[s]] : -1;
        const q = r >= 0 ? topRank[post[s + 1]] : -1;
        if (q < 0) {
          this.listedIds[this.listed] = id;
          this.setOf[this.listed++] = this.sets.idOf(post, s, s + n);
          continue;
        }
        const slot = pairSlot(r, q); // the postings ascend, but ranks need not
        const b = nameOff.at(id);
        const e = b + nameOff.span(id);
        for (let p = b; p + 2 <= e; p++) {
          const k = SYMBOL[names[p]] * ALPHABET + SYMBOL[names[p + 1]];
          if (seen[k] === id + 1) continue;
          seen[k] = id + 1;
          pairCounts[k * TOP_PAIRS + slot]++;
        }
        if (e - b >= 2) pairCounts[(PAIRS + SYMBOL[names[e - 2]] * ALPHABET + SYMBOL[names[e - 1]]) * TOP_PAIRS + slot]++;
      }
    }
  }

  /** Stage 2: the sets' order and their packed records. */
  packSets(): void {
    const { sets, topRank } = this;
    const S = sets.size;
    this.order = setsByUse(sets.freq, S);
    const at = (this.at = new Float64Array(S + 1));
    const { order, start, ids } = { order: this.order, start: sets.start, ids: sets.ids };
    const endOf = (set: number) => (set + 1 < S ? start[set + 1] : sets.used);
    for (let i = 0; i < S; i++) {
      let others = 0;
      for (let p = start[order[i]], e = endOf(order[i]); p < e; p++) if (topRank[ids[p]] < 0) others++;
      at[i + 1] = at[i] + PACKED_HEAD + others;
    }
    const length = at[S];
    if (length >= 2 ** 29) throw new Error("multi-pairs: more than 2^29 packed postings"); // a gap and its flag bit stay below 2^30
    const packed = (this.packed = this.a.post instanceof Uint16Array ? new Uint16Array(length) : new Uint32Array(length));
    for (let i = 0; i < S; i++) {
      // a count fits the postings' type: a set holds at most as many extensions as there are ids
      let mask = 0, bloom = 0, o = at[i] + PACKED_HEAD;
      for (let p = start[order[i]], e = endOf(order[i]); p < e; p++) {
        const x = ids[p], r = topRank[x];
        if (r >= 0) mask |= 1 << r;
        else {
          packed[o++] = x;
          bloom |= bloomBit(x);
        }
      }
      packed[at[i]] = o - at[i] - PACKED_HEAD;
      packed[at[i] + 1] = mask & 0xffff;
      packed[at[i] + 2] = mask >>> 16;
      packed[at[i] + 3] = bloom;
    }
  }

  /** Stage 3: the listed names' bytes in set order. */
  copyNames(): void {
    const { listed, listedIds, setOf, order } = this;
    const S = this.sets.size;
    const { names, nameOff } = this.a;
    const rankOf = new Uint32Array(S);
    for (let i = 0; i < S; i++) rankOf[order[i]] = i;
    const first = (this.first = new Uint32Array(S + 1));
    for (let j = 0; j < listed; j++) first[rankOf[setOf[j]] + 1]++;
    for (let i = 0; i < S; i++) first[i + 1] += first[i];
    const fill = first.slice(0, S);
    const from = (this.from = new Uint32Array(listed + 1));
    for (let j = 0; j < listed; j++) {
      const q = fill[rankOf[setOf[j]]]++;
      setOf[j] = q; // from here on: the name's place in set order
      from[q + 1] = nameOff.span(listedIds[j]);
    }
    for (let q = 0; q < listed; q++) from[q + 1] += from[q];
    const bytes = (this.bytes = new Uint8Array(from[listed]));
    for (let j = 0; j < listed; j++) {
      const s = nameOff.at(listedIds[j]);
      for (let p = s, e = s + nameOff.span(listedIds[j]), q = from[setOf[j]]; p < e; ) bytes[q++] = names[p++];
    }
    this.listedIds = this.setOf = new Uint32Array(0);
  }

  get setCount(): number {
    return this.sets.size;
  }

  /** Stage 4: starts the sizing walk (write false) or, once sized, the writing walk. */
  startWalk(write: boolean): void {
    this.write = write;
    if (write) {
      const { off, size } = this;
      for (let k = 0; k < LISTS; k++) off[k + 1] = off[k] + size[k];
      this.data = new Uint8Array(off[LISTS]);
      this.cursor.set(off.subarray(0, LISTS));
    }
    this.last.fill(-1);
    this.seen.fill(0);
    this.stamp = 0;
  }

  /**
   * Stage 4 over the sets [i0, i1) in order: per (list, set), the set's gap from the list's
   * previous set times two plus a flag for a count above one, then the count less one when
   * flagged (LEB128 varints, as TRIP).
   */
  walk(i0: number, i1: number): void {
    const { first, from, bytes, seen, cnt, touched, last, size, cursor, at, write } = this;
    const data = this.data;
    let stamp = this.stamp;
    for (let i = i0; i < i1; i++) {
      let nt = 0;
      for (let j = first[i]; j < first[i + 1]; j++) {
        const s = from[j];
        const e = from[j + 1];
        stamp++;
        for (let p = s; p + 2 <= e; p++) {
          const k = SYMBOL[bytes[p]] * ALPHABET + SYMBOL[bytes[p + 1]];
          if (seen[k] === stamp) continue;
          seen[k] = stamp;
          if (cnt[k]++ === 0) touched[nt++] = k;
        }
        if (e - s >= 2) {
          const k = PAIRS + SYMBOL[bytes[e - 2]] * ALPHABET + SYMBOL[bytes[e - 1]];
          if (cnt[k]++ === 0) touched[nt++] = k;
        }
      }
      for (let t = 0; t < nt; t++) {
        const k = touched[t];
        const c = cnt[k];
        const v = (last[k] < 0 ? at[i] : at[i] - last[k]) * 2 + (c > 1 ? 1 : 0);
        if (write) {
          cursor[k] = putVarint(data, cursor[k], v);
          if (c > 1) cursor[k] = putVarint(data, cursor[k], c - 1);
        } else size[k] += varintLen(v) + (c > 1 ? varintLen(c - 1) : 0);
        last[k] = at[i];
        cnt[k] = 0;
      }
    }
    this.stamp = stamp;
  }

  result(): PairLists {
    return { off: this.off, data: this.data, packed: this.packed, pairCounts: this.pairCounts, topIds: this.topIds, topRank: this.topRank };
  }
}

/** Set indices 0..n-1 by use, most used first (ties by index). */
function setsByUse(freq: Uint32Array, n: number): Uint32Array {
  let most = 0;
  for (let i = 0; i < n; i++) if (freq[i] > most) most = freq[i];
  const out = new Uint32Array(n);
  if (n < 2 ** 26 && most < 2 ** 27) {
    // one Float64 key per set (below 2^53), sorted natively
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = (2 ** 27 - freq[i]) * 2 ** 26 + i;
    keys.sort();
    for (let i = 0; i < n; i++) out[i] = keys[i] % 2 ** 26;
    return out;
  }
  for (let i = 0; i < n; i++) out[i] = i;
  return out.sort((x, y) => freq[y] - freq[x] || x - y);
}
