/**
 * The precomputed table (PREE, PREX/PREC, FORMAT.md) as the engine reads it: a map from
 * "<position>:<term>" to the entry's totals and the place of its breakdown records. An
 * entry whose records lie outside PREX/PREC or whose position is unknown, or a record naming an
 * extension that does not exist, makes the file corrupt (refused on open), so a query never
 * reads past the records. The entries are checked as they are read; the records (tens of
 * millions at 100 M domains, 70 ms) by precomputedProblem, in slices when a serving thread
 * checks a new file (ZoneIndex.open checkLater).
 */
import type { IndexArrays } from "./arrays.ts";
import { POSITIONS, PRE_ENTRY_BYTES, PRE_TERM_MAX } from "./format.ts";
import { ZoneIndexError } from "./open.ts";
import type { Steps } from "./steps.ts";

export interface PreEntry {
  domains: number;
  names: number;
  tldMatch: number;
  /** First record (PREX index). */
  first: number;
  count: number;
  /** Byte offset in PREC of the first record's count (one LEB128 varint per record). */
  countAt: number;
}

export function readPrecomputed(a: IndexArrays): Map<string, PreEntry> {
  const pre = new Map<string, PreEntry>();
  const records = a.preExt.length;
  const dv = new DataView(a.preEntries.buffer, a.preEntries.byteOffset, a.preEntries.byteLength);
  for (let o = 0; o + PRE_ENTRY_BYTES <= a.preEntries.byteLength; o += PRE_ENTRY_BYTES) {
    const pos = POSITIONS[dv.getUint8(o)];
    const len = dv.getUint8(o + 1);
    const e: PreEntry = {
      domains: dv.getUint32(o + 16, true),
      names: dv.getUint32(o + 20, true),
      tldMatch: dv.getUint32(o + 24, true),
      first: dv.getUint32(o + 28, true),
      count: dv.getUint32(o + 32, true),
      countAt: dv.getUint32(o + 36, true),
    };
    // at least a byte per count: the varints themselves are checked by precomputedProblem
    if (pos === undefined || len > PRE_TERM_MAX || e.first + e.count > records || e.countAt + e.count > a.preCount.length) {
      throw new ZoneIndexError(`precomputed entry ${o / PRE_ENTRY_BYTES} is corrupt; rebuild the index`);
    }
    let term = "";
    for (let i = 0; i < len; i++) term += String.fromCharCode(dv.getUint8(o + 4 + i));
    pre.set(pos + ":" + term, e);
  }
  return pre;
}

/** Records checked a slice. */
const RECORD_SLICE = 1 << 20;

/**
 * The records of the precomputed table checked, a slice of about RECORD_SLICE records at a
 * time (steps.ts): every record names an existing extension and every entry's counts are
 * whole varints inside PREC. null when sound, else a message.
 */
export function* precomputedProblem(a: IndexArrays, pre: ReadonlyMap<string, PreEntry>): Steps<string | null> {
  const records = a.preExt.length;
  const E = a.extNames.length;
  for (let r0 = 0; r0 < records; r0 += RECORD_SLICE) {
    const end = Math.min(records, r0 + RECORD_SLICE);
    for (let r = r0; r < end; r++) {
      if (a.preExt[r] >= E) return `precomputed record ${r} names extension ${a.preExt[r]} of ${E}; rebuild the index`;
    }
    yield;
  }
  let walked = 0;
  for (const [key, e] of pre) {
    if (!countsFit(a.preCount, e.countAt, e.count)) return `precomputed entry ${key} is corrupt: its counts run past PREC; rebuild the index`;
    if ((walked += e.count) >= RECORD_SLICE) {
      walked = 0;
      yield;
    }
  }
  return null;
}

/** Whether `count` varints of at most 5 bytes each start at byte `at` and end inside PREC. */
function countsFit(prec: Uint8Array, at: number, count: number): boolean {
  let p = at;
  for (let i = 0; i < count; i++) {
    const start = p;
    while (p < prec.length && prec[p] & 0x80) p++;
    if (p >= prec.length || p - start >= 5) return false;
    p++;
  }
  return true;
}

let counts = new Uint32Array(1024);

/**
 * The entry's record counts, decoded from PREC: element i is the count of record
 * pe.first + i. The array is reused by the next call (queries run one at a time per thread).
 */
export function countsOf(prec: Uint8Array, pe: PreEntry): Uint32Array {
  if (counts.length < pe.count) counts = new Uint32Array(Math.max(pe.count, counts.length * 2));
  let p = pe.countAt;
  for (let i = 0; i < pe.count; i++) {
    let b = prec[p++];
    let v = b & 0x7f;
    for (let shift = 7; b & 0x80; shift += 7) {
      b = prec[p++];
      v += (b & 0x7f) * 2 ** shift; // counts may pass 2^31: no bitwise or
    }
    counts[i] = v;
  }
  return counts;
}
