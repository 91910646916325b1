/**
 * Precomputed answers (PREE, PREX/PREC) for the terms whose live query would visit a large share
 * of the index. The base, stored whatever its size: every term of 2 or 3 characters whose
 * live path visits at least max(1,000, N x PRECOMPUTE_SHARE) names: contains and starts
 * terms matching that many, and ends terms whose contains twin does (ends walks the
 * containing names); 3-character prefixes are left live (a prefix is one contiguous range
 * of names and postings). Then, as long as the file stays under TARGET_BYTES_PER_DOMAIN,
 * the budget's terms, costliest first, each as a contains and an ends entry: the other
 * 2-letter terms that match a name (a live one walks a bitmap over every name whatever it
 * matches, 40-50 ms at 100 M domains, so they come first), 3-letter terms below the base
 * rule, and terms of 4 to 12 characters (long-terms.ts) down to max(1,000, N x
 * BUDGET_SHARE) names. Records are stored in answer order
 * (count descending, extension ascending), the order the live engine answers in.
 *
 * How (two passes over the names, whatever the number of terms): the first counts the
 * names of every 2- and 3-letter term per position and so chooses the terms; the second
 * gives each chosen (position, term) a row of a (row x extension) matrix and adds every
 * name's postings to the rows of its distinct pairs and trigrams, its first pair and its
 * last pair and trigram. Both passes run on two cores: each counts half of the names into
 * counters of its own (the first pass's are summed; the second's matrices are shared, and
 * each thread then reads both for half of the rows' entries). The long terms' sample runs on
 * a third thread beside the first pass, which does not need it.
 * test/zone/counts.test.ts holds the stored answers and the live ones to a brute-force count.
 */
import type { IndexArrays } from "../src/zone-index/arrays.ts";

/**
 * What the precompute reads: the names and postings (not the trigram index, built beside
 * it), with the offsets as the builder holds them, whole u32 arrays (the file's are packed).
 */
export type PrecomputeInput = Pick<IndexArrays, "names" | "post" | "extNames"> & { nameOff: Uint32Array; postStart: Uint32Array };
/** What counting a range of names reads (shared with a worker). */
export type FillInput = Omit<PrecomputeInput, "extNames">;
/** Names per 2- and 3-letter term and position (see nameCounts). */
export interface NameCounts {
  contains: Uint32Array;
  starts: Uint32Array;
  ends: Uint32Array;
  contains3: Uint32Array;
  ends3: Uint32Array;
  /** [0]: bytes of the trigram lists (TRIP) for these names, an upper bound (see nameCounts). */
  tripBytes: Float64Array;
}
import { ALPHABET, PRE_ENTRY_BYTES, SYMBOL, TRIGRAMS, type Position } from "../src/zone-index/format.ts";
import { trigramKey } from "../src/zone-index/contains.ts";
import { encodeEntries, entriesOf, entryBytes, type EncodedEntries, type Entry } from "./precompute-encode.ts";
import { longTermsOf, matchLongAt, LONG_TERM_MIN, type Candidate, type LongTerms } from "./long-terms.ts";

/** A term is precomputed when it matches at least this share of the names (and at least 1,000). */
export const PRECOMPUTE_SHARE = 1 / 200;
export const PRECOMPUTE_MIN_NAMES = 1000;
/** The budget's terms hold at least this share of the names (and at least 1,000). */
export const BUDGET_SHARE = 1 / 2000;
/**
 * The file the budget fills up to, in bytes a domain (the target is at most 32, README "Benchmarks"). Every other
 * section's size is known before the choice (TRIP's from the first pass, an upper bound), so
 * only rounding is left between this and 32.
 */
export const TARGET_BYTES_PER_DOMAIN = 31.98;
/** Candidates chosen on estimated sizes, as a multiple of the budget: the exact sizes trim them after the fill. */
const OVERSELECT = 2;
/** The fill's matrix (rows x extensions of u32, one per thread) may grow to this with the budget's rows. */
const MATRIX_BYTES = 256 * 1024 * 1024;
const PAIRS = ALPHABET * ALPHABET;
const NONE = -1;

/**
 * Names per 2-letter term: containing it (each name once), starting and ending with it;
 * names per 3-letter term: containing it (the trigram list lengths) and ending with it;
 * and the bytes of the trigram lists, each gap a varint (trigrams.ts), exact for a range
 * starting at name 0 and over by at most a few bytes a trigram for a later one (its first
 * entry is counted as an id, not as the gap from the range before).
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
  let tripBytes = 0;
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
        const gap = id + 1 - seen3[t]; // seen3: id + 1 of the previous name holding t, or 0
        tripBytes += gap < 0x80 ? 1 : gap < 0x4000 ? 2 : gap < 0x200000 ? 3 : gap < 0x10000000 ? 4 : 5;
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
  return { contains, starts, ends, contains3, ends3, tripBytes: Float64Array.of(tripBytes) };
}

/** The (position, term) rows of the matrix, in the order their entries are stored. */
export interface Plan {
  /** names: exact from the first pass (2- and 3-letter terms), or the sample's estimate (long terms: the fill counts them exactly). */
  rows: { pos: Position; term: string; names: number }[];
  pairContains: Int32Array; // row per pair, or NONE
  pairStarts: Int32Array;
  pairEnds: Int32Array;
  triContains: Int32Array; // row per trigram, or NONE
  triEnds: Int32Array;
  /** Rows [0, base) are stored whatever their size; the rest, in (contains, ends) pairs, only while they fit the budget. */
  base: number;
  long: LongTerms | null;
}

function plan(counts: NameCounts, minNames: number): Plan {
  const rows: Plan["rows"] = [];
  const assign = (table: Int32Array, k: number, pos: Position, term: string, names: number) => {
    table[k] = rows.length;
    rows.push({ pos, term, names });
  };
  const p: Plan = {
    rows,
    pairContains: new Int32Array(PAIRS).fill(NONE),
    pairStarts: new Int32Array(PAIRS).fill(NONE),
    pairEnds: new Int32Array(PAIRS).fill(NONE),
    triContains: new Int32Array(TRIGRAMS).fill(NONE),
    triEnds: new Int32Array(TRIGRAMS).fill(NONE),
    base: 0,
    long: null,
  };
  // The live cost of "ends" is the containing names (ends = the containing names that end
  // with the term), so an ends term is kept when its contains twin is expensive.
  for (let k = 0; k < PAIRS; k++) if (counts.contains[k]! >= minNames) assign(p.pairContains, k, "contains", symbolString(k, 2), counts.contains[k]!);
  for (let k = 0; k < PAIRS; k++) if (counts.starts[k]! >= minNames) assign(p.pairStarts, k, "starts", symbolString(k, 2), counts.starts[k]!);
  // kept even when no name ends with the term: its live count would still verify every name
  // containing it ("-s" as an ending: 85 ms at 100 M to find none)
  for (let k = 0; k < PAIRS; k++) if (counts.contains[k]! >= minNames) assign(p.pairEnds, k, "ends", symbolString(k, 2), counts.ends[k]!);
  for (let k = 0; k < TRIGRAMS; k++) {
    if (counts.contains3[k]! < minNames) continue;
    assign(p.triContains, k, "contains", symbolString(k, 3), counts.contains3[k]!);
    assign(p.triEnds, k, "ends", symbolString(k, 3), counts.ends3[k]!);
  }
  p.base = rows.length;
  return p;
}

/**
 * Adds the budget's terms to the plan, a (contains, ends) pair of rows each: 3-letter
 * terms below the base rule go in the trigram tables, longer ones in the long-term matcher.
 */
function addBudgetTerms(p: Plan, chosen: Candidate[], counts: NameCounts): void {
  const long: string[] = [];
  const longRows: [number, number][] = [];
  for (const c of chosen) {
    const r = p.rows.length;
    if (c.term.length === 2) {
      const k = SYMBOL[c.term.charCodeAt(0)]! * ALPHABET + SYMBOL[c.term.charCodeAt(1)]!;
      p.rows.push({ pos: "contains", term: c.term, names: counts.contains[k]! }, { pos: "ends", term: c.term, names: counts.ends[k]! });
      p.pairContains[k] = r;
      p.pairEnds[k] = r + 1;
    } else if (c.term.length === 3) {
      const k = trigramKey(c.term, 0);
      p.rows.push({ pos: "contains", term: c.term, names: counts.contains3[k]! }, { pos: "ends", term: c.term, names: counts.ends3[k]! });
      p.triContains[k] = r;
      p.triEnds[k] = r + 1;
    } else {
      p.rows.push({ pos: "contains", term: c.term, names: c.names }, { pos: "ends", term: c.term, names: 0 });
      long.push(c.term);
      longRows.push([r, r + 1]);
    }
  }
  if (long.length > 0) p.long = longTermsOf(long, longRows);
}

/**
 * The rows of the chosen terms that name `id` matches, into `rows`; returns how many.
 * `stamp` must differ from every earlier call's (it marks the pairs and trigrams seen).
 */
function rowsOfName(
  a: FillInput,
  p: Plan,
  id: number,
  stamp: number,
  seenPair: Uint32Array,
  seenTri: Uint32Array,
  seenLong: Uint32Array,
  rows: Int32Array,
  named: Uint32Array,
): number {
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
  const long = p.long;
  for (let q = s + 2; q < e; q++) {
    const z = SYMBOL[names[q]!]!;
    if (long !== null && t >= 0) {
      const g = t * ALPHABET + z; // the 4 characters ending at q
      if ((long.heads[g >>> 5]! & (1 << (g & 31))) !== 0) nr = matchLongAt(long, names, q - 3, e, g, stamp, seenLong, rows, nr, named);
    }
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
 * Counts the domains of every chosen term per extension into m[ext * R + row] (m: zeroed,
 * matrixSize counters), and the names matching each long term's row into m[E * R + row]
 * (the other rows' names are exact from the first pass: counting them again was 40 % of
 * the increments), name by name (the names and postings are read in order). The matrix is
 * extension-major: a name's rows are gathered first, then each of its postings adds to one stripe of R
 * counters, which stays in cache for the common extensions. (Row-major, each row was a
 * cache miss; walking extension by extension instead, each name was: 1.4x slower at 20 M.)
 */
export function fillRange(a: FillInput, p: Plan, E: number, from: number, to: number, m: Uint32Array): void {
  const { postStart, post } = a;
  const R = p.rows.length;
  if (m.length !== matrixSize(p, E)) throw new Error(`precompute matrix of ${m.length} counters, ${matrixSize(p, E)} expected`);
  const named = m.subarray(R * E);
  const seenPair = new Uint32Array(PAIRS);
  const seenTri = new Uint32Array(TRIGRAMS);
  const seenLong = new Uint32Array(p.long === null ? 0 : p.long.head.length);
  // a name of 63 characters: at most 64 pair, 62 trigram and 60 x 9 long-term rows
  const rows = new Int32Array(1024);
  for (let id = from; id < to; id++) {
    const nr = rowsOfName(a, p, id, id + 1, seenPair, seenTri, seenLong, rows, named);
    if (nr === 0) continue;
    for (let q = postStart[id]!, qe = postStart[id + 1]!; q < qe; q++) {
      const base = post[q]! * R;
      for (let j = 0; j < nr; j++) m[base + rows[j]!]++;
    }
  }
}

/** Counters of the fill's matrix: rows x extensions, then the long terms' names per row. */
export function matrixSize(p: Plan, E: number): number {
  return p.rows.length * E + p.rows.length;
}

/** The precompute's steps elsewhere (parallel.ts: on another thread); the fill's matrix and the entries' are SharedArrayBuffers. */
export interface Beside {
  counts(a: FillInput, from: number, to: number): Promise<NameCounts>;
  sample(a: FillInput, minNames: number): Promise<Candidate[]>;
  fill(a: FillInput, p: Plan, E: number, from: number, to: number, m: Uint32Array): Promise<void>;
  entries(a: Uint32Array, b: Uint32Array, p: Plan, extNames: string[], r0: number, r1: number): Promise<Entry[]>;
}

/**
 * The PREE/PREX/PREC sections; both passes count the second half of the names `beside`.
 * otherBytes: the file's bytes outside TRIP and the precomputed sections (header, table,
 * every other section, page padding included), for the budget of the long terms.
 */
export async function precompute(a: PrecomputeInput, beside: Beside, otherBytes: number): Promise<EncodedEntries> {
  const n = a.nameOff.length - 1;
  const minNames = Math.max(PRECOMPUTE_MIN_NAMES, Math.ceil(n * PRECOMPUTE_SHARE));
  const minLong = Math.max(PRECOMPUTE_MIN_NAMES, Math.ceil(n * BUDGET_SHARE));
  const E = a.extNames.length;
  const idBytes = a.post instanceof Uint16Array ? 2 : 4;
  const mid = n >>> 1;
  const f: FillInput = { names: a.names, nameOff: a.nameOff, postStart: a.postStart, post: a.post };
  const sampled = beside.sample(f, minLong);
  const otherCounts = beside.counts(f, mid, n);
  const counts = nameCounts(f, 0, mid);
  const more = await otherCounts;
  for (const k of Object.keys(counts) as (keyof NameCounts)[]) addInto(counts[k], more[k]);
  const p = plan(counts, minNames);
  // the budget: what the file may still hold once the base entries (their size estimated) are in
  const D = a.post.length;
  const estimate = (names: number) => entryEstimate(names * (D / Math.max(1, n)), E, idBytes);
  const budget = Math.floor(TARGET_BYTES_PER_DOMAIN * D) - otherBytes - counts.tripBytes[0]!;
  let left = budget;
  for (const row of p.rows) left -= estimate(row.names);
  const maxTerms = Math.floor((Math.floor(MATRIX_BYTES / (4 * Math.max(1, E))) - p.rows.length) / 2);
  addBudgetTerms(p, chooseWithin(budgetCandidates(n, counts, await sampled, minLong, minNames), left * OVERSELECT, maxTerms, estimate), counts);
  const shared = () => new Uint32Array(new SharedArrayBuffer(4 * matrixSize(p, E)));
  const m0 = shared();
  const m1 = shared();
  const other = beside.fill(f, p, E, mid, n, m1);
  fillRange(f, p, E, 0, mid, m0);
  await other;
  const R = p.rows.length;
  const laterEntries = beside.entries(m0, m1, p, a.extNames, R >>> 1, R);
  const entries = entriesOf(m0, m1, p, a.extNames, 0, R >>> 1);
  entries.push(...(await laterEntries));
  return encodeEntries(trimToBudget(entries, p, minLong, budget, idBytes), idBytes);
}

/**
 * Bytes of an entry whose term matches d domains: the 48-byte entry and a record (an id and
 * a varint of about 1.3 bytes) per extension holding a match. The extensions holding d
 * domains saturate slowly because their sizes are skewed (45 % .com); fitted on the 20 M
 * synthetic index, within 5 % from 45,000 to 260,000 domains. Only the choice before the
 * fill uses it; trimToBudget works on exact sizes.
 */
function entryEstimate(d: number, E: number, idBytes: number): number {
  const records = E * (1 - Math.exp(-0.13 * (d / Math.max(1, E)) ** 0.75));
  return PRE_ENTRY_BYTES + records * (idBytes + 1.3);
}

/**
 * The terms the budget may add, costliest first: 2-letter terms below the base rule (their
 * live count walks every name), 3-letter ones (it decodes one list and visits every name
 * matching) and long ones (sampled, long-terms.ts), the last two from minLong names up. A
 * long term's live count decodes its rarest trigram list, intersects it with others and
 * checks the bytes of every candidate left, at least every name holding it and at most
 * that whole list, then visits its names: its cost is twice its names plus a quarter of
 * its rarest list. Measured at 100 M domains: ranked by twice their names, the terms of
 * common trigrams were left live ("aters", "ionali": 0.9-2.7 M-name lists, 25-60 ms);
 * ranked by their whole rarest list plus their names, they were stored but common terms
 * with short lists were not ("love": 90,000 names, 14 ms median, 34 ms worst) nor 3-letter
 * terms of up to 290,000 names. A quarter keeps all three and leaves out 3-letter terms of
 * up to 191,000 names and long ones of up to about 40,000 names and 450,000-name lists.
 */
function budgetCandidates(n: number, counts: NameCounts, long: Candidate[], minLong: number, minNames: number): Candidate[] {
  const c: Candidate[] = [];
  for (let k = 0; k < PAIRS; k++) {
    const names = counts.contains[k]!;
    if (names > 0 && names < minNames) c.push({ term: symbolString(k, 2), names });
  }
  for (let k = 0; k < TRIGRAMS; k++) {
    const names = counts.contains3[k]!;
    if (names >= minLong && names < minNames) c.push({ term: symbolString(k, 3), names });
  }
  const cost = new Map<string, number>();
  for (const x of c) cost.set(x.term, x.term.length === 2 ? n + x.names : x.names);
  for (const x of long) {
    let rarest = Infinity;
    for (let i = 0; i + 3 <= x.term.length; i++) rarest = Math.min(rarest, counts.contains3[trigramKey(x.term, i)]!);
    cost.set(x.term, 2 * x.names + rarest / 4);
    c.push(x);
  }
  return c.sort((x, y) => cost.get(y.term)! - cost.get(x.term)! || (x.term < y.term ? -1 : 1));
}

/** The leading candidates (at most max) whose two entries' estimated bytes fit in budget. */
function chooseWithin(c: Candidate[], budget: number, max: number, estimate: (names: number) => number): Candidate[] {
  const out: Candidate[] = [];
  let used = 0;
  for (const x of c) {
    if (out.length >= max) break;
    const b = 2 * estimate(x.names);
    if (used + b > budget) break;
    used += b;
    out.push(x);
  }
  return out;
}

/**
 * The base entries, then the budget's (contains, ends) pairs in their order while their
 * exact bytes fit in what the base entries leave of budget, skipping a long term whose exact
 * count of names fell under minLong (its estimate came from the sample).
 */
function trimToBudget(entries: Entry[], p: Plan, minLong: number, budget: number, idBytes: 2 | 4): Entry[] {
  const out = entries.slice(0, p.base);
  let left = budget;
  for (const e of out) left -= entryBytes(e, idBytes);
  for (let r = p.base; r + 1 < entries.length; r += 2) {
    const b = entryBytes(entries[r]!, idBytes) + entryBytes(entries[r + 1]!, idBytes);
    if ((entries[r]!.term.length >= LONG_TERM_MIN && entries[r]!.names < minLong) || b > left) continue; // long terms' choice came from a sample
    left -= b;
    out.push(entries[r]!, entries[r + 1]!);
  }
  return out;
}

function addInto(to: Uint32Array | Float64Array, from: Uint32Array | Float64Array): void {
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
