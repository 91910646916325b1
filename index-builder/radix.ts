/**
 * Sorts one partition's records (partitions.ts) by name bytes and hands each distinct name
 * to the collector once, with its extensions' ranks. Guarantees: names come out in
 * ascending byte order, each once; (name, extension) duplicates are dropped.
 *
 * How: the first 15 characters of a name become three base-38 words of 5 characters
 * each (a character counts as its trigram symbol + 1, a position past the end as 0, so the
 * words order exactly like the bytes, shorter before longer); an LSD radix sort on those
 * words (14 + 13 bits a pass, every histogram counted in one pass first, passes whose
 * digit never varies skipped; the words travel with the records, so every pass reads in
 * order) orders the records by their first 15 characters. Runs that
 * still tie there and hold longer names are finished by a comparison sort of their tails,
 * which is rare (the name-weighted mean of such runs is a few names).
 */
import { Collector, type Collected } from "./collect.ts";
import { CODE, splitByChar } from "./partitions.ts";

const LO_BITS = 14;
const LO_MASK = (1 << LO_BITS) - 1;
const BUCKETS = 1 << LO_BITS; // 38^5 < 2^27: the high digit has 13 bits, fewer buckets
const WORD_CHARS = 5;
const KEY_CHARS = 3 * WORD_CHARS;

/** Partitions to sort, in order: their records, record counts and name bytes. */
export interface SortInput {
  parts: { data: Uint8Array; records: number; nameBytes: number }[];
  rank: Uint32Array; // provisional extension id -> extension id
  splitRecords: number; // see sortPartition (tests lower it)
}

/** Sorts these partitions, in order, into arrays of their own (parallel.ts appends them). */
export function sortPartitions({ parts, rank, splitRecords }: SortInput): Collected {
  const sum = (f: (p: SortInput["parts"][number]) => number) => parts.reduce((s, p) => s + f(p), 0);
  const out = new Collector(
    sum((p) => p.records),
    sum((p) => p.nameBytes),
    rank.length,
  );
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    parts[i] = EMPTY_PART; // dropped once sorted
    sortPartition(p.data, p.records, rank, out, splitRecords);
    releaseAfter(p.records, splitRecords);
  }
  return out.finish();
}

const EMPTY_PART = { data: new Uint8Array(0), records: 0, nameBytes: 0 };

/**
 * After a large partition (it and its split copy are garbage now, hundreds of MB at 100 M),
 * a full collection returns them before the next one is loaded: left to the collector's own
 * pace they piled up, and the 100 M build peaked at 10.1 GiB.
 */
export function releaseAfter(records: number, splitRecords: number): void {
  if (records > splitRecords) Bun.gc(true);
}

/** Above this many records a partition is first split by its next character (splitByChar). */
export const SPLIT_RECORDS = 1 << 20;

/**
 * Sorts the records of data (all sharing their first `depth` characters) into the collector.
 * A large partition is split by its next character first: sorting reads each record at
 * random, and 12 M records (a 100 M build's largest first-character partition, 200 MB)
 * miss the cache and the TLB on every read, 3x slower per record than 1 M.
 */
export function sortPartition(data: Uint8Array, n: number, rank: Uint32Array, out: Collector, splitRecords = SPLIT_RECORDS, depth = 1): void {
  if (n > splitRecords && depth < KEY_CHARS) {
    for (const sub of splitByChar(data, n, depth)) sortPartition(sub.data, sub.records, rank, out, splitRecords, depth + 1);
    return;
  }
  sortRecords(data, n, rank, out);
}

function sortRecords(data: Uint8Array, n: number, rank: Uint32Array, out: Collector): void {
  if (n === 0) return;
  const keys: Keys = { at: new Uint32Array(n), w: [new Uint32Array(n), new Uint32Array(n), new Uint32Array(n)] };
  let maxLen = 0;
  for (let i = 0, p = 0; i < n; i++) {
    const l = data[p]!;
    keys.at[i] = p + 1;
    if (l > maxLen) maxLen = l;
    for (let w = 0; w < 3; w++) {
      let v = 0;
      const base = p + 1 + w * WORD_CHARS;
      for (let j = 0; j < WORD_CHARS; j++) v = v * 38 + (w * WORD_CHARS + j < l ? CODE[data[base + j]!]! : 0);
      keys.w[w][i] = v;
    }
    p += l + 5;
  }
  const sorted = lsdSort(keys, n, maxLen);
  if (maxLen > KEY_CHARS) sortTails(sorted, data);
  emitGroups(sorted, data, rank, out);
}

/** Per record: where its name starts in the partition's data (its length is the byte before), and its three words. */
interface Keys {
  at: Uint32Array;
  w: [Uint32Array, Uint32Array, Uint32Array];
}

/**
 * The records ordered by their three words (stable LSD radix sort). Every pass moves the
 * offsets and the words together, so each pass reads its input in order: gathering the
 * words through an index instead was a cache miss per record and pass, 4x slower on the
 * 12 M-record partitions of a 100 M build.
 */
function lsdSort(keys: Keys, n: number, maxLen: number): Keys {
  const used = Math.min(3, Math.ceil(maxLen / WORD_CHARS)); // words past the longest name are all 0
  const digits: { w: number; hi: boolean }[] = [];
  for (let w = used - 1; w >= 0; w--) digits.push({ w, hi: false }, { w, hi: true });
  const hist = digits.map(() => new Uint32Array(BUCKETS));
  digits.forEach((d, k) => {
    const h = hist[k]!;
    const src = keys.w[d.w];
    if (d.hi) for (let i = 0; i < n; i++) h[src[i]! >>> LO_BITS]++;
    else for (let i = 0; i < n; i++) h[src[i]! & LO_MASK]++;
  });
  let from = keys;
  let to: Keys = { at: new Uint32Array(n), w: [new Uint32Array(n), new Uint32Array(n), new Uint32Array(n)] };
  digits.forEach((d, k) => {
    const h = hist[k]!;
    let sum = 0;
    let single = false;
    for (let b = 0; b < BUCKETS; b++) {
      const c = h[b]!;
      if (c === n) single = true;
      h[b] = sum;
      sum += c;
    }
    if (single) return; // every record has the same digit: the order stands
    const key = from.w[d.w];
    const [fa, f0, f1, f2] = [from.at, from.w[0], from.w[1], from.w[2]];
    const [ta, t0, t1, t2] = [to.at, to.w[0], to.w[1], to.w[2]];
    const shift = d.hi ? LO_BITS : 0;
    const mask = d.hi ? 0xffffffff : LO_MASK;
    for (let i = 0; i < n; i++) {
      const q = h[(key[i]! >>> shift) & mask]!++;
      ta[q] = fa[i]!;
      t0[q] = f0[i]!;
      t1[q] = f1[i]!;
      t2[q] = f2[i]!;
    }
    [from, to] = [to, from];
  });
  return from;
}

function sameWords(k: Keys, x: number, y: number): boolean {
  return k.w[0][x] === k.w[0][y] && k.w[1][x] === k.w[1][y] && k.w[2][x] === k.w[2][y];
}

/** Byte order of the names at x and y (data offsets) whose first KEY_CHARS characters are equal. */
function compareTails(data: Uint8Array, x: number, y: number): number {
  const lx = data[x - 1]!;
  const ly = data[y - 1]!;
  const m = Math.min(lx, ly);
  for (let j = KEY_CHARS; j < m; j++) {
    const d = data[x + j]! - data[y + j]!;
    if (d !== 0) return d;
  }
  return lx - ly;
}

/** Orders the runs that tie on all three words and hold a name longer than KEY_CHARS (their words are equal: only the offsets move). */
function sortTails(k: Keys, data: Uint8Array): void {
  const n = k.at.length;
  for (let i = 0; i < n; ) {
    let j = i + 1;
    let long = data[k.at[i]! - 1]! > KEY_CHARS;
    for (; j < n && sameWords(k, i, j); j++) if (data[k.at[j]! - 1]! > KEY_CHARS) long = true;
    if (j - i > 1 && long)
      k.at.set(
        Array.from(k.at.subarray(i, j)).sort((x, y) => compareTails(data, x, y)),
        i,
      );
    i = j;
  }
}

/** Hands each distinct name to the collector with the sorted, distinct ranks of its extensions. */
function emitGroups(k: Keys, data: Uint8Array, rank: Uint32Array, out: Collector): void {
  const n = k.at.length;
  let exts: Uint32Array = new Uint32Array(64);
  for (let i = 0; i < n; ) {
    const first = k.at[i]!;
    const len = data[first - 1]!;
    let m = 0;
    let j = i;
    for (; j < n; j++) {
      const r = k.at[j]!;
      if (j > i && !(sameWords(k, i, j) && data[r - 1] === len && (len <= KEY_CHARS || compareTails(data, first, r) === 0))) break;
      if (m === exts.length) exts = growTo(exts, m * 2);
      const q = r + len;
      exts[m++] = rank[(data[q]! | (data[q + 1]! << 8) | (data[q + 2]! << 16) | (data[q + 3]! << 24)) >>> 0]!;
    }
    out.addName(data, first, len, exts, m === 1 ? 1 : sortDistinct(exts, m)); // most names hold one domain
    i = j;
  }
}

function growTo(a: Uint32Array, cap: number): Uint32Array {
  const b = new Uint32Array(cap);
  b.set(a);
  return b;
}

/** Sorts a[0, m) ascending in place, drops repeats; returns how many distinct values lead. */
function sortDistinct(a: Uint32Array, m: number): number {
  if (m > 32) a.subarray(0, m).sort();
  else {
    for (let i = 1; i < m; i++) {
      const v = a[i]!;
      let j = i - 1;
      while (j >= 0 && a[j]! > v) {
        a[j + 1] = a[j]!;
        j--;
      }
      a[j + 1] = v;
    }
  }
  let w = 0;
  for (let i = 0; i < m; i++) if (w === 0 || a[i] !== a[w - 1]) a[w++] = a[i]!;
  return w;
}
