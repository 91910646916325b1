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
 * A name's lists: the pairs it contains, the pair it ends with, and the same for the common
 * trigrams (TRIGRAM_SHARE).
 * The stages' loops are plain methods called a slice at a time: the JIT compiles them
 * fully, where the same loops in the generator's own body ran 2x slower.
 */
import type { IndexArrays } from "./arrays.ts";
import { ALPHABET, SYMBOL, TRIGRAMS } from "./format.ts";
import { putVarint, varintLen } from "./varint.ts";
import { bitCount } from "./bits.ts";
import { ExtSetTable } from "./ext-sets.ts";
import { inSlices, type Steps } from "./steps.ts";

/** Sets or names a slice of the builder handles (a few milliseconds at 100 M). */
const CHUNK = 1 << 16;
/** Words of the multi-name bitmap a slice handles (32 names each). */
export const BITMAP_CHUNK = 1024;
/** The passes of multiRange. */
const CLASSIFY = 0;
const PLACE = 1;
const COPY = 2;

export const PAIRS = ALPHABET * ALPHABET;
/**
 * Lists 0..PAIRS-1: names containing the pair; PAIRS..2*PAIRS-1: names ending with it; then,
 * per common trigram (TRIGRAM_SHARE), a list of the names containing it and one of those
 * ending with it.
 */
const PAIR_LISTS = 2 * PAIRS;
/** A trigram held by at least this share of the names has lists (the filtered count of a common 3-letter term). */
export const TRIGRAM_SHARE = 1 / 200;
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
  /** Per trigram: its contains list (its ends list is the next), or -1. */
  triList: Int32Array;
  /** Per list: where its entries start in data (LEB128: a set's gap times two plus a flag, then its count less one when flagged). */
  off: Uint32Array;
  data: Uint8Array;
  /** The listed names' extension sets, most used first, each as [others, top mask low, top mask high, others' Bloom mask, other ids...]. */
  packed: IndexArrays["post"];
  /** Per list and pair of top extensions (slot pairSlot(r, s) of list k at k * TOP_PAIRS): the unlisted names in exactly those two. */
  pairCounts: Uint32Array;
  /** The TOP largest extensions (fewer when the index has fewer), largest first. */
  topIds: Int32Array;
  /** Per extension id: its rank among the TOP, or -1. */
  topRank: Int8Array;
}

export class PairListBuilder {
  readonly topIds: Int32Array;
  readonly topRank: Int8Array;
  readonly triList = new Int32Array(TRIGRAMS).fill(-1);
  private readonly lists: number;
  readonly pairCounts: Uint32Array;
  /** The sets seen (dropped once packed: only their count is kept). */
  private sets: ExtSetTable | null;
  setCount = 0;
  /** Per listed name (in id order): its set, later its place in set order. */
  private setOf: Uint32Array;
  listed = 0;
  /** Sets in packing order (most used first) and where each starts in `packed`. */
  private order: Uint32Array = new Uint32Array(0);
  private at = new Uint32Array(0);
  packed: IndexArrays["post"] = new Uint16Array(0);
  /** Per set in order: its first name in `from`; per name in set order: where its bytes start in `bytes`. */
  private first = new Uint32Array(0);
  private from = new Uint32Array(0);
  private bytes = new Uint8Array(0);
  // per list: the stamp of the last name that touched it, its count within the set walked, the set before
  private readonly seen: Float64Array;
  private readonly cnt: Uint32Array;
  private readonly touched: Uint32Array;
  private readonly last: Float64Array;
  private readonly size: Float64Array;
  readonly off: Uint32Array;
  private data = new Uint8Array(0);
  private readonly cursor: Uint32Array;
  /** The lists of the name at hand (listsOf): at most 62 pairs, 61 trigrams and two endings. */
  private readonly found = new Uint32Array(128);
  private write = false;
  private stamp = 0;

  constructor(
    private readonly a: IndexArrays,
    private readonly multi: Uint32Array,
  ) {
    const topIds = Array.from(a.extCount.keys())
      .sort((x, y) => a.extCount[y] - a.extCount[x] || x - y)
      .slice(0, TOP);
    this.topIds = Int32Array.from(topIds);
    this.topRank = new Int8Array(a.extNames.length).fill(-1);
    topIds.forEach((x, r) => (this.topRank[x] = r));
    const minNames = Math.max(1, (a.nameOff.length - 1) * TRIGRAM_SHARE);
    let lists = PAIR_LISTS;
    for (let k = 0; k < TRIGRAMS; k++) {
      if (a.triCount[k] < minNames) continue;
      this.triList[k] = lists;
      lists += 2;
    }
    this.lists = lists;
    this.pairCounts = new Uint32Array(lists * TOP_PAIRS);
    this.seen = new Float64Array(lists);
    this.cnt = new Uint32Array(lists);
    this.touched = new Uint32Array(lists);
    this.last = new Float64Array(lists);
    this.size = new Float64Array(lists);
    this.off = new Uint32Array(lists + 1);
    this.cursor = new Uint32Array(lists);
    let n = 0;
    for (let w = 0; w < multi.length; w++) n += bitCount(multi[w]);
    this.setOf = new Uint32Array(n);
    // room for sets up to half the multi names (a quarter at 100 M synthetic domains)
    this.sets = new ExtSetTable(n / 2);
  }

  /** A multi name's slot among the pairs of top extensions when it is in exactly two of them (counted), else -1 (listed). */
  private countedSlot(id: number): number {
    const { postStart: ps, post } = this.a;
    if (ps.span(id) !== 2) return -1;
    const s = ps.at(id);
    const r = this.topRank[post[s]];
    const q = r >= 0 ? this.topRank[post[s + 1]] : -1;
    return q >= 0 ? pairSlot(r, q) : -1; // the postings ascend, but ranks need not
  }

  /** Stage 1 over the bitmap's words [w0, w1). */
  classify(w0: number, w1: number): void {
    this.multiRange(w0, w1, CLASSIFY, null);
  }

  /**
   * The multi names among the bitmap's words [w0, w1), in id order, the one pass that
   * stages 1 and 3 share:
   * - CLASSIFY: a name in exactly two top extensions counted under its lists and that pair
   *   of extensions; any other listed under its extension set (setOf);
   * - PLACE (listed names only): each one's place in set order (into setOf) and its length;
   * - COPY (listed names only): its bytes copied to that place.
   * `this.listed` counts the listed names met (reset between passes).
   */
  private multiRange(w0: number, w1: number, mode: number, place: { rankOf: Uint32Array; fill: Uint32Array } | null): void {
    const { a, multi, pairCounts, found, setOf, from, bytes } = this;
    const { names, nameOff, postStart: ps, post } = a;
    let j = this.listed;
    for (let w = w0; w < w1; w++) {
      let bits = multi[w];
      while (bits !== 0) {
        const low = bits & -bits;
        const id = (w << 5) + 31 - Math.clz32(low);
        bits ^= low;
        const slot = this.countedSlot(id);
        if (slot >= 0) {
          if (mode !== CLASSIFY) continue;
          const b = nameOff.at(id);
          const m = this.listsOf(names, b, b + nameOff.span(id), id + 1);
          for (let i = 0; i < m; i++) pairCounts[found[i] * TOP_PAIRS + slot]++;
        } else if (mode === CLASSIFY) {
          const s = ps.at(id);
          setOf[j++] = (this.sets as ExtSetTable).idOf(post, s, s + ps.span(id));
        } else if (mode === PLACE) {
          const p = place as { rankOf: Uint32Array; fill: Uint32Array };
          const q = p.fill[p.rankOf[setOf[j]]]++;
          setOf[j++] = q; // from here on: the name's place in set order
          from[q + 1] = nameOff.span(id);
        } else {
          const s = nameOff.at(id);
          for (let p = s, e = s + nameOff.span(id), q = from[setOf[j++]]; p < e; ) bytes[q++] = names[p++];
        }
      }
    }
    this.listed = j;
  }

  /** The lists a name's bytes b[s, e) belong to, into `found` (how many); stamp: unique per name. */
  private listsOf(b: Uint8Array, s: number, e: number, stamp: number): number {
    const { seen, found, triList } = this;
    let m = 0;
    for (let p = s; p + 2 <= e; p++) {
      const k = SYMBOL[b[p]] * ALPHABET + SYMBOL[b[p + 1]];
      if (seen[k] === stamp) continue;
      seen[k] = stamp;
      found[m++] = k;
    }
    if (e - s >= 2) found[m++] = PAIRS + SYMBOL[b[e - 2]] * ALPHABET + SYMBOL[b[e - 1]];
    for (let p = s; p + 3 <= e; p++) {
      const l = triList[(SYMBOL[b[p]] * ALPHABET + SYMBOL[b[p + 1]]) * ALPHABET + SYMBOL[b[p + 2]]];
      if (l < 0 || seen[l] === stamp) continue;
      seen[l] = stamp;
      found[m++] = l;
    }
    if (e - s >= 3) {
      const l = triList[(SYMBOL[b[e - 3]] * ALPHABET + SYMBOL[b[e - 2]]) * ALPHABET + SYMBOL[b[e - 1]]];
      if (l >= 0) found[m++] = l + 1;
    }
    return m;
  }

  /**
   * Stage 2: the sets' order (most used first, ties by index: a counting sort over their
   * uses) and their packed records, in slices of CHUNK sets.
   */
  *packSets(): Steps<void> {
    const sets = this.sets as ExtSetTable;
    const S = (this.setCount = sets.size);
    const freq = sets.freq;
    let most = 0;
    yield* inSlices(S, CHUNK, (i, e) => {
      for (let j = i; j < e; j++) if (freq[j] > most) most = freq[j];
    });
    // slot u of byUse: where the sets used `most - u` times start in the order
    const byUse = new Uint32Array(most + 2);
    yield* inSlices(S, CHUNK, (i, e) => {
      for (let j = i; j < e; j++) byUse[most - freq[j] + 1]++;
    });
    for (let u = 0; u <= most; u++) byUse[u + 1] += byUse[u];
    const order = (this.order = new Uint32Array(S));
    yield* inSlices(S, CHUNK, (i, e) => {
      for (let j = i; j < e; j++) order[byUse[most - freq[j]]++] = j;
    });
    this.at = new Uint32Array(S + 1);
    yield* inSlices(S, CHUNK, (i, e) => this.sizeSets(sets, i, e));
    const length = this.at[S];
    this.packed = this.a.post instanceof Uint16Array ? new Uint16Array(length) : new Uint32Array(length);
    yield* inSlices(S, CHUNK, (i, e) => this.packRange(sets, i, e));
    this.sets = null; // the transient memory of the derivation is what the server's budget feels
    collect();
  }

  /** Where the sets [i0, i1) of the order start in `packed`. */
  private sizeSets(sets: ExtSetTable, i0: number, i1: number): void {
    const { order, at, topRank } = this;
    const { at: start, len } = sets;
    const ids = this.a.post;
    let length = at[i0];
    for (let i = i0; i < i1; i++) {
      let others = 0;
      for (let p = start[order[i]], e = p + len[order[i]]; p < e; p++) if (topRank[ids[p]] < 0) others++;
      length += PACKED_HEAD + others;
      if (length >= 2 ** 29) throw new Error("multi-pairs: more than 2^29 packed postings"); // a gap and its flag bit stay below 2^30
      at[i + 1] = length;
    }
  }

  /** The packed records of the sets [i0, i1) of the order. */
  private packRange(sets: ExtSetTable, i0: number, i1: number): void {
    const { order, at, topRank, packed } = this;
    const { at: start, len } = sets;
    const ids = this.a.post;
    for (let i = i0; i < i1; i++) {
      // a count fits the postings' type: a set holds at most as many extensions as there are ids
      let mask = 0,
        bloom = 0,
        o = at[i] + PACKED_HEAD;
      for (let p = start[order[i]], e = p + len[order[i]]; p < e; p++) {
        const x = ids[p],
          r = topRank[x];
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

  /** Stage 3: the listed names' bytes in set order (a counting sort), in slices. */
  *copyNames(): Steps<void> {
    const { listed, setOf, order, multi } = this;
    const S = this.setCount;
    const rankOf = new Uint32Array(S);
    yield* inSlices(S, CHUNK, (i, e) => {
      for (let j = i; j < e; j++) rankOf[order[j]] = j;
    });
    const first = (this.first = new Uint32Array(S + 1));
    yield* inSlices(listed, CHUNK, (i, e) => {
      for (let j = i; j < e; j++) first[rankOf[setOf[j]] + 1]++;
    });
    for (let i = 0; i < S; i++) first[i + 1] += first[i];
    const fill = first.slice(0, S);
    this.from = new Uint32Array(listed + 1);
    // the listed names again, in the order classify met them (a third array of 8.7 M ids at
    // 100 M would hold them, for the memory this derivation is measured by): their places
    // in set order and lengths, then their bytes
    const listedAll = this.listed;
    this.listed = 0;
    yield* inSlices(multi.length, BITMAP_CHUNK, (w0, w1) => this.multiRange(w0, w1, PLACE, { rankOf, fill }));
    const from = this.from;
    for (let q = 0; q < listed; q++) from[q + 1] += from[q];
    this.bytes = new Uint8Array(from[listed]);
    this.listed = 0;
    yield* inSlices(multi.length, BITMAP_CHUNK, (w0, w1) => this.multiRange(w0, w1, COPY, null));
    this.listed = listedAll;
    this.setOf = this.order = new Uint32Array(0);
    collect();
  }

  /** Stage 4: starts the sizing walk (write false) or, once sized, the writing walk. */
  startWalk(write: boolean): void {
    this.write = write;
    if (write) {
      const { off, size } = this;
      for (let k = 0; k < this.lists; k++) off[k + 1] = off[k] + size[k];
      this.data = new Uint8Array(off[this.lists]);
      this.cursor.set(off.subarray(0, this.lists));
    }
    this.last.fill(-1);
    this.seen.fill(0);
    this.stamp = 0;
  }

  /**
   * Stage 4 from set i0 in order, until the sets walked hold `names` names (the first sets
   * are the most used, so a slice of sets would be uneven): per (list, set), the set's gap
   * from the list's previous set times two plus a flag for a count above one, then the count
   * less one when flagged (LEB128 varints, as TRIP). Returns the next set to walk.
   */
  walk(i0: number, names: number): number {
    const stop = this.first[i0] + names;
    let i1 = i0 + 1;
    while (i1 < this.setCount && this.first[i1] < stop) i1++;
    const { first, from, bytes, found, cnt, touched, last, size, cursor, at, write } = this;
    const data = this.data;
    let stamp = this.stamp;
    for (let i = i0; i < i1; i++) {
      let nt = 0;
      for (let j = first[i]; j < first[i + 1]; j++) {
        const m = this.listsOf(bytes, from[j], from[j + 1], ++stamp);
        for (let f = 0; f < m; f++) {
          const k = found[f];
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
    return i1;
  }

  /** Drops what only the walks needed (the builder may outlive them in a suspended generator). */
  release(): void {
    this.bytes = new Uint8Array(0);
    this.from = this.first = new Uint32Array(0);
  }

  result(): PairLists {
    return {
      triList: this.triList,
      off: this.off,
      data: this.data,
      packed: this.packed,
      pairCounts: this.pairCounts,
      topIds: this.topIds,
      topRank: this.topRank,
    };
  }
}

/**
 * A full collection, where the runtime offers one (30-40 ms at 100 M on the serving thread):
 * each stage's transient arrays (the set table, 75 MB at 100 M; the per-name arrays) would
 * otherwise stay resident into the next stage, whose own arrays then add to them, on top of
 * the serving thread's request garbage (bench/zone-memory/RESULTS.md).
 */
export function collect(): void {
  (globalThis as { Bun?: { gc(force: boolean): void } }).Bun?.gc(true);
}
