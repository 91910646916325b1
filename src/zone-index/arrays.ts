import type { InnerArrays } from "./inner.ts";
import type { Offsets } from "./offsets.ts";

/** The index's arrays as the engine sees them: mapped from a file, or in memory at build time. */
export interface IndexArrays {
  extNames: string[]; // ext id -> extension, ascending
  extCount: Uint32Array; // EXTC
  extFlags: Uint8Array; // EXTF: EXT_COMPLETE per extension
  names: Uint8Array; // NAMB
  nameOff: Offsets; // NAMO, N+1 (offsets.ts)
  jumpChars: number; // NAMJ k
  jump: Uint32Array; // NAMJ table, 38^k + 1 first ids (jump.ts)
  postStart: Offsets; // POSO, N+1 (offsets.ts)
  post: Uint16Array | Uint32Array; // POST
  triOff: Uint32Array; // TRIO, T+1
  triCount: Uint32Array; // TRIC
  triData: Uint8Array; // TRIP
  preEntries: Uint8Array; // PREE (may be empty)
  preExt: Uint16Array | Uint32Array; // PREX (may be empty)
  preCount: Uint8Array; // PREC: one LEB128 varint per PREX record
  inner: InnerArrays | null; // CNTB/CNTO/CNTD, null in a file built before them
}
