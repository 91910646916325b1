/**
 * Names containing or ending with a term, from the trigram index (TRIO/TRIC/TRIP).
 * - length >= 3: decode the rarest trigram's list, intersect with further lists while that
 *   pays (narrow: trigrams disjoint from the ones taken first), then verify survivors against the name
 *   bytes (a 3-letter contains term skips it: its list is already exact). For "ends" the
 *   verification is the name's last bytes only (ending with t implies containing it).
 * - length 1 (outside the API's range): a scan of every name.
 * - length 2: a bitmap over name ids, the union of the 74 lists "t?" and "?t" plus the
 *   name equal to t; for "ends" only the 37 lists "?t" (a name of 3+ characters ending with
 *   t holds the trigram made of its last three) plus the name t.
 * mask (optional, a bitmap over name ids): only ids whose bit is set are verified and
 * visited; the filtered count uses it to visit the names registered in 2+ extensions only.
 * Ids are visited in ascending order. Scratch buffers live in the Scratch object and are
 * reused across queries (one Scratch per engine, engines are single-threaded).
 */
import type { IndexArrays } from "./arrays.ts";
import { ALPHABET, SYMBOL } from "./format.ts";
import { bytesContain, bytesEndWith, findName, nameContains, nameEndsWith } from "./names.ts";

/**
 * What checking one candidate costs (its offsets, bytes and first posting: cache misses),
 * in list entries intersected. Measured at 100 M domains: about 78 ns a candidate ("matin":
 * 807,711 candidates in 63 ms) against 3.4 ns an entry ("tin": 1.86 M entries in 6.4 ms).
 */
const VERIFY_COST = 20;

/** Candidates verified, and their postings touched, together (see verifyAndVisit). */
const GROUP = 32;

export class Scratch {
  cand = new Uint32Array(1024);
  bitmap: Uint32Array | null = null;
  // per candidate of a group: its name's bytes [from, to); the survivors' ids
  readonly from = new Int32Array(GROUP);
  readonly to = new Int32Array(GROUP);
  readonly hit = new Int32Array(GROUP);
  /** Sum of the touching reads (kept so that the compiler cannot drop them). */
  sink = 0;
  ensure(n: number): Uint32Array {
    if (this.cand.length < n) this.cand = new Uint32Array(Math.max(n, this.cand.length * 2));
    return this.cand;
  }
}

export function trigramKey(t: string, i: number): number {
  const a = SYMBOL[t.charCodeAt(i)];
  const b = SYMBOL[t.charCodeAt(i + 1)];
  const c = SYMBOL[t.charCodeAt(i + 2)];
  return a < 0 || b < 0 || c < 0 ? -1 : (a * ALPHABET + b) * ALPHABET + c;
}

function decodeInto(a: IndexArrays, k: number, out: Uint32Array): number {
  const d = a.triData;
  let p = a.triOff[k];
  const end = a.triOff[k + 1];
  let prev = 0;
  let n = 0;
  let first = true;
  while (p < end) {
    let b = d[p++];
    let v = b & 0x7f;
    for (let shift = 7; b & 0x80; shift += 7) {
      b = d[p++];
      v |= (b & 0x7f) << shift; // ids and gaps < 2^30 (FORMAT.md limits): no sign overflow
    }
    prev = first ? v : prev + v;
    first = false;
    out[n++] = prev;
  }
  return n;
}

/**
 * Keeps in cand[0..n) only ids present in list k; returns the new length. Driven by the
 * candidates: for each, the list is decoded up to it (a loop whose exit is predictable when
 * the list is the longer) and the candidate is kept without a branch. Driven by the list
 * instead, each entry would take two unpredictable branches: 9.7 ms against 6.4 for the 1.86 M
 * entries of "tin" against 807,711 candidates at 100 M.
 */
function intersect(a: IndexArrays, k: number, cand: Uint32Array, n: number): number {
  const d = a.triData;
  let p = a.triOff[k];
  const end = a.triOff[k + 1];
  if (p >= end) return 0;
  let b = d[p++];
  let v = b & 0x7f;
  for (let shift = 7; b & 0x80; shift += 7) {
    b = d[p++];
    v |= (b & 0x7f) << shift; // ids and gaps < 2^30 (FORMAT.md limits): no sign overflow
  }
  let prev = v;
  let w = 0;
  for (let i = 0; i < n; i++) {
    const c = cand[i];
    while (prev < c) {
      if (p >= end) return w;
      b = d[p++];
      v = b & 0x7f;
      for (let shift = 7; b & 0x80; shift += 7) {
        b = d[p++];
        v |= (b & 0x7f) << shift;
      }
      prev += v;
    }
    cand[w] = c;
    w += prev === c ? 1 : 0;
  }
  return w;
}

/**
 * Intersects the candidates (the ids of the rarest list, order[0]) with further lists while
 * that pays: decoding a list costs its length, and what it saves is the check of each
 * candidate it removes (VERIFY_COST entries each). The share it keeps is estimated from the
 * trigram counts (keepRate), and the list with the largest saving goes next; after each
 * intersection the candidates are counted again, so an estimate that was off misleads one
 * step at most. A fixed ratio of list to candidates would leave lists overlapping the first
 * by one or two characters undecoded: "matin" would check all 807,711 names holding "mat"
 * (63 ms at 100 M) rather than decode the 1.86 M of "tin".
 */
function narrow(a: IndexArrays, keys: number[], starts: number[], order: number[], cand: Uint32Array, n: number): number {
  const taken = [starts[order[0]]];
  const left = order.slice(1);
  const names = a.nameOff.length - 1;
  while (left.length > 0 && n > 0) {
    let best = -1;
    let bestGain = 0;
    for (let j = 0; j < left.length; j++) {
      const i = left[j];
      const len = a.triCount[keys[i]];
      const gain = n * (1 - keepRate(a, keys[i], starts[i], taken, names)) * VERIFY_COST - len;
      if (gain > bestGain) {
        bestGain = gain;
        best = j;
      }
    }
    if (best < 0) break;
    const i = left.splice(best, 1)[0];
    taken.push(starts[i]);
    n = intersect(a, keys[i], cand, n);
  }
  return n;
}

/**
 * Estimated share of the candidates (names holding the trigrams taken, at positions
 * `taken` of the term) that also hold trigram k at position `at`: beside a taken trigram
 * (one or two characters shared), the share of the names holding the shared characters
 * followed (or preceded) by the rest of k, from the trigram counts; three or more
 * characters away, k's share of all names (independent).
 */
function keepRate(a: IndexArrays, k: number, at: number, taken: number[], names: number): number {
  let d = 3;
  for (const p of taken) if (Math.abs(at - p) < Math.abs(d)) d = at - p;
  const c = a.triCount;
  const A = ALPHABET;
  const x = Math.floor(k / (A * A)),
    y = Math.floor(k / A) % A,
    z = k % A;
  let all = 0;
  if (d === 1)
    for (let v = 0; v < A; v++) all += c[(x * A + y) * A + v]; // "xy?" : k follows the taken trigram
  else if (d === -1)
    for (let v = 0; v < A; v++) all += c[(v * A + y) * A + z]; // "?yz"
  else if (d === 2)
    for (let v = 0; v < A * A; v++) all += c[x * A * A + v]; // "x??"
  else if (d === -2)
    for (let v = 0; v < A * A; v++) all += c[v * A + z]; // "??z"
  else return c[k] / names;
  return all > 0 ? c[k] / all : 1;
}

const inMask = (mask: Uint32Array, id: number) => (mask[id >>> 5] & (1 << (id & 31))) !== 0;

/**
 * Calls visit(id) for each name containing t (ends: ending with t), ascending.
 * t: a-z 0-9 "-", length >= 2 (shorter: a scan). mask: see the top of the file.
 */
export function forEachContaining(a: IndexArrays, s: Scratch, t: string, visit: (id: number) => void, ends = false, mask: Uint32Array | null = null): void {
  // a label never ends with "-" (normalise.ts), so no name ends with such a term: without
  // this, "e-" as an ending verified 700,000 candidates to find none (50 ms at 100 M)
  if (ends && t.charCodeAt(t.length - 1) === 45) return;
  if (t.length === 2) {
    const words = pairBitmap(a, s, t, ends);
    forEachBit(
      s.bitmap as Uint32Array,
      words,
      mask,
      ends
        ? (id) => {
            if (nameEndsWith(a, id, t)) visit(id);
          }
        : visit,
    );
    return;
  }
  if (t.length < 2) {
    // outside the API's 2..63 range: a plain scan, correct but O(names)
    for (let id = 0, n = a.nameOff.length - 1; id < n; id++) {
      if ((mask === null || inMask(mask, id)) && (ends ? nameEndsWith(a, id, t) : nameContains(a, id, t))) visit(id);
    }
    return;
  }
  // the distinct trigrams of t, each with its first position
  const keys: number[] = [];
  const starts: number[] = [];
  for (let i = 0; i + 3 <= t.length; i++) {
    const k = trigramKey(t, i);
    if (k < 0 || a.triCount[k] === 0) return;
    const at = keys.indexOf(k);
    if (at < 0) {
      keys.push(k);
      starts.push(i);
    }
  }
  const order = keys.map((_, i) => i).sort((x, y) => a.triCount[keys[x]] - a.triCount[keys[y]]);
  const cand = s.ensure(a.triCount[keys[order[0]]]);
  let n = decodeInto(a, keys[order[0]], cand);
  if (mask !== null) {
    let w = 0;
    for (let i = 0; i < n; i++) if (inMask(mask, cand[i])) cand[w++] = cand[i];
    n = w;
  }
  n = narrow(a, keys, starts, order, cand, n);
  verifyAndVisit(a, s, cand, n, t, ends ? VERIFY_ENDS : t.length === 3 ? VERIFY_NONE : VERIFY_CONTAINS, visit);
}

const VERIFY_NONE = 0; // the candidates are exact (a 3-letter contains term)
const VERIFY_CONTAINS = 1;
const VERIFY_ENDS = 2;

/**
 * visit(id) for each candidate cand[0..n) that holds t (mode), ascending. The reads are
 * staged a group at a time, as in lookup-batch.ts: a candidate's check is two dependent
 * cache and TLB misses (its offsets in NAMO, then its bytes in NAMB) and its visit two more
 * (POSO, then POST), so done one candidate at a time each waits for the one before.
 * Here every candidate of the group reads its offsets, then every one touches its first
 * and last name bytes and its POSO entry, then the checks run on cached lines, then every
 * survivor touches its first posting, then the visits run: loads of different candidates
 * are independent, so the CPU keeps many in flight (2x at 100 M domains, measured in
 * bench/zone-index/RESULTS.md).
 */
function verifyAndVisit(a: IndexArrays, s: Scratch, cand: Uint32Array, n: number, t: string, mode: number, visit: (id: number) => void): void {
  const { names, nameOff, postStart, post } = a;
  const { from, to, hit } = s;
  let sink = 0;
  for (let at = 0; at < n; at += GROUP) {
    const g = n - at < GROUP ? n - at : GROUP;
    let w = 0;
    if (mode === VERIFY_NONE) {
      for (let j = 0; j < g; j++) hit[j] = cand[at + j];
      w = g;
      for (let j = 0; j < g; j++) sink += postStart.at(hit[j]);
    } else {
      for (let j = 0; j < g; j++) {
        const id = cand[at + j];
        from[j] = nameOff.at(id);
        to[j] = from[j] + nameOff.span(id);
      }
      for (let j = 0; j < g; j++) sink += names[from[j]] + names[to[j] - 1] + postStart.at(cand[at + j]);
      const ends = mode === VERIFY_ENDS;
      for (let j = 0; j < g; j++) {
        if (ends ? bytesEndWith(names, from[j], to[j], t) : bytesContain(names, from[j], to[j], t)) hit[w++] = cand[at + j];
      }
    }
    for (let j = 0; j < w; j++) sink += post[postStart.at(hit[j])];
    for (let j = 0; j < w; j++) visit(hit[j]);
  }
  s.sink += sink;
}

/**
 * Fills s.bitmap with the names holding the 2-letter t ("t?" and "?t" lists, or only "?t"
 * when endsOnly) and the name equal to t; returns the bitmap's length in words.
 */
function pairBitmap(a: IndexArrays, s: Scratch, t: string, endsOnly: boolean): number {
  const n = a.nameOff.length - 1;
  const words = (n >>> 5) + 1;
  if (s.bitmap === null || s.bitmap.length < words) s.bitmap = new Uint32Array(words);
  const bm = s.bitmap;
  bm.fill(0, 0, words);
  const x = SYMBOL[t.charCodeAt(0)];
  const y = SYMBOL[t.charCodeAt(1)];
  if (x < 0 || y < 0) return words;
  const d = a.triData;
  const mark = (k: number) => {
    let p = a.triOff[k];
    const end = a.triOff[k + 1];
    let prev = 0;
    let first = true;
    while (p < end) {
      let b = d[p++];
      let v = b & 0x7f;
      for (let shift = 7; b & 0x80; shift += 7) {
        b = d[p++];
        v |= (b & 0x7f) << shift;
      }
      prev = first ? v : prev + v;
      first = false;
      bm[prev >>> 5] |= 1 << (prev & 31);
    }
  };
  for (let z = 0; z < ALPHABET; z++) {
    if (!endsOnly) mark((x * ALPHABET + y) * ALPHABET + z);
    mark((z * ALPHABET + x) * ALPHABET + y);
  }
  const eq = findName(a, t);
  if (eq >= 0) bm[eq >>> 5] |= 1 << (eq & 31);
  return words;
}

/** Calls visit(id) for every bit set in bm[0, words) (and in mask, when given), ascending. */
export function forEachBit(bm: Uint32Array, words: number, mask: Uint32Array | null, visit: (id: number) => void): void {
  for (let w = 0; w < words; w++) {
    let bits = mask === null ? bm[w] : bm[w] & mask[w];
    while (bits !== 0) {
      const low = bits & -bits;
      const id = (w << 5) + 31 - Math.clz32(low);
      bits ^= low;
      visit(id);
    }
  }
}

/**
 * Calls visit(id) for every bit set in bm among ids [lo, hi), ascending: a word at a time, so
 * a prefix range of millions of names masked by the multi names costs a few thousand words.
 */
export function forEachBitIn(bm: Uint32Array, lo: number, hi: number, visit: (id: number) => void): void {
  if (lo >= hi) return;
  const last = (hi - 1) >>> 5;
  for (let w = lo >>> 5; w <= last; w++) {
    let bits = bm[w];
    if (w === lo >>> 5) bits &= -1 << (lo & 31);
    if (w === last && (hi & 31) !== 0) bits &= (1 << (hi & 31)) - 1;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      visit((w << 5) + 31 - Math.clz32(low));
    }
  }
}
