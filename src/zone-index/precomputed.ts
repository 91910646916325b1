/**
 * The precomputed table (PREE, PREX/PREC, FORMAT.md) as the engine reads it: a map from
 * "<position>:<term>" to the entry's totals and the place of its breakdown records. An
 * entry whose records lie outside PREX/PREC or whose position is unknown, or a record naming an
 * extension that does not exist, makes the file corrupt (refused on open), so a query never
 * reads past the records.
 */
import type { IndexArrays } from "./arrays.ts";
import { POSITIONS, PRE_ENTRY_BYTES, PRE_TERM_MAX } from "./format.ts";
import { ZoneIndexError } from "./open.ts";

export interface PreEntry {
  domains: number;
  names: number;
  tldMatch: number;
  /** First record (PREX/PREC index). */
  first: number;
  count: number;
}

export function readPrecomputed(a: IndexArrays): Map<string, PreEntry> {
  const pre = new Map<string, PreEntry>();
  const records = a.preExt.length;
  const E = a.extNames.length;
  for (let r = 0; r < records; r++) {
    if (a.preExt[r] >= E) throw new ZoneIndexError(`precomputed record ${r} names extension ${a.preExt[r]} of ${E}; rebuild the index`);
  }
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
    };
    if (pos === undefined || len > PRE_TERM_MAX || e.first + e.count > records) {
      throw new ZoneIndexError(`precomputed entry ${o / PRE_ENTRY_BYTES} is corrupt; rebuild the index`);
    }
    let term = "";
    for (let i = 0; i < len; i++) term += String.fromCharCode(dv.getUint8(o + 4 + i));
    pre.set(pos + ":" + term, e);
  }
  return pre;
}
