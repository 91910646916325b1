/** The index's arrays as the engine sees them: mapped from a file, or in memory at build time. */
export interface IndexArrays {
  extNames: string[]; // ext id -> extension, ascending
  extCount: Uint32Array; // EXTC
  names: Uint8Array; // NAMB
  nameOff: Uint32Array; // NAMO, N+1
  postStart: Uint32Array; // POSO, N+1
  post: Uint16Array | Uint32Array; // POST
  triOff: Uint32Array; // TRIO, T+1
  triCount: Uint32Array; // TRIC
  triData: Uint8Array; // TRIP
  preEntries: Uint8Array; // PREE (may be empty)
  preRecords: Uint32Array; // PREB as u32 pairs (may be empty)
}
