/**
 * Sorts one partition's records (partitions.ts) by name bytes and hands each distinct name
 * to the collector once, with its extensions' ranks. Guarantees: names come out in
 * ascending byte order, each once; (name, extension) duplicates are dropped.
 *
 * How: the first 15 characters of a name become three base-38 words of 5 characters
 * each (a character counts as its trigram symbol + 1, a position past the end as 0, so the
 * words order exactly like the bytes, shorter before longer); an LSD radix sort on those
 * words (14 + 13 bits a pass, every histogram counted in one pass first, passes whose
 * digit never varies skipped) orders the records by their first 15 characters. Runs that
 * still tie there and hold longer names are finished by a comparison sort of their tails,
 * which is rare (the name-weighted mean of such runs is a few names).
 */
import { SYMBOL } from "../src/zone-index/format.ts";
import { Collector, type Collected } from "./collect.ts";

const CODE = (() => {
  const t = new Uint8Array(256);
  for (let c = 0; c < 256; c++) t[c] = SYMBOL[c]! + 1; // -1 (never in a name) -> 0
  return t;
})();
const LO_BITS = 14;
const LO_MASK = (1 << LO_BITS) - 1;
const BUCKETS = 1 << LO_BITS; // 38^5 < 2^27: the high digit has 13 bits, fewer buckets
const WORD_CHARS = 5;
const KEY_CHARS = 3 * WORD_CHARS;

/** Partitions to sort, in order: their records, record counts and name bytes. */
export interface SortInput {
  parts: { data: Uint8Array; records: number; nameBytes: number }[];
  rank: Uint32Array; // provisional extension id -> extension id
}

/** Sorts these partitions, in order, into arrays of their own (parallel.ts appends them). */
export function sortPartitions(parts: SortInput["parts"], rank: Uint32Array): Collected {
  const sum = (f: (p: SortInput["parts"][number]) => number) => parts.reduce((s, p) => s + f(p), 0);
  const out = new Collector(sum((p) => p.records), sum((p) => p.nameBytes), rank.length);
  for (const p of parts) sortPartition(p.data, p.records, rank, out);
  return out.finish();
}

export function sortPartition(data: Uint8Array, n: number, rank: Uint32Array, out: Collector): void {
  if (n === 0) return;
  const at = new Uint32Array(n); // offset of each record's name
  const len = new Uint8Array(n);
  const words = [new Uint32Array(n), new Uint32Array(n), new Uint32Array(n)] as const;
  let maxLen = 0;
  for (let i = 0, p = 0; i < n; i++) {
    const l = data[p]!;
    at[i] = p + 1;
    len[i] = l;
    if (l > maxLen) maxLen = l;
    for (let w = 0; w < 3; w++) {
      let v = 0;
      const base = p + 1 + w * WORD_CHARS;
      for (let j = 0; j < WORD_CHARS; j++) v = v * 38 + (w * WORD_CHARS + j < l ? CODE[data[base + j]!]! : 0);
      words[w][i] = v;
    }
    p += l + 5;
  }
  const order = lsdSort(words, n, maxLen);
  if (maxLen > KEY_CHARS) sortTails(order, words, data, at, len);
  emitGroups(order, words, data, at, len, rank, out);
}

/** Record indexes ordered by their three words (stable LSD radix sort). */
function lsdSort(words: readonly Uint32Array[], n: number, maxLen: number): Uint32Array {
  const used = Math.min(3, Math.ceil(maxLen / WORD_CHARS)); // words past the longest name are all 0
  const digits: { w: number; hi: boolean }[] = [];
  for (let w = used - 1; w >= 0; w--) digits.push({ w, hi: false }, { w, hi: true });
  const hist = digits.map(() => new Uint32Array(BUCKETS));
  digits.forEach((d, k) => {
    const h = hist[k]!;
    const src = words[d.w]!;
    if (d.hi) for (let i = 0; i < n; i++) h[src[i]! >>> LO_BITS]++;
    else for (let i = 0; i < n; i++) h[src[i]! & LO_MASK]++;
  });
  let from = new Uint32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  let to = new Uint32Array(n);
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
    const src = words[d.w]!;
    if (d.hi) for (let i = 0; i < n; i++) { const r = from[i]!; to[h[src[r]! >>> LO_BITS]!++] = r; }
    else for (let i = 0; i < n; i++) { const r = from[i]!; to[h[src[r]! & LO_MASK]!++] = r; }
    [from, to] = [to, from];
  });
  return from;
}

function sameWords(words: readonly Uint32Array[], x: number, y: number): boolean {
  return words[0]![x] === words[0]![y] && words[1]![x] === words[1]![y] && words[2]![x] === words[2]![y];
}

/** Byte order of two names whose first KEY_CHARS characters are equal. */
function compareTails(data: Uint8Array, at: Uint32Array, len: Uint8Array, x: number, y: number): number {
  const lx = len[x]!;
  const ly = len[y]!;
  const m = Math.min(lx, ly);
  for (let j = KEY_CHARS; j < m; j++) {
    const d = data[at[x]! + j]! - data[at[y]! + j]!;
    if (d !== 0) return d;
  }
  return lx - ly;
}

/** Orders the runs that tie on all three words and hold a name longer than KEY_CHARS. */
function sortTails(order: Uint32Array, words: readonly Uint32Array[], data: Uint8Array, at: Uint32Array, len: Uint8Array): void {
  const n = order.length;
  for (let i = 0; i < n; ) {
    let j = i + 1;
    let long = len[order[i]!]! > KEY_CHARS;
    for (; j < n && sameWords(words, order[i]!, order[j]!); j++) if (len[order[j]!]! > KEY_CHARS) long = true;
    if (j - i > 1 && long) {
      const run = Array.from(order.subarray(i, j)).sort((x, y) => compareTails(data, at, len, x, y));
      order.set(run, i);
    }
    i = j;
  }
}

/** Hands each distinct name to the collector with the sorted, distinct ranks of its extensions. */
function emitGroups(order: Uint32Array, words: readonly Uint32Array[], data: Uint8Array, at: Uint32Array, len: Uint8Array, rank: Uint32Array, out: Collector): void {
  const n = order.length;
  let exts: Uint32Array = new Uint32Array(64);
  for (let i = 0; i < n; ) {
    const first = order[i]!;
    let m = 0;
    let j = i;
    for (; j < n; j++) {
      const r = order[j]!;
      if (j > i && !(sameWords(words, first, r) && len[r] === len[first] && (len[r]! <= KEY_CHARS || compareTails(data, at, len, first, r) === 0))) break;
      if (m === exts.length) exts = growTo(exts, m * 2);
      const q = at[r]! + len[r]!;
      exts[m++] = rank[(data[q]! | (data[q + 1]! << 8) | (data[q + 2]! << 16) | (data[q + 3]! << 24)) >>> 0]!;
    }
    out.addName(data, at[first]!, len[first]!, exts, sortDistinct(exts, m));
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
