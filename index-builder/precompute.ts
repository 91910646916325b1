/**
 * Precomputed answers (PREE, PREX/PREC) for the terms whose live query would visit a large share
 * of the index: every term of 2 or 3 characters whose live path visits at least
 * max(1,000, N x PRECOMPUTE_SHARE) names: contains and starts terms matching that many,
 * and ends terms whose contains twin does (ends walks the containing names); 3-character
 * prefixes are left live (a prefix is one contiguous range of names and postings).
 * The share bounds the live work of any other term (at 20 M domains, 0.5 % of the names is
 * about 74,000 names: a few milliseconds) and keeps PREX/PREC near E records per entry times a
 * few hundred entries, whatever the index size. Records are stored in answer order
 * (count descending, extension ascending), the order the live engine answers in.
 *
 * How (two passes over the names, whatever the number of terms): the first counts the
 * names of every 2- and 3-letter term per position and so chooses the terms; the second
 * gives each chosen (position, term) a row of a (row x extension) matrix and adds every
 * name's postings to the rows of its distinct pairs and trigrams, its first pair and its
 * last pair and trigram. Both passes run on two cores: each counts half of the names into
 * counters of its own, and the two are summed.
 * test/zone/counts.test.ts holds the stored answers and the live ones to a brute-force count.
 */
import type { IndexArrays } from "../src/zone-index/arrays.ts";

/** What the precompute reads: the names and postings (not the trigram index, built beside it). */
export type PrecomputeInput = Pick<IndexArrays, "names" | "nameOff" | "postStart" | "post" | "extNames">;
/** What counting a range of names reads (shared with a worker). */
export type FillInput = Omit<PrecomputeInput, "extNames">;
/** Names per 2- and 3-letter term and position (see nameCounts). */
export interface NameCounts {
  contains: Uint32Array;
  starts: Uint32Array;
  ends: Uint32Array;
  contains3: Uint32Array;
  ends3: Uint32Array;
}
import { ALPHABET, SYMBOL, TRIGRAMS, type Position } from "../src/zone-index/format.ts";
import { encodeEntries, entriesOf, type EncodedEntries } from "./precompute-encode.ts";

/** A term is precomputed when it matches at least this share of the names (and at least 1,000). */
export const PRECOMPUTE_SHARE = 1 / 200;
export const PRECOMPUTE_MIN_NAMES = 1000;
const PAIRS = ALPHABET * ALPHABET;
const NONE = -1;


/**
 * Names per 2-letter term: containing it (each name once), starting and ending with it;
 * names per 3-letter term: containing it (the trigram list lengths) and ending with it.
 */
export function nameCounts(a: FillInput, from: number, to: number): NameCounts {
  const contains3 = new Uint32Array(TRIGRAMS);
  const seen3 = new Uint32Array(TRIGRAMS);
  const ends3 = new Uint32Array(TRIGRAMS);
  const contains = new Uint32Array(PAIRS);
  const starts = new Uint32Array(PAIRS);
  const ends = new Uint32Array(PAIRS);
  const seen = new Uint32Array(PAIRS); // id+1 of the last name that counted this pair
  const { names, nameOff } = a;
  for (let id = from; id < to; id++) {
    const s = nameOff[id]!;
    const e = nameOff[id + 1]!;
    if (e - s < 2) continue;
    // one read per character: the pair and trigram keys roll along the name
    let y = SYMBOL[names[s + 1]!]!;
    let k = SYMBOL[names[s]!]! * ALPHABET + y; // the pair ending at q - 1
    let t = -1; // the trigram ending at q - 1
    starts[k]++;
    seen[k] = id + 1;
    contains[k]++;
    for (let q = s + 2; q < e; q++) {
      const z = SYMBOL[names[q]!]!;
      t = k * ALPHABET + z;
      k = y * ALPHABET + z;
      y = z;
      if (seen3[t] !== id + 1) {
        seen3[t] = id + 1;
        contains3[t]++;
      }
      if (seen[k] !== id + 1) {
        seen[k] = id + 1;
        contains[k]++;
      }
    }
    ends[k]++;
    if (t >= 0) ends3[t]++;
  }
  return { contains, starts, ends, contains3, ends3 };
}

/** The (position, term) rows of the matrix, in the order their entries are stored. */
export interface Plan {
  rows: { pos: Position; term: string; names: number }[];
  pairContains: Int32Array; // row per pair, or NONE
  pairStarts: Int32Array;
  pairEnds: Int32Array;
  triContains: Int32Array; // row per trigram, or NONE
  triEnds: Int32Array;
}

function plan(counts: NameCounts, minNames: number): Plan {
  const rows: Plan["rows"] = [];
  const assign = (table: Int32Array, k: number, pos: Position, term: string, names: number) => {
    table[k] = rows.length;
    rows.push({ pos, term, names });
  };
  const p: Plan = {
    rows, pairContains: new Int32Array(PAIRS).fill(NONE), pairStarts: new Int32Array(PAIRS).fill(NONE), pairEnds: new Int32Array(PAIRS).fill(NONE),
    triContains: new Int32Array(TRIGRAMS).fill(NONE), triEnds: new Int32Array(TRIGRAMS).fill(NONE),
  };
  // The live cost of "ends" is the containing names (ends = the containing names that end
  // with the term), so an ends term is kept when its contains twin is expensive.
  for (let k = 0; k < PAIRS; k++) if (counts.contains[k]! >= minNames) assign(p.pairContains, k, "contains", symbolString(k, 2), counts.contains[k]!);
  for (let k = 0; k < PAIRS; k++) if (counts.starts[k]! >= minNames) assign(p.pairStarts, k, "starts", symbolString(k, 2), counts.starts[k]!);
  for (let k = 0; k < PAIRS; k++) if (counts.ends[k]! > 0 && counts.contains[k]! >= minNames) assign(p.pairEnds, k, "ends", symbolString(k, 2), counts.ends[k]!);
  for (let k = 0; k < TRIGRAMS; k++) {
    if (counts.contains3[k]! < minNames) continue;
    assign(p.triContains, k, "contains", symbolString(k, 3), counts.contains3[k]!);
    assign(p.triEnds, k, "ends", symbolString(k, 3), counts.ends3[k]!);
  }
  return p;
}

/**
 * The rows of the chosen terms that name `id` matches, into `rows`; returns how many.
 * `stamp` must differ from every earlier call's (it marks the pairs and trigrams seen).
 */
function rowsOfName(a: FillInput, p: Plan, id: number, stamp: number, seenPair: Uint32Array, seenTri: Uint32Array, rows: Int32Array): number {
  const names = a.names;
  const s = a.nameOff[id]!;
  const e = a.nameOff[id + 1]!;
  if (e - s < 2) return 0;
  let nr = 0;
  let y = SYMBOL[names[s + 1]!]!;
  let k = SYMBOL[names[s]!]! * ALPHABET + y; // rolling, as in nameCounts
  let t = -1;
  let r = p.pairStarts[k]!;
  if (r !== NONE) rows[nr++] = r;
  seenPair[k] = stamp;
  r = p.pairContains[k]!;
  if (r !== NONE) rows[nr++] = r;
  for (let q = s + 2; q < e; q++) {
    const z = SYMBOL[names[q]!]!;
    t = k * ALPHABET + z;
    k = y * ALPHABET + z;
    y = z;
    if (seenTri[t] !== stamp) {
      seenTri[t] = stamp;
      r = p.triContains[t]!;
      if (r !== NONE) rows[nr++] = r;
    }
    if (seenPair[k] !== stamp) {
      seenPair[k] = stamp;
      r = p.pairContains[k]!;
      if (r !== NONE) rows[nr++] = r;
    }
  }
  r = p.pairEnds[k]!;
  if (r !== NONE) rows[nr++] = r;
  if (t >= 0) {
    r = p.triEnds[t]!;
    if (r !== NONE) rows[nr++] = r;
  }
  return nr;
}

/**
 * Counts the domains of every chosen term per extension into m[ext * R + row], name by
 * name (the names and postings are read in order). The matrix is extension-major: a
 * name's rows are gathered first, then each of its postings adds to one stripe of R
 * counters, which stays in cache for the common extensions. (Row-major, each row was a
 * cache miss; walking extension by extension instead, each name was: 1.4x slower at 20 M.)
 */
export function fillRange(a: FillInput, p: Plan, E: number, from: number, to: number): Uint32Array {
  const { postStart, post } = a;
  const R = p.rows.length;
  const m = new Uint32Array(R * E);
  const seenPair = new Uint32Array(PAIRS);
  const seenTri = new Uint32Array(TRIGRAMS);
  const rows = new Int32Array(256); // at most 2 x 63 + 3 rows a name
  for (let id = from; id < to; id++) {
    const nr = rowsOfName(a, p, id, id + 1, seenPair, seenTri, rows);
    if (nr === 0) continue;
    for (let q = postStart[id]!, qe = postStart[id + 1]!; q < qe; q++) {
      const base = post[q]! * R;
      for (let j = 0; j < nr; j++) m[base + rows[j]!]++;
    }
  }
  return m;
}

/** nameCounts() and fillRange() over a range of names elsewhere (parallel.ts: on the other core). */
export interface Beside {
  counts(a: FillInput, from: number, to: number): Promise<NameCounts>;
  fill(a: FillInput, p: Plan, E: number, from: number, to: number): Promise<Uint32Array>;
}

/** The PREE/PREX/PREC sections; both passes count the second half of the names `beside`. */
export async function precompute(a: PrecomputeInput, beside: Beside): Promise<EncodedEntries> {
  const n = a.nameOff.length - 1;
  const minNames = Math.max(PRECOMPUTE_MIN_NAMES, Math.ceil(n * PRECOMPUTE_SHARE));
  const E = a.extNames.length;
  const mid = n >>> 1;
  const f: FillInput = { names: a.names, nameOff: a.nameOff, postStart: a.postStart, post: a.post };
  const otherCounts = beside.counts(f, mid, n);
  const counts = nameCounts(f, 0, mid);
  const more = await otherCounts;
  for (const k of Object.keys(counts) as (keyof NameCounts)[]) addInto(counts[k], more[k]);
  const p = plan(counts, minNames);
  const other = beside.fill(f, p, E, mid, n);
  const m = fillRange(f, p, E, 0, mid);
  addInto(m, await other);
  return encodeEntries(entriesOf(m, p, a.extNames), a.post instanceof Uint16Array ? 2 : 4);
}

function addInto(to: Uint32Array, from: Uint32Array): void {
  for (let i = 0; i < to.length; i++) to[i] += from[i]!;
}

function symbolString(k: number, len: number): string {
  const chars = "-0123456789abcdefghijklmnopqrstuvwxyz";
  let s = "";
  for (let i = len - 1; i >= 0; i--) {
    s = chars[k % ALPHABET] + s;
    k = Math.floor(k / ALPHABET);
  }
  return s;
}
