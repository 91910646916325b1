/**
 * Encodes precomputed entries as the PREE, PREX and PREC sections (FORMAT.md): one 48-byte
 * entry per (position, term), its records (extension id, domains) in two parallel arrays.
 */
import { POSITIONS, PRE_ENTRY_BYTES, type Position } from "../src/zone-index/format.ts";

export interface Entry {
  pos: Position;
  term: string;
  domains: number;
  names: number;
  tldMatch: number;
  records: number[]; // ext, count pairs, final order
}

export function encodeEntries(entries: Entry[], extIdBytes: 2 | 4): { entries: Uint8Array; recordExt: Uint16Array | Uint32Array; recordCount: Uint32Array; count: number } {
  const nRec = entries.reduce((s, e) => s + e.records.length / 2, 0);
  const eb = new Uint8Array(entries.length * PRE_ENTRY_BYTES);
  const dv = new DataView(eb.buffer);
  const recordExt = extIdBytes === 2 ? new Uint16Array(nRec) : new Uint32Array(nRec);
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
      recordExt[first] = e.records[r]!;
      recordCount[first++] = e.records[r + 1]!;
    }
  });
  return { entries: eb, recordExt, recordCount, count: entries.length };
}
