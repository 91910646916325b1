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
import { putVarint, varintLen } from "./varint.ts";
import { bitCount } from "./bits.ts";

const PAIRS = ALPHABET * ALPHABET;
/** Lists 0..PAIRS-1: names containing the pair; PAIRS..2*PAIRS-1: names ending with it. */
const LISTS = 2 * PAIRS;
/** The extensions with the most domains: a name in exactly two of them is counted, not listed. */
export const TOP = 32;
/** A packed name's head: the number of its other extensions, its TOP bitmask's low and high 16 bits, its others' Bloom mask. */
const PACKED_HEAD = 4;
const TOP_PAIRS = (TOP * (TOP - 1)) / 2;

export class MultiPairs {
  private constructor(
    private readonly off: Uint32Array,
    private readonly data: Uint8Array,
    /** The listed multi names in id order, each as [others, top mask low, top mask high, others' Bloom mask, other ids...]. */
    private readonly packed: IndexArrays["post"],
    /** Per list and pair of top extensions (ranks r < s, at slot tri[r * TOP + s]): the unlisted names in exactly those two. */
    private readonly pairCounts: Uint32Array,
    /** The TOP largest extensions (fewer when the index has fewer), largest first. */
    private readonly topIds: Int32Array,
    /** Per extension id: its rank among the TOP, or -1. */
    private readonly topRank: Int8Array,
  ) {}

  /** Lists over the names whose bit is set in multi (a bitmap over name ids), in slices of 1,024 words (32,768 names; steps.ts). */
  static *build(a: IndexArrays, multi: Uint32Array): Steps<MultiPairs> {
    const last = new Float64Array(LISTS);
    const seen = new Float64Array(LISTS);
    const size = new Float64Array(LISTS);
    const ps = a.postStart;
    const E = a.extNames.length;
    const topIds = Int32Array.from(Array.from(a.extCount.keys()).sort((x, y) => a.extCount[y] - a.extCount[x] || x - y).slice(0, TOP));
    const topRank = new Int8Array(E).fill(-1);
    topIds.forEach((x, r) => (topRank[x] = r));
    const pairCounts = new Uint32Array(LISTS * TOP_PAIRS);
    const othersOf = (id: number) => {
      let n = 0;
      for (let q = ps.at(id), e = q + ps.span(id); q < e; q++) if (topRank[a.post[q]] < 0) n++;
      return n;
    };
    // a name's key in the lists is where it starts in `packed`; a name in exactly two top
    // extensions is not listed, only counted (once, in the second walk) under its pair of them
    const walk = function* (emit: (k: number, gap: number) => void, each: (id: number, at: number) => void, count: boolean): Steps<number> {
      last.fill(-1);
      seen.fill(0);
      const { names, nameOff } = a;
      let at = 0;
      for (let w = 0; w < multi.length; w++) {
        if ((w & 0x3ff) === 0x3ff) yield;
        let bits = multi[w];
        while (bits !== 0) {
          const low = bits & -bits;
          const id = (w << 5) + 31 - Math.clz32(low);
          bits ^= low;
          const r = ps.span(id) === 2 ? topRank[a.post[ps.at(id)]] : -1;
          const q = r >= 0 ? topRank[a.post[ps.at(id) + 1]] : -1;
          const slot = q >= 0 ? pairSlot(r, q) : -1; // the postings ascend, but ranks need not
          if (slot < 0) each(id, at);
          const s = nameOff.at(id);
          const e = s + nameOff.span(id);
          for (let p = s; p + 2 <= e; p++) {
            const k = SYMBOL[names[p]] * ALPHABET + SYMBOL[names[p + 1]];
            if (seen[k] === id + 1) continue;
            seen[k] = id + 1;
            if (slot >= 0) {
              if (count) pairCounts[k * TOP_PAIRS + slot]++;
              continue;
            }
            emit(k, last[k] < 0 ? at : at - last[k]);
            last[k] = at;
          }
          if (e - s >= 2) {
            const k = PAIRS + SYMBOL[names[e - 2]] * ALPHABET + SYMBOL[names[e - 1]];
            if (slot >= 0) {
              if (count) pairCounts[k * TOP_PAIRS + slot]++;
            } else {
              emit(k, last[k] < 0 ? at : at - last[k]);
              last[k] = at;
            }
          }
          if (slot < 0) at += PACKED_HEAD + othersOf(id);
        }
      }
      return at;
    };
    const length = yield* walk((k, gap) => (size[k] += varintLen(gap)), () => {}, false);
    if (length >= 2 ** 30) throw new Error("multi-pairs: more than 2^30 packed postings"); // the varints' range (FORMAT.md limits)
    const off = new Uint32Array(LISTS + 1);
    for (let k = 0; k < LISTS; k++) off[k + 1] = off[k] + size[k];
    const data = new Uint8Array(off[LISTS]);
    const w = off.slice(0, LISTS);
    const packed = a.post instanceof Uint16Array ? new Uint16Array(length) : new Uint32Array(length);
    yield* walk((k, gap) => (w[k] = putVarint(data, w[k], gap)), (id, at) => {
      // a count fits the postings' type: a name is in at most as many extensions as there are ids
      let mask = 0, bloom = 0, o = at + PACKED_HEAD;
      for (let q = ps.at(id), e = q + ps.span(id); q < e; q++) {
        const x = a.post[q], r = topRank[x];
        if (r >= 0) mask |= 1 << r;
        else {
          packed[o++] = x;
          bloom |= bloomBit(x);
        }
      }
      packed[at] = o - at - PACKED_HEAD;
      packed[at + 1] = mask & 0xffff;
      packed[at + 2] = mask >>> 16;
      packed[at + 3] = bloom;
    }, true);
    return new MultiPairs(off, data, packed, pairCounts, topIds, topRank);
  }

  /**
   * repeatsOf (pre-answers.ts) summed over the multi names containing (ends: ending with)
   * the 2-character t: the counted names in two flagged top extensions (one repeat each),
   * then the listed ones, ascending through the list. The visit is written out, not a
   * callback: this loop is the whole cost of a filtered 2-letter count, and a call per name
   * through a closure is not inlined.
   */
  repeats(t: string, ends: boolean, flag: Uint8Array): number {
    const x = SYMBOL[t.charCodeAt(0)];
    const y = SYMBOL[t.charCodeAt(1)];
    if (t.length !== 2 || x < 0 || y < 0) return 0;
    const k = (ends ? PAIRS : 0) + x * ALPHABET + y;
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
      at = first ? v : at + v;
      first = false;
      let n = bitCount(((packed[at + 2] & fHi) << 16) | (packed[at + 1] & fLo));
      if ((packed[at + 3] & fBloom) !== 0) for (let q = at + PACKED_HEAD, e = at + PACKED_HEAD + packed[at]; q < e; q++) n += flag[packed[q]];
      if (n > 1) repeats += n - 1;
    }
    return repeats;
  }

  get bytes(): number {
    return this.data.byteLength + this.off.byteLength + this.packed.byteLength + this.pairCounts.byteLength;
  }
}

/** The bit of an extension outside the TOP in a 16-bit Bloom mask. */
function bloomBit(x: number): number {
  return 1 << (Math.imul(x, 0x9e3779b1) >>> 28);
}

/** Slot of the pair of top ranks {r, q} (r != q) among the TOP_PAIRS. */
function pairSlot(r: number, q: number): number {
  const lo = r < q ? r : q;
  const hi = r < q ? q : r;
  return (lo * (2 * TOP - lo - 1)) / 2 + (hi - lo - 1);
}
