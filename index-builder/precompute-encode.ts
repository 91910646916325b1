/**
 * From the precompute's counters to the PREE, PREX and PREC sections (FORMAT.md): each
 * row's records in answer order, then one 48-byte entry per (position, term) with its
 * records (extension id, domains) in two parallel arrays.
 */
import { POSITIONS, PRE_ENTRY_BYTES, PRE_TERM_MAX, type Position } from "../src/zone-index/format.ts";
import type { Plan } from "./precompute.ts";
import { LONG_TERM_MIN } from "./long-terms.ts";
import { putVarint, varintLen } from "../src/zone-index/varint.ts";

export interface Entry {
  pos: Position;
  term: string;
  domains: number;
  names: number;
  tldMatch: number;
  records: Uint32Array; // ext, count pairs, final order
}

export interface EncodedEntries {
  entries: Uint8Array;
  recordExt: Uint16Array | Uint32Array;
  recordCount: Uint8Array;
  count: number;
}

/** Bytes of the entry's counts in PREC. */
function countBytes(e: Entry): number {
  let b = 0;
  for (let r = 1; r < e.records.length; r += 2) b += varintLen(e.records[r]!);
  return b;
}

/** Bytes the entry adds to PREE, PREX and PREC. */
export function entryBytes(e: Entry, extIdBytes: 2 | 4): number {
  return PRE_ENTRY_BYTES + (e.records.length / 2) * extIdBytes + countBytes(e);
}

export function encodeEntries(entries: Entry[], extIdBytes: 2 | 4): EncodedEntries {
  const nRec = entries.reduce((s, e) => s + e.records.length / 2, 0);
  const eb = new Uint8Array(entries.length * PRE_ENTRY_BYTES);
  const dv = new DataView(eb.buffer);
  const recordExt = extIdBytes === 2 ? new Uint16Array(nRec) : new Uint32Array(nRec);
  const recordCount = new Uint8Array(entries.reduce((s, e) => s + countBytes(e), 0));
  let first = 0;
  let q = 0;
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
    dv.setUint32(o + 36, q, true);
    for (let r = 0; r < e.records.length; r += 2) {
      recordExt[first++] = e.records[r]!;
      q = putVarint(recordCount, q, e.records[r + 1]!);
    }
  });
  return { entries: eb, recordExt, recordCount, count: entries.length };
}

/**
 * The entries of rows [r0, r1): each row's records in answer order (count descending,
 * extension ascending), its total, tld_match and names (a long term's counted by the fill
 * at m[R x E + row], a shorter one's exact in its plan row). The counters are the sum of the
 * two halves' matrices (a and b, one per thread of the fill). Sort keys are count x 2^22 +
 * (2^22 - 1 - ext), exact in a double (counts < 2^31, extension ids < 2^22), sorted natively
 * per row: the live engine's order. The two threads each take half of the rows.
 */
export function entriesOf(a: Uint32Array, b: Uint32Array, p: Plan, extNames: string[], r0: number, r1: number): Entry[] {
  const R = p.rows.length;
  const E = extNames.length;
  const SH = 4194304;
  if (E > SH) throw new Error(`more than ${SH} extensions: the precomputed sort keys would not be exact`);
  const W = r1 - r0;
  const at = new Uint32Array(W + 1); // each row's slice of keys
  for (let x = 0; x < E; x++) {
    for (let r = r0, o = x * R + r0; r < r1; r++, o++) if (a[o] + b[o] !== 0) at[r - r0 + 1]++;
  }
  for (let r = 0; r < W; r++) at[r + 1] += at[r]!;
  const keys = new Float64Array(at[W]!);
  const w = at.slice(0, W);
  for (let x = 0; x < E; x++) {
    for (let r = r0, o = x * R + r0; r < r1; r++, o++) {
      const v = a[o]! + b[o]!;
      if (v !== 0) keys[w[r - r0]!++] = v * SH + (SH - 1 - x);
    }
  }
  const holding = extensionsHolding(extNames);
  const out: Entry[] = [];
  for (let r = r0; r < r1; r++) {
    const row = p.rows[r]!;
    const k = keys.subarray(at[r - r0], at[r - r0 + 1]).sort();
    const records = new Uint32Array(2 * k.length);
    let domains = 0;
    for (let i = 0; i < k.length; i++) {
      const key = k[k.length - 1 - i]!;
      const x = SH - 1 - (key % SH);
      const count = (key - (SH - 1 - x)) / SH;
      records[2 * i] = x;
      records[2 * i + 1] = count;
      domains += count;
    }
    // tld_match: the domains in extensions whose name holds the term (a handful of extensions
    // at most, found by the term instead of testing every record's extension)
    let tldMatch = 0;
    for (const x of holding.get(row.term) ?? []) tldMatch += a[x * R + r]! + b[x * R + r]!;
    const names = row.term.length >= LONG_TERM_MIN ? a[R * E + r]! + b[R * E + r]! : row.names;
    out.push({ pos: row.pos, term: row.term, names, domains, tldMatch, records });
  }
  return out;
}

/** Every substring of 2 to PRE_TERM_MAX characters of the extension names -> the extensions holding it (each once). */
function extensionsHolding(extNames: string[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  extNames.forEach((ext, x) => {
    const seen = new Set<string>();
    for (let i = 0; i < ext.length; i++) {
      for (let j = i + 2; j <= Math.min(ext.length, i + PRE_TERM_MAX); j++) {
        const sub = ext.slice(i, j);
        if (seen.has(sub)) continue;
        seen.add(sub);
        const list = out.get(sub);
        if (list === undefined) out.set(sub, [x]);
        else list.push(x);
      }
    }
  });
  return out;
}
