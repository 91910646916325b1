/**
 * The stored containment counts (sections CNTB/CNTO/CNTD, FORMAT.md; built by
 * index-builder/containment.ts): for a name m, the names holding m after their first
 * character (m's first occurrence in them is at 1 or later), their domains, and the domains
 * of the names ending with m other than m itself. With the names starting with m (one range
 * of the sorted names) they answer zone/lookup's include_counts without a search:
 *   containing = starting + inner, ending = m's own domains + inner ends.
 * Most names hold nothing (about 9 % do at 20 M synthetic domains): a bitmap says which,
 * and CNTO gives the byte offset of each block of 512 names' first entry in CNTD, so a read
 * is a few popcounts, the entries before it in its block skipped (about 23 on average) and
 * its own read. An entry is one byte when it is small (names <= 7, no extra domains, ends
 * <= 7: 40 % of them), else three varints: every byte of CNTD is budget the precomputed
 * terms lose (FORMAT.md).
 */
import { bitCount } from "./bits.ts";
import { putVarint, varintLen } from "./varint.ts";

/** Names per CNTO block: 2^INNER_BLOCK_SHIFT. */
export const INNER_BLOCK_SHIFT = 9;

/** An entry that fits one byte: ((names << 3 | ends) << 1) | 1, below 0x80. */
const fitsByte = (names: number, extra: number, ends: number) => names <= 7 && extra === 0 && ends <= 7;

/** Bytes of the entry (names, domains - names = extra, ends). */
export function innerEntryBytes(names: number, extra: number, ends: number): number {
  return fitsByte(names, extra, ends) ? 1 : varintLen(names * 2) + varintLen(extra) + varintLen(ends);
}

/** Writes the entry at data[q]; returns the position after it. */
export function putInnerEntry(data: Uint8Array, q: number, names: number, extra: number, ends: number): number {
  if (fitsByte(names, extra, ends)) {
    data[q] = (((names << 3) | ends) << 1) | 1;
    return q + 1;
  }
  q = putVarint(data, q, names * 2); // an even first byte: three varints
  q = putVarint(data, q, extra);
  return putVarint(data, q, ends);
}

export interface InnerArrays {
  /** CNTB: u32 words, bit id set when name id has an entry */
  bitmap: Uint32Array;
  /** CNTO: u32[floor(N / 512) + 2], the byte offset in CNTD of each block's first entry; the last = CNTD's length */
  blocks: Uint32Array;
  /** CNTD: per name with an entry, ascending: one byte or three varints (putInnerEntry) */
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
  // the entries before id within its block
  let skip = bitCount(bitmap[word] & ((1 << bit) - 1));
  for (let w = (id >>> INNER_BLOCK_SHIFT) << (INNER_BLOCK_SHIFT - 5); w < word; w++) skip += bitCount(bitmap[w]);
  let p = c.blocks[id >>> INNER_BLOCK_SHIFT];
  for (; skip > 0; skip--) {
    if ((data[p] & 1) === 1) p++;
    else for (let v = 0; v < 3; v++) while (data[p++] & 0x80);
  }
  const first = data[p];
  if ((first & 1) === 1) {
    out.names = first >>> 4;
    out.domains = out.names;
    out.ends = (first >>> 1) & 7;
    return;
  }
  for (let k = 0; k < 3; k++) {
    let b = data[p++];
    let value = b & 0x7f;
    for (let shift = 7; b & 0x80; shift += 7) {
      b = data[p++];
      value += (b & 0x7f) * 2 ** shift;
    }
    if (k === 0) out.names = value / 2;
    else if (k === 1) out.domains = out.names + value;
    else out.ends = value;
  }
}

/** Why these sections cannot be read for N names, or null when their sizes agree. */
export function innerProblem(c: InnerArrays, totalNames: number): string | null {
  if (c.bitmap.length !== (totalNames + 31) >>> 5) return `section CNTB is ${c.bitmap.byteLength} bytes, expected ${((totalNames + 31) >>> 5) * 4}`;
  const blocks = innerBlocks(totalNames);
  if (c.blocks.length !== blocks) return `section CNTO is ${c.blocks.byteLength} bytes, expected ${blocks * 4}`;
  if (c.blocks[c.blocks.length - 1] !== c.data.length) return "section CNTO does not end at CNTD's length";
  return null;
}

/** Entries of CNTO for N names: one a block of 512, and the end. */
export function innerBlocks(totalNames: number): number {
  return (totalNames >>> INNER_BLOCK_SHIFT) + 2;
}
