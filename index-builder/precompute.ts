/**
 * Precomputed answers (PREE, PREX/PREC) for the terms whose live query would visit a large share
 * of the index: every term of 2 or 3 characters whose live path visits at least
 * max(1,000, N x PRECOMPUTE_SHARE) names: contains and starts terms matching that many,
 * and ends terms whose contains twin does (ends walks the containing names); 3-character
 * prefixes are left live (a prefix is one contiguous range of names and postings).
 * - 2-letter terms: one pass over the names per position fills a (pair x extension)
 *   matrix, since a 2-letter term has no trigram list of its own;
 * - 3-letter terms: computed by the live engine itself, so the two paths cannot disagree.
 * The share bounds the live work of any other term (at 20 M domains, 0.5 % of the names is
 * about 74,000 names: a few milliseconds) and keeps PREX/PREC near E records per entry times a
 * few hundred entries, whatever the index size. Records are stored in answer order
 * (count descending, extension ascending).
 */
import type { IndexArrays } from "../src/zone-index/arrays.ts";
import { Engine } from "../src/zone-index/engine.ts";
import { ALPHABET, SYMBOL, TRIGRAMS, POSITIONS, PRE_ENTRY_BYTES, type Position } from "../src/zone-index/format.ts";

/** A term is precomputed when it matches at least this share of the names (and at least 1,000). */
export const PRECOMPUTE_SHARE = 1 / 200;
export const PRECOMPUTE_MIN_NAMES = 1000;
const PAIRS = ALPHABET * ALPHABET;

function symbolString(k: number, len: number): string {
  const chars = "-0123456789abcdefghijklmnopqrstuvwxyz";
  let s = "";
  for (let i = len - 1; i >= 0; i--) {
    s = chars[k % ALPHABET] + s;
    k = Math.floor(k / ALPHABET);
  }
  return s;
}

interface Entry {
  pos: Position;
  term: string;
  domains: number;
  names: number;
  tldMatch: number;
  records: number[]; // ext, count pairs, final order
}

function recordsFromRow(row: Uint32Array, extNames: string[], term: string): { records: number[]; tldMatch: number; domains: number } {
  const ids: number[] = [];
  let domains = 0;
  let tldMatch = 0;
  for (let x = 0; x < row.length; x++) {
    if (row[x] === 0) continue;
    ids.push(x);
    domains += row[x];
    if (extNames[x].includes(term)) tldMatch += row[x];
  }
  ids.sort((p, q) => row[q] - row[p] || p - q);
  const records: number[] = [];
  for (const x of ids) records.push(x, row[x]);
  return { records, tldMatch, domains };
}

/**
 * The 2-letter terms of one position that `keep(pair, matching names)` selects, by one pass
 * over the names; also returns the matching names of every pair.
 */
function pairEntries(a: IndexArrays, pos: Position, keep: (k: number, names: number) => boolean): { entries: Entry[]; nameCount: Uint32Array } {
  const E = a.extNames.length;
  const m = new Uint32Array(PAIRS * E);
  const nameCount = new Uint32Array(PAIRS);
  const seen = new Uint32Array(PAIRS); // id+1 of the last name that counted this pair
  const n = a.nameOff.length - 1;
  const { names, nameOff, postStart, post } = a;
  const addPair = (k: number, id: number) => {
    if (seen[k] === id + 1) return;
    seen[k] = id + 1;
    nameCount[k]++;
    const base = k * E;
    for (let p = postStart[id], e = postStart[id + 1]; p < e; p++) m[base + post[p]]++;
  };
  for (let id = 0; id < n; id++) {
    const s = nameOff[id];
    const e = nameOff[id + 1];
    if (e - s < 2) continue;
    if (pos === "starts") addPair(SYMBOL[names[s]] * ALPHABET + SYMBOL[names[s + 1]], id);
    else if (pos === "ends") addPair(SYMBOL[names[e - 2]] * ALPHABET + SYMBOL[names[e - 1]], id);
    else for (let p = s; p + 2 <= e; p++) addPair(SYMBOL[names[p]] * ALPHABET + SYMBOL[names[p + 1]], id);
  }
  const out: Entry[] = [];
  for (let k = 0; k < PAIRS; k++) {
    if (nameCount[k] === 0 || !keep(k, nameCount[k])) continue;
    const term = symbolString(k, 2);
    const r = recordsFromRow(m.subarray(k * E, (k + 1) * E), a.extNames, term);
    out.push({ pos, term, domains: r.domains, names: nameCount[k], tldMatch: r.tldMatch, records: r.records });
  }
  return { entries: out, nameCount };
}

export function precompute(a: IndexArrays): { entries: Uint8Array; recordExt: Uint16Array | Uint32Array; recordCount: Uint32Array; count: number } {
  const n = a.nameOff.length - 1;
  const minNames = Math.max(PRECOMPUTE_MIN_NAMES, Math.ceil(n * PRECOMPUTE_SHARE));
  const entries: Entry[] = [];
  // The live cost of "ends" is the containing names (ends = the containing names that end
  // with the term), so an ends term is kept when its contains twin is expensive.
  const contains = pairEntries(a, "contains", (_k, names) => names >= minNames);
  entries.push(...contains.entries);
  entries.push(...pairEntries(a, "starts", (_k, names) => names >= minNames).entries);
  entries.push(...pairEntries(a, "ends", (k) => contains.nameCount[k] >= minNames).entries);
  const engine = new Engine(a); // a.preEntries is empty here: every answer is live
  for (let k = 0; k < TRIGRAMS; k++) {
    if (a.triCount[k] < minNames) continue;
    const term = symbolString(k, 3);
    for (const pos of ["contains", "ends"] as const) {
      const t = engine.count(term, pos, null);
      const records: number[] = [];
      for (const b of t.breakdown) records.push(engine.extIdOf(b.tld), b.count);
      entries.push({ pos, term, domains: t.total, names: t.names, tldMatch: t.tldMatch, records });
    }
  }
  const nRec = entries.reduce((s, e) => s + e.records.length / 2, 0);
  const eb = new Uint8Array(entries.length * PRE_ENTRY_BYTES);
  const dv = new DataView(eb.buffer);
  const recordExt = a.post instanceof Uint16Array ? new Uint16Array(nRec) : new Uint32Array(nRec);
  const recordCount = new Uint32Array(nRec);
  let first = 0;
  entries.forEach((e, i) => {
    const o = i * PRE_ENTRY_BYTES;
    dv.setUint8(o, POSITIONS.indexOf(e.pos));
    dv.setUint8(o + 1, e.term.length);
    for (let j = 0; j < e.term.length; j++) dv.setUint8(o + 4 + j, e.term.charCodeAt(j));
    dv.setUint32(o + 16, e.domains, true);
    dv.setUint32(o + 20, e.names, true);
    dv.setUint32(o + 24, e.tldMatch, true);
    dv.setUint32(o + 28, first, true);
    dv.setUint32(o + 32, e.records.length / 2, true);
    for (let r = 0; r < e.records.length; r += 2) {
      recordExt[first] = e.records[r];
      recordCount[first++] = e.records[r + 1];
    }
  });
  return { entries: eb, recordExt, recordCount, count: entries.length };
}
