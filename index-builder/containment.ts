/**
 * Containment counts: for every name m, how many names hold m at a position after their
 * first character, and with how many domains (sections CNTB/CNTO/CNTD, FORMAT.md). They
 * turn zone/lookup's include_counts from a live trigram search (hundreds of microseconds a
 * name) into a few reads: containing = the names starting with m (one range of the sorted
 * names) + the names holding m further on (stored here); ending = m's own domains + the
 * names ending with m further on (stored here).
 *
 * How: every suffix n[i..] (i >= 1, at least 2 characters) of every name is a record. The
 * records are grouped by their first two characters (37^2 buckets, the same byte order as
 * the names), sorted within a bucket, and merged with the names of that bucket (a name is
 * a prefix of a suffix exactly when the suffix lies in the name's range of the merged
 * order). The merge keeps a stack of the names that are prefixes of the current element;
 * a suffix adds to the top one, and a name's total flows to the one below when it is
 * popped, so each record costs O(1) however many names it extends.
 *
 * A name counts once however often it holds m: the record of n[i..] adds to m only when
 * m's first occurrence in n is at i. With f(i) = 1 + the longest common prefix of n[i..]
 * with any n[j..], j < i, that is |m| >= f(i); a record with f > 2 (a repeated pair of
 * characters, rare) cancels its contribution below that length on the stack. Occurrences
 * at 0 are the "starts" range, counted at query time; f takes j = 0 into account, so the
 * two parts never overlap.
 *
 * Sort keys: 64 bits, the suffix's characters 2..7 (6 bits each, SYMBOL + 1, 0 past the
 * end) above a 28-bit record index within the bucket, sorted as a BigUint64Array (native
 * sort). Records whose keys tie and run past 8 characters are then ordered by their bytes.
 * Memory: 18 bytes a record for one group of buckets at a time (GROUP_RECORDS), whatever
 * the index size; each of the two threads takes half of the buckets.
 */
import { ALPHABET, SYMBOL } from "../src/zone-index/format.ts";
import { putVarint, varintLen } from "../src/zone-index/varint.ts";

export const BUCKETS = ALPHABET * ALPHABET;
/** Records sorted at once by one thread (18 bytes each: 1.7 GB). */
export const GROUP_RECORDS = 96 * 2 ** 20;
/** Records per bucket: the key keeps 28 bits for the index (FORMAT.md limits). */
const MAX_BUCKET = 2 ** 28;

export interface ContainInput {
  names: Uint8Array;
  nameOff: Uint32Array;
  postStart: Uint32Array;
}

/** What one thread found for its buckets: the names with non-zero counts, ascending, and their values. */
export interface InnerCounts {
  ids: Uint32Array;
  /** per id: names holding it after position 0, their domains, the domains of the names ending with it (after 0) */
  names: Uint32Array;
  domains: Uint32Array;
  ends: Uint32Array;
}

/** Suffix records per bucket (first two characters), over every name. */
export function bucketCounts(a: ContainInput): Float64Array {
  const { names, nameOff } = a;
  const counts = new Float64Array(BUCKETS);
  const n = nameOff.length - 1;
  for (let id = 0; id < n; id++) {
    const s = nameOff[id];
    const e = nameOff[id + 1];
    let prev = SYMBOL[names[s + 1]];
    for (let p = s + 1; p + 1 < e; p++) {
      const next = SYMBOL[names[p + 1]];
      counts[prev * ALPHABET + next]++;
      prev = next;
    }
  }
  return counts;
}

/** First name id of each bucket (names of 2+ characters by their first two), BUCKETS + 1 entries. */
export function bucketNames(a: ContainInput): Uint32Array {
  const { names, nameOff } = a;
  const n = nameOff.length - 1;
  const first = new Uint32Array(BUCKETS + 1);
  let id = 0;
  for (let b = 0; b < BUCKETS; b++) {
    // names are sorted: skip those before bucket b (1-character names sort before their bucket)
    while (id < n && (nameOff[id + 1] - nameOff[id] < 2 || bucketOf(names, nameOff[id]) < b)) id++;
    first[b] = id;
  }
  first[BUCKETS] = n;
  return first;
}

const bucketOf = (names: Uint8Array, p: number) => SYMBOL[names[p]] * ALPHABET + SYMBOL[names[p + 1]];

/** Splits the buckets in two halves of about equal records: returns the first bucket of the second half. */
export function splitBuckets(counts: Float64Array): number {
  let total = 0;
  for (let b = 0; b < BUCKETS; b++) total += counts[b];
  let seen = 0;
  let b = 0;
  while (b < BUCKETS && seen + counts[b] <= total / 2) seen += counts[b++];
  return b;
}

/** Containment counts of the names in buckets [from, to). */
export function innerCounts(a: ContainInput, counts: Float64Array, firstName: Uint32Array, from: number, to: number, groupRecords = GROUP_RECORDS): InnerCounts {
  const out = new Output();
  let b = from;
  while (b < to) {
    let end = b;
    let records = 0;
    while (end < to && (end === b || records + counts[end] <= groupRecords)) records += counts[end++];
    runGroup(a, counts, firstName, b, end, records, out);
    b = end;
  }
  return out.finish();
}

class Output {
  ids = new Uint32Array(1024);
  names = new Uint32Array(1024);
  domains = new Uint32Array(1024);
  ends = new Uint32Array(1024);
  n = 0;
  push(id: number, names: number, domains: number, ends: number): void {
    if (this.n === this.ids.length) {
      const grow = (x: Uint32Array) => {
        const y = new Uint32Array(x.length * 2);
        y.set(x);
        return y;
      };
      this.ids = grow(this.ids);
      this.names = grow(this.names);
      this.domains = grow(this.domains);
      this.ends = grow(this.ends);
    }
    const i = this.n++;
    this.ids[i] = id;
    this.names[i] = names;
    this.domains[i] = domains;
    this.ends[i] = ends;
  }
  finish(): InnerCounts {
    return { ids: this.ids.slice(0, this.n), names: this.names.slice(0, this.n), domains: this.domains.slice(0, this.n), ends: this.ends.slice(0, this.n) };
  }
}

/** The character code of the key: SYMBOL + 1, 0 past the end. */
const code = (names: Uint8Array, p: number, e: number) => (p < e ? SYMBOL[names[p]] + 1 : 0);

/** Characters at..at+5 of the string [s, e) as one number below 2^36 (6 bits each, the first highest). */
function keyOf(names: Uint8Array, s: number, e: number, at: number): number {
  let k = 0;
  for (let p = s + at; p < s + at + 6; p++) k = k * 64 + code(names, p, e);
  return k;
}

/** Writes sort slot r: key (36 bits) above the record's index in its bucket (28 bits). */
function putKey(k32: Uint32Array, r: number, key: number, within: number): void {
  k32[2 * r + 1] = Math.floor(key / 16);
  k32[2 * r] = (((key & 15) << 28) | within) >>> 0;
}
const keyAt = (k32: Uint32Array, r: number) => k32[2 * r + 1] * 16 + (k32[2 * r] >>> 28);
const idxOf = (k32: Uint32Array, r: number) => k32[2 * r] & 0x0fffffff;

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
 * < 2^22) | length << 22 | min(f - 2, 15) << 28; f above 16 (a name repeating 16+
 * characters) is kept in a map by position.
 */
const F_ESCAPE = 15;

function runGroup(a: ContainInput, counts: Float64Array, firstName: Uint32Array, from: number, to: number, records: number, out: Output): void {
  const { names, nameOff, postStart } = a;
  const start = new Uint32Array(to - from + 1);
  let largest = 0;
  for (let b = from; b < to; b++) {
    if (counts[b] > MAX_BUCKET) throw new Error(`containment counts: ${counts[b]} suffixes share their first two characters, above the limit of ${MAX_BUCKET}`);
    start[b - from + 1] = start[b - from] + counts[b];
    if (counts[b] > largest) largest = counts[b];
  }
  const fill = start.slice(0, to - from);
  const keys = new BigUint64Array(records);
  const k32 = new Uint32Array(keys.buffer);
  const side = new Uint32Array(2 * records);
  const bigF = new Map<number, number>();
  const n = nameOff.length - 1;
  for (let id = 0; id < n; id++) {
    const s = nameOff[id];
    const e = nameOff[id + 1];
    if (e - s < 3) continue;
    let w = -1;
    let prev = SYMBOL[names[s + 1]];
    for (let p = s + 1; p + 1 < e; p++) {
      const next = SYMBOL[names[p + 1]];
      const pair = prev * ALPHABET + next;
      prev = next;
      if (pair < from || pair >= to) continue;
      if (w < 0) w = postStart[id + 1] - postStart[id];
      const r = fill[pair - from]++;
      putKey(k32, r, keyOf(names, p, e, 2), r - start[pair - from]);
      const f = firstOccurrenceFrom(names, s, p, e);
      if (f - 2 >= F_ESCAPE) bigF.set(p, f);
      side[2 * r] = p;
      side[2 * r + 1] = (w | ((e - p) << 22) | (Math.min(f - 2, F_ESCAPE) << 28)) >>> 0;
    }
  }
  const sorted: Records = { pos: new Uint32Array(largest), w: new Uint32Array(largest), len: new Uint8Array(largest), f: new Uint8Array(largest) };
  const m = new Merge(names, nameOff, out);
  for (let b = from; b < to; b++) {
    const r0 = start[b - from];
    const r1 = start[b - from + 1];
    keys.subarray(r0, r1).sort();
    // the side data in sorted order (independent loads: the CPU overlaps them), then read in sequence
    for (let r = r0; r < r1; r++) {
      const x = r0 + idxOf(k32, r);
      const p = side[2 * x];
      const v = side[2 * x + 1];
      const o = r - r0;
      sorted.pos[o] = p;
      sorted.w[o] = v & 0x3fffff;
      sorted.len[o] = (v >>> 22) & 63;
      const f = (v >>> 28) + 2;
      sorted.f[o] = f - 2 === F_ESCAPE ? (bigF.get(p) ?? f) : f;
    }
    refineTies(names, keys, k32, r0, r1, 8, sorted);
    // the bucket's names end where the next bucket's begin (1-character names between are skipped)
    m.bucket(k32, r0, r1, sorted, firstName[b], firstName[b + 1]);
  }
}

interface Records {
  pos: Uint32Array;
  w: Uint32Array;
  len: Uint8Array;
  f: Uint8Array;
}

/** Runs of equal keys up to this size are ordered by an insertion sort on their bytes. */
const SMALL_RUN = 12;

/**
 * Orders the runs of sorted slots [r0, r1) whose keys (characters at-6..at-1) tie and go on
 * past `at`, with their side data (g, indexed from the bucket's first slot base): a small run
 * by an insertion sort on the bytes after `at - 6`... a large one is re-keyed with its next 6
 * characters and sorted again natively, deeper ties recursing; then its keys are put back.
 */
function refineTies(names: Uint8Array, keys: BigUint64Array, k32: Uint32Array, base: number, r1: number, at: number, g: Records, r0 = base): void {
  let i = r0;
  while (i < r1) {
    const key = keyAt(k32, i);
    let j = i + 1;
    while (j < r1 && keyAt(k32, j) === key) j++;
    // equal keys ending in a character: every record runs to `at` or past it, and they may differ after
    if (j - i > 1 && key % 64 !== 0) {
      if (j - i <= SMALL_RUN) insertionSort(names, g, i - base, j - base, at);
      else {
        for (let r = i; r < j; r++) {
          const o = r - base;
          putKey(k32, r, keyOf(names, g.pos[o], g.pos[o] + g.len[o], at), r - i);
        }
        keys.subarray(i, j).sort();
        permute(g, i - base, j - i, k32, i);
        refineTies(names, keys, k32, base, j, at + 6, g, i);
      }
      for (let r = i; r < j; r++) putKey(k32, r, key, 0);
    }
    i = j;
  }
}

/** Sorts g's records [o0, o1), equal in their first `at` characters, by their bytes after, then length. */
function insertionSort(names: Uint8Array, g: Records, o0: number, o1: number, at: number): void {
  for (let o = o0 + 1; o < o1; o++) {
    const p = g.pos[o], w = g.w[o], l = g.len[o], f = g.f[o];
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

/** Reorders g's records [o0, o0 + n) as the run's sorted slots (from slot r) list them. */
function permute(g: Records, o0: number, n: number, k32: Uint32Array, r: number): void {
  const pos = g.pos.slice(o0, o0 + n), w = g.w.slice(o0, o0 + n), len = g.len.slice(o0, o0 + n), f = g.f.slice(o0, o0 + n);
  for (let k = 0; k < n; k++) {
    const x = idxOf(k32, r + k);
    g.pos[o0 + k] = pos[x];
    g.w[o0 + k] = w[x];
    g.len[o0 + k] = len[x];
    g.f[o0 + k] = f[x];
  }
}

/**
 * The merge of one bucket's sorted suffixes with its names (see the top of the file). The
 * stack holds the names that are prefixes of the current element, shortest at the bottom.
 */
class Merge {
  private readonly id = new Int32Array(80);
  private readonly len = new Int32Array(80);
  private readonly key = new Float64Array(80);
  private readonly pos = new Int32Array(80);
  private readonly cnt = new Float64Array(80);
  private readonly dom = new Float64Array(80);
  private readonly end = new Float64Array(80);
  private top = -1;

  constructor(private readonly names: Uint8Array, private readonly nameOff: Uint32Array, private readonly out: Output) {}

  bucket(k32: Uint32Array, r0: number, r1: number, g: Records, n0: number, n1: number): void {
    const { names, nameOff } = this;
    const before = this.out.n;
    this.top = -1;
    let j = n0;
    while (j < n1 && nameOff[j + 1] - nameOff[j] < 2) j++;
    let r = r0;
    while (j < n1 || r < r1) {
      let takeName = j < n1;
      let rx = 0;
      let kx = 0;
      if (r < r1) {
        rx = r - r0;
        kx = keyAt(k32, r);
        if (takeName) {
          const np = nameOff[j];
          const nl = nameOff[j + 1] - np;
          let c = keyOf(names, np, np + nl, 2) - kx;
          if (c === 0) c = nl > 8 && g.len[rx] > 8 ? cmpFrom(names, np, nl, g.pos[rx], g.len[rx], 8) : nl - g.len[rx];
          takeName = c <= 0;
        }
      }
      if (takeName) {
        const np = nameOff[j];
        const nl = nameOff[j + 1] - np;
        const nk = keyOf(names, np, np + nl, 2);
        this.popUntilPrefixOf(nk, nl, np);
        const t = ++this.top;
        this.id[t] = j;
        this.len[t] = nl;
        this.key[t] = nk;
        this.pos[t] = np;
        this.cnt[t] = 0;
        this.dom[t] = 0;
        this.end[t] = 0;
        j++;
        while (j < n1 && nameOff[j + 1] - nameOff[j] < 2) j++;
      } else {
        r++;
        const lx = g.len[rx];
        this.popUntilPrefixOf(kx, lx, g.pos[rx]);
        this.add(lx, g.w[rx], g.f[rx]);
      }
    }
    while (this.top >= 0) this.pop();
    sortTail(this.out, before);
  }

  /** A suffix of length lx, weight w, first occurrence from length f: counts for every name on the stack at least f long. */
  private add(lx: number, w: number, f: number): void {
    const t = this.top;
    if (t < 0) return;
    if (this.len[t] === lx) this.end[t] += w;
    if (this.len[t] < f) return; // every name on the stack occurs earlier in the suffix's name
    this.cnt[t] += 1;
    this.dom[t] += w;
    if (f > 2) {
      let k = t;
      while (k >= 0 && this.len[k] >= f) k--;
      if (k >= 0) {
        this.cnt[k] -= 1;
        this.dom[k] -= w;
      }
    }
  }

  /** Pops the names that are not prefixes of the string with key kx (characters 2..7), length lx, bytes at px. */
  private popUntilPrefixOf(kx: number, lx: number, px: number): void {
    while (this.top >= 0) {
      const t = this.top;
      const lm = this.len[t];
      if (lm <= lx) {
        const shown = lm < 8 ? lm : 8;
        const div = POW64[8 - shown];
        if (Math.floor(this.key[t] / div) === Math.floor(kx / div)) {
          let q = 8;
          const pm = this.pos[t];
          while (q < lm && this.names[pm + q] === this.names[px + q]) q++;
          if (q >= lm) return;
        }
      }
      this.pop();
    }
  }

  private pop(): void {
    const t = this.top--;
    const c = this.cnt[t];
    const d = this.dom[t];
    const e = this.end[t];
    if (c !== 0 || d !== 0 || e !== 0) this.out.push(this.id[t], c, d, e);
    if (t > 0) {
      this.cnt[t - 1] += c;
      this.dom[t - 1] += d;
    }
  }
}

const POW64 = [1, 64, 64 ** 2, 64 ** 3, 64 ** 4, 64 ** 5, 64 ** 6];

/** Compares two strings whose first `at` characters are equal: their bytes after, then length. */
function cmpFrom(names: Uint8Array, p: number, lp: number, q: number, lq: number, at: number): number {
  const l = lp < lq ? lp : lq;
  for (let k = at; k < l; k++) {
    const d = names[p + k] - names[q + k];
    if (d !== 0) return d;
  }
  return lp - lq;
}

/** Sorts out's entries from `from` on by id (a bucket's names leave the stack deepest last). */
function sortTail(out: Output, from: number): void {
  const n = out.n - from;
  if (n < 2) return;
  const order = Array.from({ length: n }, (_, i) => from + i).sort((x, y) => out.ids[x] - out.ids[y]);
  const copy = (a: Uint32Array) => {
    const v = order.map((i) => a[i]);
    for (let i = 0; i < n; i++) a[from + i] = v[i];
  };
  copy(out.ids);
  copy(out.names);
  copy(out.domains);
  copy(out.ends);
}

/** The three sections from the per-thread results (ascending ids, disjoint). */
export function encodeInner(totalNames: number, parts: InnerCounts[]): { bitmap: Uint32Array; blocks: Uint32Array; data: Uint8Array } {
  const bitmap = new Uint32Array((totalNames + 31) >>> 5);
  const blocks = new Uint32Array((totalNames >>> 6) + 2);
  let bytes = 0;
  for (const p of parts) for (let i = 0; i < p.ids.length; i++) bytes += varintLen(p.names[i]) + varintLen(p.domains[i] - p.names[i]) + varintLen(p.ends[i]);
  const data = new Uint8Array(bytes);
  let q = 0;
  let block = 0;
  for (const p of parts) {
    for (let i = 0; i < p.ids.length; i++) {
      const id = p.ids[i];
      while (block <= id >>> 6) blocks[block++] = q;
      bitmap[id >>> 5] |= 1 << (id & 31);
      q = putVarint(data, q, p.names[i]);
      q = putVarint(data, q, p.domains[i] - p.names[i]);
      q = putVarint(data, q, p.ends[i]);
    }
  }
  while (block < blocks.length) blocks[block++] = q;
  return { bitmap, blocks, data };
}
