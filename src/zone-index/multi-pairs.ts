/**
 * Per 2-character term and per common trigram, the names holding it that are registered in
 * two or more extensions: what a precomputed 2- or 3-letter term under a filter of several
 * extensions has to visit (pre-answers.ts), without decoding its trigram lists (74 of them
 * for a pair) whole to keep the 10 % of names in several extensions.
 *
 * Lists: for each of the 37^2 pairs, the multi names containing it (a name of two
 * characters included) and, in a second set of 37^2 lists, those ending with it; the same
 * two lists for each trigram held by 1 name in 200 or more (TRIGRAM_SHARE; 1,000-odd at
 * 100 M synthetic domains). No name bytes are read to answer from them.
 *
 * What a filtered count needs of a name is its extension set, and many names share one
 * (5.76 M listed names, 2.19 M sets at 100 M; a common pair's names twice as many as their
 * sets), so a list names sets, each with how many of its names hold the term: an entry is
 * the set's gap from the list's previous set times two plus a flag, then the count less
 * one when flagged (LEB128, like TRIP). Listing sets instead of names halved the filtered
 * 2-letter count ("er" under com, net, co.uk and nu: 12.95 -> 6.9 ms at 100 M) and the
 * memory (165.6 -> 95 MB), which then paid for the trigram lists (filtered "ing" as an
 * ending: 84 -> 1.8 ms; 128 MB in all).
 *
 * The sets are packed in one array, most used first, and a list names a set by where it
 * starts there. A set is packed as [number of its other extensions, its TOP extensions as a
 * bitmask in two 16-bit halves, a 16-bit Bloom mask of its other extensions, the ids of the
 * others]: the count tests the flagged top extensions with two ANDs and a popcount, and
 * reads the others' ids only when the filter flags an extension outside the TOP whose Bloom
 * bit the set has.
 *
 * A name in exactly two of the TOP largest extensions (a third of the multi names at 20 M
 * synthetic domains: com and net, com and de...) adds one repeat exactly when the filter
 * holds both, so it is not listed: each list keeps, per pair of top extensions, how many
 * such names it has, and a query adds the counts of the pairs its filter holds (at most
 * 496 slots) before walking the list.
 *
 * Derived data, not stored in the file (the 32-bytes-per-domain budget has no room for
 * it), built in slices by multi-pairs-build.ts; docs/zone.md has its memory and build time
 * at 20 M and 100 M (35.5 and 128 MB).
 */
import type { IndexArrays } from "./arrays.ts";
import { ALPHABET, SYMBOL } from "./format.ts";
import { inSlices, type Steps } from "./steps.ts";
import { bitCount } from "./bits.ts";
import { trigramKey } from "./contains.ts";
import { BITMAP_CHUNK, bloomBit, collect, pairSlot, PairListBuilder, PACKED_HEAD, PAIRS, TOP_PAIRS, type PairLists } from "./multi-pairs-build.ts";

export class MultiPairs {
  /** The lists, the packed sets and the counts (PairLists in multi-pairs-build.ts says what each holds). */
  private constructor(private readonly l: PairLists) {}

  /** Lists over the names whose bit is set in multi (a bitmap over name ids), in slices (steps.ts; multi-pairs-build.ts). */
  static *build(a: IndexArrays, multi: Uint32Array): Steps<MultiPairs> {
    const b = new PairListBuilder(a, multi);
    yield* inSlices(multi.length, BITMAP_CHUNK, (w0, w1) => b.classify(w0, w1));
    yield* b.packSets();
    yield* b.copyNames();
    for (const write of [false, true]) {
      b.startWalk(write);
      for (let i = 0; i < b.setCount; ) {
        i = b.walk(i, 32768);
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
    const l = k < 0 ? -1 : this.l.triList[k];
    return l < 0 ? -1 : ends ? l + 1 : l;
  }

  /**
   * repeatsOf (pre-answers.ts) summed over the multi names of list k (listOf): the counted
   * names in two flagged top extensions (one repeat each), then the listed sets, ascending
   * through the list, each set's repeats times its names. The visit is written out, not a
   * callback: this loop is the whole cost of a filtered 2- or common 3-letter count, and a
   * call per set through a closure is not inlined.
   */
  repeats(k: number, flag: Uint8Array): number {
    // the counted names of each flagged pair of top extensions, and the filter as the packed
    // heads hold a set: its top extensions as a bitmask, the others as Bloom bits
    let repeats = 0,
      fLo = 0,
      fHi = 0,
      fBloom = 0;
    const top = this.l.topIds;
    for (let r = 0; r < top.length; r++) {
      if (flag[top[r]] === 0) continue;
      if (r < 16) fLo |= 1 << r;
      else fHi |= 1 << (r - 16);
      for (let q = r + 1; q < top.length; q++) if (flag[top[q]] !== 0) repeats += this.l.pairCounts[k * TOP_PAIRS + pairSlot(r, q)];
    }
    for (let e = 0; e < flag.length; e++) if (flag[e] !== 0 && this.l.topRank[e] < 0) fBloom |= bloomBit(e);
    const d = this.l.data;
    const packed = this.l.packed;
    let at = 0;
    let first = true;
    for (let p = this.l.off[k], end = this.l.off[k + 1]; p < end; ) {
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
    return this.l.data.byteLength + this.l.off.byteLength + this.l.packed.byteLength + this.l.pairCounts.byteLength;
  }
}
