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
 * Sort keys: 64 bits, the suffix's characters 2..9 (base 38: SYMBOL + 1, 0 past the end;
 * 42 bits) above the record's index within its part, sorted as a BigUint64Array (native
 * sort). The scan writes each record (key and side data, 16 bytes in one stream) into its
 * bucket; a bucket is then scattered into its parts (records sharing the third character)
 * before the sort, so that the gather of the side data after it reads one part, in the
 * cache. A part of more than 2^22 records makes its bucket take fewer characters (Shape).
 * The scan tests a position's two bytes against the group's range (SYMBOL keeps the byte
 * order), rolls the key along the name (one character in, one out) when the group holds a
 * large share of the records, and searches f only for a pair of bytes already seen in the
 * name. Records whose keys tie and run past the key are then ordered by their bytes.
 * Memory: 16 bytes a record for one group of buckets at a time (GROUP_RECORDS), plus 34
 * a record of the largest bucket, whatever the index size; each of the two threads takes
 * half of the buckets.
 */
import { ALPHABET, SYMBOL } from "../src/zone-index/format.ts";
import { putVarint, varintLen } from "../src/zone-index/varint.ts";

export const BUCKETS = ALPHABET * ALPHABET;
/** Records sorted at once by one thread (16 bytes each: 1.6 GB, plus 34 a record of its largest bucket). */
export const GROUP_RECORDS = 96 * 2 ** 20;
/** Records per bucket: the key keeps at least 28 bits for the index within a part (FORMAT.md limits). */
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

/** Key characters: SYMBOL + 1, 0 past the end, so a string sorts before its extensions. */
const BASE = ALPHABET + 1;
const POW = Array.from({ length: 9 }, (_, i) => BASE ** i);
const TOP = POW[7];

const code = (names: Uint8Array, p: number, e: number) => (p < e ? SYMBOL[names[p]] + 1 : 0);

/** Characters at..at+k-1 of the string [s, e) as one number below BASE^k (the first highest). */
function keyOf(names: Uint8Array, s: number, e: number, at: number, k: number): number {
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
class Shape {
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
  const { names, nameOff } = a;
  const start = new Uint32Array(to - from + 1);
  let largest = 0;
  for (let b = from; b < to; b++) {
    if (counts[b] > MAX_BUCKET) throw new Error(`containment counts: ${counts[b]} suffixes share their first two characters, above the limit of ${MAX_BUCKET}`);
    start[b - from + 1] = start[b - from] + counts[b];
    if (counts[b] > largest) largest = counts[b];
  }
  const rec = new Float64Array(2 * records);
  const parts = new Uint32Array((to - from) * BASE);
  const bigF = new Map<number, number>();
  // rolling the key costs two loads at every position, reading it eight at a record of the group: roll when it holds over a quarter of all records
  let all = 0;
  for (let b = 0; b < BUCKETS; b++) all += counts[b];
  scan(a, from, to, start, rec, parts, bigF, records * 4 > all);
  const work = new Work(largest);
  const m = new Merge(names, nameOff, out);
  for (let b = from; b < to; b++) {
    const x = b - from;
    const n = start[x + 1] - start[x];
    const chars = work.sortGather(rec, start[x], n, parts.subarray(x * BASE, x * BASE + BASE), bigF);
    refineTies(names, work.keys, work.k32, 0, 0, n, 2 + chars, work.g);
    // the bucket's names end where the next bucket's begin (1-character names between are skipped)
    m.bucket(chars, n, work.g, firstName[b], firstName[b + 1]);
  }
}

/**
 * Writes every record of buckets [from, to) into its bucket (start), 16 bytes in one
 * stream: its 8-character key as a number, then its side data (two u32). Counts each
 * bucket's records by their third character (parts: BASE a bucket, the first for
 * 2-character suffixes).
 */
function scan(a: ContainInput, from: number, to: number, start: Uint32Array, rec: Float64Array, parts: Uint32Array, bigF: Map<number, number>, roll: boolean): void {
  const { names, nameOff, postStart } = a;
  const i32 = new Int32Array(rec.buffer);
  const fill = start.slice(0, start.length - 1);
  // the buckets as a range of two bytes (SYMBOL keeps the byte order): a position out of it costs one load and a compare
  const low = pairBytes(from);
  const high = to === BUCKETS ? 65536 : pairBytes(to);
  // pairs of bytes seen earlier in the current name (stamped with its id + 1): only a repeated pair can have f > 2
  const seen = new Int32Array(65536);
  const n = nameOff.length - 1;
  for (let id = 0; id < n; id++) {
    const s = nameOff[id];
    const e = nameOff[id + 1];
    if (e - s < 3) continue;
    const stamp = id + 1;
    let w = -1;
    let two = names[s + 1];
    seen[(names[s] << 8) | two] = stamp;
    // characters 2..9 of the suffix at p: rolled along the name when the group holds a large share of the records, else read when needed
    let key = roll ? keyOf(names, s + 1, e, 2, 8) : 0;
    for (let p = s + 1; p + 1 < e; p++) {
      two = ((two << 8) | names[p + 1]) & 0xffff;
      if (two >= low && two < high) {
        if (w < 0) w = postStart[id + 1] - postStart[id];
        const x = SYMBOL[two >>> 8] * ALPHABET + SYMBOL[two & 255] - from;
        const f = seen[two] === stamp ? firstOccurrenceFrom(names, s, p, e) : 2;
        if (f - 2 >= F_ESCAPE) bigF.set(p, f);
        const r = fill[x]++;
        rec[2 * r] = roll ? key : keyOf(names, p, e, 2, 8);
        i32[4 * r + 2] = p;
        i32[4 * r + 3] = w | ((e - p) << 22) | (Math.min(f - 2, F_ESCAPE) << 28);
        parts[x * BASE + code(names, p + 2, e)]++;
      }
      seen[two] = stamp;
      if (roll) key = (key - code(names, p + 2, e) * TOP) * BASE + code(names, p + 10, e);
    }
  }
}

/** The bytes of bucket b's two characters as one number (first << 8 | second). */
function pairBytes(b: number): number {
  const byte = (sym: number) => SYMBOL.indexOf(sym);
  return (byte(Math.floor(b / ALPHABET)) << 8) | byte(b % ALPHABET);
}

/** The native sort of a typed array is 2-3x faster per element from this length on (Bun 1.4 on x64, measured). */
const FAST_SORT = 8192;

/**
 * The first character of an 8-character key: key / BASE^7 rounded down, by a multiplication.
 * The product is within 1e-14 of the quotient, whose fraction is 0 or at least 1 / BASE^7
 * (8.8e-12) from the next integer, so adding 1e-12 rounds down right.
 */
const INV_TOP = 1 / TOP;
const leadOf = (key: number) => Math.floor(key * INV_TOP + 1e-12);

/** One bucket at a time (sized for the largest): its sort slots and side data regrouped by part, then its sorted records. */
class Work {
  readonly keys: BigUint64Array;
  readonly k32: Int32Array;
  readonly g: Records;
  private readonly side: Int32Array;
  private readonly first = new Int32Array(BASE + 1);
  private readonly fill = new Int32Array(BASE);

  constructor(size: number) {
    this.keys = new BigUint64Array(size);
    this.k32 = new Int32Array(this.keys.buffer);
    this.side = new Int32Array(2 * size);
    this.g = { key: new Float64Array(size), pos: new Uint32Array(size), w: new Uint32Array(size), len: new Uint8Array(size), f: new Uint8Array(size) };
  }

  /**
   * Sorts the bucket of n records from record r0 of rec (with its part sizes) into g;
   * returns the key characters g holds. Each record goes to its part with its index there
   * (a scatter to BASE streams): the gather then reads one part's side data at a time, in
   * the cache. Parts are sorted together (their character leads their keys) in runs of at
   * least FAST_SORT slots.
   */
  sortGather(rec: Float64Array, r0: number, n: number, sizes: Uint32Array, bigF: Map<number, number>): number {
    const { first, fill, k32, side } = this;
    const i32 = new Int32Array(rec.buffer);
    let most = 0;
    for (let c = 0; c < BASE; c++) {
      first[c + 1] = first[c] + sizes[c];
      if (sizes[c] > most) most = sizes[c];
    }
    fill.set(first.subarray(0, BASE));
    const sh = new Shape(most);
    const drop = POW[8 - sh.chars];
    for (let r = r0; r < r0 + n; r++) {
      const key = rec[2 * r];
      const c = leadOf(key);
      const q = fill[c]++;
      sh.put(k32, q, drop === 1 ? key : Math.floor(key / drop), q - first[c]);
      side[2 * q] = i32[4 * r + 2];
      side[2 * q + 1] = i32[4 * r + 3];
    }
    let c0 = 0;
    for (let c = 0; c < BASE; c++) {
      if (c < BASE - 1 && first[c + 1] - first[c0] < FAST_SORT) continue;
      if (first[c + 1] - first[c0] > 1) this.keys.subarray(first[c0], first[c + 1]).sort();
      for (; c0 <= c; c0++) gather(k32, side, first[c0], first[c0 + 1], first[c0], sh, this.g, first[c0], bigF);
    }
    return sh.chars;
  }
}

/**
 * Copies the side data of the sorted slots [r0, r1) (their index counted from slot base
 * of side) into g from o0 on, with their keys. The loads are independent (the CPU
 * overlaps them); the merge then reads in sequence.
 */
function gather(k32: Int32Array, side: Int32Array, r0: number, r1: number, base: number, sh: Shape, g: Records, o0: number, bigF: Map<number, number>): void {
  for (let r = r0; r < r1; r++) {
    const x = base + sh.index(k32, r);
    const p = side[2 * x];
    const v = side[2 * x + 1];
    const o = o0 + r - r0;
    g.key[o] = sh.key(k32, r);
    g.pos[o] = p;
    g.w[o] = v & 0x3fffff;
    g.len[o] = (v >>> 22) & 63;
    const f = (v >>> 28) + 2;
    g.f[o] = f - 2 === F_ESCAPE ? (bigF.get(p >>> 0) ?? f) : f;
  }
}

/** One bucket's records in sorted order: key (its characters 2.., the bucket's Shape), position, weight, length, f. */
interface Records {
  key: Float64Array;
  pos: Uint32Array;
  w: Uint32Array;
  len: Uint8Array;
  f: Uint8Array;
}

/** Runs of equal keys up to this size are ordered by an insertion sort on their bytes. */
const SMALL_RUN = 12;

/**
 * Orders the runs of g's records [r0, r1) (slots from base) whose keys tie and go on past
 * `at` (their last key character is not the end): a small run by an insertion sort on the
 * bytes from `at`, a large one re-keyed with its next characters and sorted again natively,
 * deeper ties recursing; then its keys are put back.
 */
function refineTies(names: Uint8Array, keys: BigUint64Array, k32: Int32Array, base: number, r0: number, r1: number, at: number, g: Records): void {
  let i = r0;
  while (i < r1) {
    const key = g.key[i - base];
    let j = i + 1;
    while (j < r1 && g.key[j - base] === key) j++;
    if (j - i > 1 && key % BASE !== 0) {
      if (j - i <= SMALL_RUN) insertionSort(names, g, i - base, j - base, at);
      else {
        const sh = new Shape(j - i);
        for (let r = i; r < j; r++) {
          const o = r - base;
          sh.put(k32, r, keyOf(names, g.pos[o], g.pos[o] + g.len[o], at, sh.chars), r - i);
        }
        keys.subarray(i, j).sort();
        permute(g, i - base, j - i, k32, i, sh);
        refineTies(names, keys, k32, base, i, j, at + sh.chars, g);
        for (let r = i; r < j; r++) g.key[r - base] = key;
      }
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

/** Reorders g's records [o0, o0 + n) as the run's sorted slots (from slot r, laid out by sh) list them, with their new keys. */
function permute(g: Records, o0: number, n: number, k32: Int32Array, r: number, sh: Shape): void {
  const pos = g.pos.slice(o0, o0 + n), w = g.w.slice(o0, o0 + n), len = g.len.slice(o0, o0 + n), f = g.f.slice(o0, o0 + n);
  for (let k = 0; k < n; k++) {
    const x = sh.index(k32, r + k);
    g.key[o0 + k] = sh.key(k32, r + k);
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
  /** the keys of the strings that start with the name's first `shown` characters: [low, high) */
  private readonly low = new Float64Array(80);
  private readonly high = new Float64Array(80);
  private readonly pos = new Int32Array(80);
  private readonly cnt = new Float64Array(80);
  private readonly dom = new Float64Array(80);
  private readonly end = new Float64Array(80);
  private top = -1;
  /** Characters the keys show: 2 (the bucket) + the bucket's key characters. */
  private shown = 8;

  constructor(private readonly names: Uint8Array, private readonly nameOff: Uint32Array, private readonly out: Output) {}

  /** Merges g's n records (keys of `chars` characters) with the names [n0, n1). */
  bucket(chars: number, n: number, g: Records, n0: number, n1: number): void {
    const { names, nameOff } = this;
    const shown = (this.shown = 2 + chars);
    const before = this.out.n;
    this.top = -1;
    let j = n0;
    let rx = 0;
    while (j < n1) {
      const np = nameOff[j];
      const nl = nameOff[j + 1] - np;
      if (nl < 2) {
        j++;
        continue;
      }
      const nk = keyOf(names, np, np + nl, 2, chars);
      // the records before the name
      for (; rx < n; rx++) {
        const kx = g.key[rx];
        const lx = g.len[rx];
        let c = nk - kx;
        if (c === 0) c = nl > shown && lx > shown ? cmpFrom(names, np, nl, g.pos[rx], lx, shown) : nl - lx;
        if (c <= 0) break;
        this.popUntilPrefixOf(kx, lx, g.pos[rx]);
        this.add(lx, g.w[rx], g.f[rx]);
      }
      this.popUntilPrefixOf(nk, nl, np);
      const t = ++this.top;
      this.id[t] = j;
      this.len[t] = nl;
      const div = POW[shown - (nl < shown ? nl : shown)];
      this.low[t] = Math.floor(nk / div) * div;
      this.high[t] = this.low[t] + div;
      this.pos[t] = np;
      this.cnt[t] = 0;
      this.dom[t] = 0;
      this.end[t] = 0;
      j++;
    }
    for (; rx < n; rx++) {
      this.popUntilPrefixOf(g.key[rx], g.len[rx], g.pos[rx]);
      this.add(g.len[rx], g.w[rx], g.f[rx]);
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

  /** Pops the names that are not prefixes of the string with key kx (characters 2..), length lx, bytes at px. */
  private popUntilPrefixOf(kx: number, lx: number, px: number): void {
    const all = this.shown;
    while (this.top >= 0) {
      const t = this.top;
      const lm = this.len[t];
      if (lm <= lx && kx >= this.low[t] && kx < this.high[t]) {
        let q = all;
        const pm = this.pos[t];
        while (q < lm && this.names[pm + q] === this.names[px + q]) q++;
        if (q >= lm) return;
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
