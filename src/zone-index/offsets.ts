/**
 * Monotone offset arrays (NAMO: where each name starts in NAMB; POSO: where each name's
 * postings start in POST) stored in about 2 bytes an entry instead of 4.
 *
 * Entries are grouped in blocks of 1,024. A block stores the u32 value of its first entry;
 * each entry stores a u16 distance from it. The distance fits when the block's last entry is
 * at most 65,535 past its first:
 * - NAMO always fits: 1,023 names of at most 63 bytes span 64,449 bytes.
 * - POSO fits unless the block's names hold 65,536 domains or more (1.3 domains a name on
 *   average: about 1,300 a block). Such a "wide" block keeps its entries as u32 values in a
 *   side array instead, and its u16 distances are 0.
 * Reading an entry is two loads from arrays the size of the old one's half and a 512th,
 * with no loop: the section costs 2 bytes a name plus 8 a block (FORMAT.md, "Offsets").
 *
 * Why not lengths with sampled offsets (1 byte a name): reading an entry would sum up to a
 * block of lengths, and a binary search over the names reads about 25 entries.
 */

export const OFFSET_BLOCK_SHIFT = 10;
export const OFFSET_BLOCK = 1 << OFFSET_BLOCK_SHIFT;
const MASK = OFFSET_BLOCK - 1;
/** Block's second word when its entries are u16 distances (else: its first entry's index in the wide array). */
export const NARROW = 0xffffffff;
/** Section header: u32 entries, u32 blocks, u32 wide entries, u32 0. */
const HEAD_WORDS = 4;

export class Offsets {
  /** Number of entries (names + 1). */
  readonly length: number;
  /**
   * @param blocks u32 pairs per block: its first entry's value, and NARROW or the index in
   *   `wide` of its first entry
   * @param near u16 per entry: distance from its block's first value (0 in a wide block)
   * @param wide u32 per entry of the wide blocks
   */
  constructor(readonly blocks: Uint32Array, readonly near: Uint16Array, readonly wide: Uint32Array) {
    this.length = near.length;
  }

  /** Entry i (0 <= i < length). */
  at(i: number): number {
    const k = (i >>> OFFSET_BLOCK_SHIFT) << 1;
    const w = this.blocks[k + 1];
    return w === NARROW ? this.blocks[k] + this.near[i] : this.wide[w + (i & MASK)];
  }

  /**
   * Entry i+1 minus entry i (0 <= i < length - 1): a name's length (NAMO) or its domains
   * (POSO). One block read when both lie in one block, as 1,023 of 1,024 do.
   */
  span(i: number): number {
    const j = i + 1;
    if ((j & MASK) === 0) return this.at(j) - this.at(i);
    const w = this.blocks[((i >>> OFFSET_BLOCK_SHIFT) << 1) + 1];
    if (w === NARROW) return this.near[j] - this.near[i];
    const x = w + (i & MASK);
    return this.wide[x + 1] - this.wide[x];
  }

  /** The last entry: the length of the array the offsets point into. */
  last(): number {
    return this.at(this.length - 1);
  }
}

function blocksFor(entries: number): number {
  return Math.ceil(entries / OFFSET_BLOCK);
}

/** Bytes of the section for these offsets (the u16 part padded to 4 bytes). */
export function offsetsBytes(entries: number, wideEntries: number): number {
  return 4 * (HEAD_WORDS + 2 * blocksFor(entries)) + 2 * entries + (entries & 1 ? 2 : 0) + 4 * wideEntries;
}

/** The section bytes for a full offset array (the builder's), little-endian like the file. */
export function packOffsets(full: Uint32Array): Uint8Array {
  const entries = full.length;
  const nb = blocksFor(entries);
  let wideEntries = 0;
  const isWide = new Uint8Array(nb);
  for (let b = 0; b < nb; b++) {
    const first = b << OFFSET_BLOCK_SHIFT;
    const last = Math.min(first + OFFSET_BLOCK, entries) - 1;
    if (full[last] - full[first] > 0xffff) {
      isWide[b] = 1;
      wideEntries += last - first + 1;
    }
  }
  const bytes = new Uint8Array(offsetsBytes(entries, wideEntries));
  const o = viewOffsets(bytes, entries, nb, wideEntries);
  o.head.set([entries, nb, wideEntries, 0]);
  let w = 0;
  for (let b = 0; b < nb; b++) {
    const first = b << OFFSET_BLOCK_SHIFT;
    const end = Math.min(first + OFFSET_BLOCK, entries);
    const base = full[first];
    o.blocks[2 * b] = base;
    if (isWide[b]) {
      o.blocks[2 * b + 1] = w;
      o.wide.set(full.subarray(first, end), w);
      w += end - first;
    } else {
      o.blocks[2 * b + 1] = NARROW;
      for (let i = first; i < end; i++) o.near[i] = full[i] - base;
    }
  }
  return bytes;
}

/** Views over a section's bytes holding these counts (readOffsets checks them against its header first). */
function viewOffsets(bytes: Uint8Array, entries: number, nb: number, wideEntries: number): { head: Uint32Array; blocks: Uint32Array; near: Uint16Array; wide: Uint32Array } {
  const head = new Uint32Array(bytes.buffer, bytes.byteOffset, HEAD_WORDS);
  let at = bytes.byteOffset + 4 * HEAD_WORDS;
  const blocks = new Uint32Array(bytes.buffer, at, 2 * nb);
  at += 8 * nb;
  const near = new Uint16Array(bytes.buffer, at, entries);
  at += 2 * entries + (entries & 1 ? 2 : 0);
  const wide = new Uint32Array(bytes.buffer, at, wideEntries);
  return { head, blocks, near, wide };
}

/**
 * The offsets of a section, or the problem that makes it unreadable. Checks the shape (the
 * header against the section's size and the expected number of entries, every wide block's
 * place in the side array) and that the first entry is 0 and the last is `lastValue`; the
 * values between are covered by the section's checksum.
 */
export function readOffsets(tag: string, bytes: Uint8Array, entries: number, lastValue: number): Offsets | string {
  if (bytes.byteLength < 4 * HEAD_WORDS || (bytes.byteOffset & 3) !== 0) return `section ${tag} is too short for its header`;
  const [n, nb, wideEntries] = new Uint32Array(bytes.buffer, bytes.byteOffset, HEAD_WORDS);
  if (n !== entries) return `section ${tag} holds ${n} offsets where the header's names need ${entries}`;
  if (nb !== blocksFor(n)) return `section ${tag} has ${nb} blocks where ${n} offsets need ${blocksFor(n)}`;
  if (bytes.byteLength !== offsetsBytes(n, wideEntries)) return `section ${tag} is ${bytes.byteLength} bytes where its header says ${offsetsBytes(n, wideEntries)}`;
  const { blocks, near, wide } = viewOffsets(bytes, n, nb, wideEntries);
  let w = 0;
  for (let b = 0; b < nb; b++) {
    const at = blocks[2 * b + 1];
    if (at === NARROW) continue;
    if (at !== w) return `section ${tag}: wide block ${b} starts at ${at} where ${w} was expected`;
    w += Math.min((b + 1) << OFFSET_BLOCK_SHIFT, n) - (b << OFFSET_BLOCK_SHIFT);
  }
  if (w !== wideEntries) return `section ${tag}: its wide blocks hold ${w} entries where its header says ${wideEntries}`;
  const o = new Offsets(blocks, near, wide);
  if (o.at(0) !== 0 || o.last() !== lastValue) return `section ${tag}: offsets run from ${o.at(0)} to ${o.last()} where 0 to ${lastValue} was expected`;
  return o;
}

/** In-memory offsets from a full array (tests and the builder's own reads of what it wrote). */
export function offsetsOf(full: Uint32Array): Offsets {
  const r = readOffsets("offsets", packOffsets(full), full.length, full[full.length - 1]);
  if (typeof r === "string") throw new Error(r);
  return r;
}
