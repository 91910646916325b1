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
 *
 * Files: this one plans the groups and encodes the sections; containment-sort.ts scans and
 * sorts the records, containment-merge.ts merges them with the names, containment-keys.ts
 * holds the keys and comparisons they share.
 */
import { INNER_BLOCK_SHIFT, innerBlocks, innerEntryBytes, putInnerEntry } from "../src/zone-index/inner.ts";
import { ALPHABET, SYMBOL } from "../src/zone-index/format.ts";
import { BASE, BUCKETS } from "./containment-keys.ts";
import { Merge, Output } from "./containment-merge.ts";
import { Work, refineTies, scan } from "./containment-sort.ts";

export { BUCKETS };
/** Records sorted at once by one thread (16 bytes each: 2.7 GB, plus 34 a record of its largest bucket; fewer groups, fewer scans of every name). */
export const GROUP_RECORDS = 160 * 2 ** 20;
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
export function innerCounts(
  a: ContainInput,
  counts: Float64Array,
  firstName: Uint32Array,
  from: number,
  to: number,
  groupRecords = GROUP_RECORDS,
): InnerCounts {
  const groups: [number, number, number][] = [];
  let most = 0;
  let largest = 0;
  for (let b = from; b < to; ) {
    let end = b;
    let records = 0;
    while (end < to && (end === b || records + counts[end] <= groupRecords)) {
      if (counts[end] > MAX_BUCKET)
        throw new Error(`containment counts: ${counts[end]} suffixes share their first two characters, above the limit of ${MAX_BUCKET}`);
      if (counts[end] > largest) largest = counts[end];
      records += counts[end++];
    }
    groups.push([b, end, records]);
    if (records > most) most = records;
    b = end;
  }
  // one record buffer and one bucket work space for every group: fresh ones per group were
  // garbage the collector kept for a while (13.0 GB peak at 100 M domains)
  const rec = new Float64Array(2 * most);
  const work = new Work(largest);
  const out = new Output();
  for (const [b, end, records] of groups) runGroup(a, counts, firstName, b, end, records, rec, work, out);
  return out.finish();
}

function runGroup(
  a: ContainInput,
  counts: Float64Array,
  firstName: Uint32Array,
  from: number,
  to: number,
  records: number,
  rec: Float64Array,
  work: Work,
  out: Output,
): void {
  const { names, nameOff } = a;
  const start = new Uint32Array(to - from + 1);
  for (let b = from; b < to; b++) start[b - from + 1] = start[b - from] + counts[b];
  const parts = new Uint32Array((to - from) * BASE);
  const bigF = new Map<number, number>();
  // rolling the key costs two loads at every position, reading it eight at a record of the group: roll when it holds over a quarter of all records
  let all = 0;
  for (let b = 0; b < BUCKETS; b++) all += counts[b];
  scan(a, from, to, start, rec, parts, bigF, records * 4 > all);
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

/** The three sections from the per-thread results (ascending ids, disjoint); layout in src/zone-index/inner.ts. */
export function encodeInner(totalNames: number, parts: InnerCounts[]): { bitmap: Uint32Array; blocks: Uint32Array; data: Uint8Array } {
  const bitmap = new Uint32Array((totalNames + 31) >>> 5);
  const blocks = new Uint32Array(innerBlocks(totalNames));
  let bytes = 0;
  for (const p of parts) for (let i = 0; i < p.ids.length; i++) bytes += innerEntryBytes(p.names[i], p.domains[i] - p.names[i], p.ends[i]);
  const data = new Uint8Array(bytes);
  let q = 0;
  let block = 0;
  for (const p of parts) {
    for (let i = 0; i < p.ids.length; i++) {
      const id = p.ids[i];
      while (block <= id >>> INNER_BLOCK_SHIFT) blocks[block++] = q;
      bitmap[id >>> 5] |= 1 << (id & 31);
      q = putInnerEntry(data, q, p.names[i], p.domains[i] - p.names[i], p.ends[i]);
    }
  }
  while (block < blocks.length) blocks[block++] = q;
  return { bitmap, blocks, data };
}
