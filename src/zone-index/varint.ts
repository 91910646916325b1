/**
 * LEB128 varints, the encoding of every id list of the index (TRIP in the file, the derived
 * multi-pair lists in memory; FORMAT.md): 7 bits a byte, low bits first, the high bit set on
 * every byte but the last. Values are below 2^30 (FORMAT.md limits), so at most 5 bytes.
 * The readers decode inline in their loops (contains.ts, multi-pairs.ts): those loops visit
 * millions of entries per query and a call per entry measurably slows them.
 */
export function varintLen(v: number): number {
  return v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5;
}

/** Writes v at data[q]; returns the position after it. */
export function putVarint(data: Uint8Array, q: number, v: number): number {
  while (v >= 0x80) {
    data[q++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  data[q++] = v;
  return q;
}
