/**
 * Per 2-character term, the names holding it that are registered in two or more
 * extensions: what a precomputed 2-letter term under a filter of several extensions has to
 * visit (pre-answers.ts), without decoding the 74 trigram lists "t?" and "?t" of every name.
 *
 * A 2-letter term has no list of its own in the file; its names are the union of 74
 * trigram lists (plus the name equal to it), 3-5 million varints for a common pair at
 * 20 M synthetic domains, decoded in full even when only the 10 % of them registered in
 * several extensions matter. These lists hold exactly that 10 %: for each of the 37^2
 * pairs, the multi names containing it (a name of two characters included), and in a
 * second set of 37^2 lists those ending with it (one list per name), as LEB128 deltas like
 * TRIP. No name bytes are read to answer from them.
 *
 * The multi names' postings are copied beside the lists, packed in id order, and a list
 * names a multi name by where it starts there: what the filtered count reads per name is
 * then a few adjacent values of one dense array, instead of a cache line of POSO and one of
 * POST scattered over the whole id space, about 450,000 times for a common pair at 20 M;
 * and the gaps between positions are smaller than the gaps between ids, so the lists shrink
 * by about the size of the counts added. A name is packed as [number of its other
 * extensions, its TOP extensions as a bitmask in two 16-bit halves, a 16-bit Bloom mask of
 * its other extensions, the ids of the others]: the count tests the flagged top extensions
 * with two ANDs and a popcount, and reads the others' ids only when the filter flags an
 * extension outside the TOP whose Bloom bit the name has (a name has 1.5 others on average
 * at 20 M, so a filter with one such extension reads the ids of about one name in ten).
 * Paired at 20 M, "er" + "in" under com, net, co.uk and nu (rank 67): 9.5 -> 5.6 ms; under
 * com, net, co.uk and de (all TOP): 11.0 -> 5.3 ms.
 *
 * A name in exactly two of the TOP largest extensions (a third of the multi names at 20 M
 * synthetic domains: com and net, com and de...) adds one repeat exactly when the filter
 * holds both, so it is not listed: each list keeps, per pair of top extensions, how many
 * such names it has, and a query adds the counts of the pairs its filter holds (at most
 * 496 slots) before walking the list. The lists and the packed postings lose those names:
 * 1.2-1.4x faster filtered 2-letter counts (paired runs at 100 M) and less memory (221 ->
 * 163 MB at 100 M), for 5.4 MB of counts.
 *
 * Derived data, not stored in the file (the 32-bytes-per-domain budget has no room for
 * it): built in two passes over the multi names (sizes, then data); docs/zone.md has its
 * memory at 20 M and 100 M (37 and 163 MB).
 */
import type { IndexArrays } from "./arrays.ts";
import { ALPHABET, SYMBOL } from "./format.ts";
import type { Steps } from "./steps.ts";
import { bitCount } from "./bits.ts";
import { trigramKey } from "./contains.ts";
import { bloomBit, collect, pairSlot, PairListBuilder, PACKED_HEAD, PAIRS, TOP_PAIRS, type PairLists } from "./multi-pairs-build.ts";

export { TOP } from "./multi-pairs-build.ts";

export class MultiPairs {
  private readonly triList: Int32Array;
  private readonly off: Uint32Array;
  private readonly data: Uint8Array;
  /** The listed names' extension sets, most used first, each as [others, top mask low, top mask high, others' Bloom mask, other ids...]. */
  private readonly packed: IndexArrays["post"];
  /** Per list and pair of top extensions (slot pairSlot(r, s) of list k at k * TOP_PAIRS): the unlisted names in exactly those two. */
  private readonly pairCounts: Uint32Array;
  /** The TOP largest extensions (fewer when the index has fewer), largest first. */
  private readonly topIds: Int32Array;
  /** Per extension id: its rank among the TOP, or -1. */
  private readonly topRank: Int8Array;

  private constructor(l: PairLists) {
    this.triList = l.triList;
    this.off = l.off;
    this.data = l.data;
    this.packed = l.packed;
    this.pairCounts = l.pairCounts;
    this.topIds = l.topIds;
    this.topRank = l.topRank;
  }

  /** Lists over the names whose bit is set in multi (a bitmap over name ids), in slices (steps.ts; multi-pairs-build.ts). */
  static *build(a: IndexArrays, multi: Uint32Array): Steps<MultiPairs> {
    const b = new PairListBuilder(a, multi);
    for (let w = 0; w < multi.length; w += 1024) {
      b.classify(w, Math.min(multi.length, w + 1024));
      yield;
    }
    b.packSets();
    yield;
    b.copyNames();
    yield;
    for (const write of [false, true]) {
      b.startWalk(write);
      for (let i = 0; i < b.setCount; i += 4096) {
        b.walk(i, Math.min(b.setCount, i + 4096));
        yield;
      }
    }
    const lists = new MultiPairs(b.result());
    b.release();
    collect(); // the copied names' bytes
    return lists;
  }

  /**
   * The list of the names containing (ends: ending with) t, or -1 when there is none: every
   * 2-character t has one, a 3-character t when it is a common trigram.
   */
  listOf(t: string, ends: boolean): number {
    if (t.length === 2) {
      const x = SYMBOL[t.charCodeAt(0)];
      const y = SYMBOL[t.charCodeAt(1)];
      return x < 0 || y < 0 ? -1 : (ends ? PAIRS : 0) + x * ALPHABET + y;
    }
    if (t.length !== 3) return -1;
    const k = trigramKey(t, 0);
    const l = k < 0 ? -1 : this.triList[k];
    return l < 0 ? -1 : ends ? l + 1 : l;
  }

  /**
   * repeatsOf (pre-answers.ts) summed over the multi names containing (ends: ending with)
   * the 2-character t: the counted names in two flagged top extensions (one repeat each),
   * then the listed ones, ascending through the list. The visit is written out, not a
   * callback: this loop is the whole cost of a filtered 2-letter count, and a call per name
   * through a closure is not inlined.
   */
  repeats(k: number, flag: Uint8Array): number {
    // the counted names of each flagged pair of top extensions, and the filter as the packed
    // heads hold a name: its top extensions as a bitmask, the others as Bloom bits
    let repeats = 0, fLo = 0, fHi = 0, fBloom = 0;
    const top = this.topIds;
    for (let r = 0; r < top.length; r++) {
      if (flag[top[r]] === 0) continue;
      if (r < 16) fLo |= 1 << r;
      else fHi |= 1 << (r - 16);
      for (let q = r + 1; q < top.length; q++) if (flag[top[q]] !== 0) repeats += this.pairCounts[k * TOP_PAIRS + pairSlot(r, q)];
    }
    for (let e = 0; e < flag.length; e++) if (flag[e] !== 0 && this.topRank[e] < 0) fBloom |= bloomBit(e);
    const d = this.data;
    const packed = this.packed;
    let at = 0;
    let first = true;
    for (let p = this.off[k], end = this.off[k + 1]; p < end; ) {
      let b = d[p++];
      let v = b & 0x7f;
      for (let shift = 7; b & 0x80; shift += 7) {
        b = d[p++];
        v |= (b & 0x7f) << shift;
      }
      at = first ? v >>> 1 : at + (v >>> 1);
      first = false;
      let c = 1;
      if ((v & 1) !== 0) {
        b = d[p++];
        c = b & 0x7f;
        for (let shift = 7; b & 0x80; shift += 7) {
          b = d[p++];
          c |= (b & 0x7f) << shift;
        }
        c++;
      }
      let n = bitCount(((packed[at + 2] & fHi) << 16) | (packed[at + 1] & fLo));
      if ((packed[at + 3] & fBloom) !== 0) for (let q = at + PACKED_HEAD, e = at + PACKED_HEAD + packed[at]; q < e; q++) n += flag[packed[q]];
      if (n > 1) repeats += c * (n - 1);
    }
    return repeats;
  }

  get bytes(): number {
    return this.data.byteLength + this.off.byteLength + this.packed.byteLength + this.pairCounts.byteLength;
  }
}
