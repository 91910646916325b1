/**
 * The stored containment counts (sections CNTB/CNTO/CNTD, FORMAT.md; built by
 * index-builder/containment.ts): for a name m, the names holding m after their first
 * character (m's first occurrence in them is at 1 or later), their domains, and the domains
 * of the names ending with m other than m itself. With the names starting with m (one range
 * of the sorted names) they answer zone/lookup's include_counts without a search:
 *   containing = starting + inner, ending = m's own domains + inner ends.
 * Most names hold nothing (about 9 % do at 20 M synthetic domains): a bitmap says which,
 * and CNTO gives the byte offset of each block of 64 names' first entry in CNTD, so a read
 * is a popcount, at most 63 skipped entries (about 6 on average) and three varints.
 */
import { bitCount } from "./bits.ts";

export interface InnerArrays {
  /** CNTB: u32 words, bit id set when name id has an entry */
  bitmap: Uint32Array;
  /** CNTO: u32[floor(N / 64) + 2], the byte offset in CNTD of each block's first entry; the last = CNTD's length */
  blocks: Uint32Array;
  /** CNTD: per name with an entry, ascending: varints names, domains - names, ends */
  data: Uint8Array;
}

export interface Inner {
  names: number;
  domains: number;
  ends: number;
}

/** Writes name id's inner counts into out (zeros when it has no entry). */
export function readInner(c: InnerArrays, id: number, out: Inner): void {
  const { bitmap, data } = c;
  const word = id >>> 5;
  const bit = id & 31;
  if ((bitmap[word] & (1 << bit)) === 0) {
    out.names = 0;
    out.domains = 0;
    out.ends = 0;
    return;
  }
  // entries before id within its block of 64 names
  let skip = bitCount(bitmap[word] & ((1 << bit) - 1));
  if ((word & 1) === 1) skip += bitCount(bitmap[word - 1]);
  let p = c.blocks[id >>> 6];
  for (let v = 3 * skip; v > 0; v--) while (data[p++] & 0x80);
  let value = 0;
  for (let k = 0; k < 3; k++) {
    let b = data[p++];
    value = b & 0x7f;
    for (let shift = 7; b & 0x80; shift += 7) {
      b = data[p++];
      value += (b & 0x7f) * 2 ** shift;
    }
    if (k === 0) out.names = value;
    else if (k === 1) out.domains = out.names + value;
    else out.ends = value;
  }
}

/** Why these sections cannot be read for N names, or null when their sizes agree. */
export function innerProblem(c: InnerArrays, totalNames: number): string | null {
  if (c.bitmap.length !== (totalNames + 31) >>> 5) return `section CNTB is ${c.bitmap.byteLength} bytes, expected ${((totalNames + 31) >>> 5) * 4}`;
  if (c.blocks.length !== (totalNames >>> 6) + 2) return `section CNTO is ${c.blocks.byteLength} bytes, expected ${((totalNames >>> 6) + 2) * 4}`;
  if (c.blocks[c.blocks.length - 1] !== c.data.length) return "section CNTO does not end at CNTD's length";
  return null;
}
