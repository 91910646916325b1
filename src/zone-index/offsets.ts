/**
 * Monotone offset arrays (NAMO: where each name starts in NAMB; POSO: where each name's
 * postings start in POST) stored in about 2 bytes an entry instead of 4.
 *
 * Entries are grouped in blocks of 1,024. A block stores the u32 value of its first entry;
 * each entry stores a u16 distance from it. The distance fits when the block's last entry is
 * at most 65,534 past its first:
 * - NAMO always fits: 1,023 names of at most 63 bytes span 64,449 bytes.
 * - POSO fits unless the block's names hold 65,535 domains or more (1.3 domains a name on
 *   average: about 1,300 a block). Such a "wide" block keeps its entries as u32 values in a
 *   side array instead, and each of its u16 is WIDE (0xFFFF), which no distance is.
 * Reading a narrow entry is two loads (its u16 and its block's base) and a test of the u16
 * already loaded, with no loop; a name's length or domains (span) is two adjacent u16. The
 * section costs 2 bytes a name plus 8 a block (FORMAT.md, "Offsets").
 *
 * Why not lengths with sampled offsets (1 byte a name): reading an entry would sum up to a
 * block of lengths, and a binary search over the names reads about 25 entries.
 */

export const OFFSET_BLOCK_SHIFT = 10;
export const OFFSET_BLOCK = 1 << OFFSET_BLOCK_SHIFT;
const MASK = OFFSET_BLOCK - 1;
/** Block's second word when its entries are u16 distances (else: its first entry's index in the wide array). */
export const NARROW = 0xffffffff;
/** The u16 of every entry of a wide block; a narrow block's distances are below it. */
export const WIDE = 0xffff;
/** Section header: u32 entries, u32 blocks, u32 wide entries, u32 0. */
const HEAD_WORDS = 4;

export class Offsets {
  /** Number of entries (names + 1). */
  readonly length: number;
  /** Per block: its first entry's value. */
  readonly base: Uint32Array;
  /** Per block: NARROW, or the index in `wide` of its first entry. */
  readonly wideAt: Uint32Array;

  /**
   * @param blocks u32 pairs per block, as in the file: base, then NARROW or the wide index
   * @param near u16 per entry: distance from its block's first value (WIDE in a wide block)
   * @param wide u32 per entry of the wide blocks
   */
  constructor(
    blocks: Uint32Array,
    readonly near: Uint16Array,
    readonly wide: Uint32Array,
  ) {
    this.length = near.length;
    // the pairs apart (a few hundred KB at most), so a narrow entry is two loads: its u16
    // and its block's base, and the u16 itself says whether the block is wide
    const nb = blocks.length >>> 1;
    this.base = new Uint32Array(nb);
    this.wideAt = new Uint32Array(nb);
    for (let b = 0; b < nb; b++) {
      this.base[b] = blocks[2 * b];
      this.wideAt[b] = blocks[2 * b + 1];
    }
  }

  /** Entry i (0 <= i < length). */
  at(i: number): number {
    const v = this.near[i];
    return v !== WIDE ? this.base[i >>> OFFSET_BLOCK_SHIFT] + v : this.wide[this.wideAt[i >>> OFFSET_BLOCK_SHIFT] + (i & MASK)];
  }

  /**
   * Entry i+1 minus entry i (0 <= i < length - 1): a name's length (NAMO) or its domains
   * (POSO): the two u16 alone when both lie in one narrow block, as 1,023 of 1,024 do.
   */
  span(i: number): number {
    const j = i + 1;
    const v = this.near[i];
    if ((j & MASK) !== 0 && v !== WIDE) return this.near[j] - v;
    return this.at(j) - this.at(i);
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
    if (full[last] - full[first] >= WIDE) {
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
      o.near.fill(WIDE, first, end);
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
function viewOffsets(
  bytes: Uint8Array,
  entries: number,
  nb: number,
  wideEntries: number,
): { head: Uint32Array; blocks: Uint32Array; near: Uint16Array; wide: Uint32Array } {
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
 * place in the side array and its entries' WIDE mark) and that the first entry is 0 and the
 * last is `lastValue`; the narrow distances between are covered by the section's checksum
 * (scanning them here would cost every open a pass over 2 bytes a name).
 */
export function readOffsets(tag: string, bytes: Uint8Array, entries: number, lastValue: number): Offsets | string {
  if (bytes.byteLength < 4 * HEAD_WORDS || (bytes.byteOffset & 3) !== 0) return `section ${tag} is too short for its header`;
  const [n, nb, wideEntries] = new Uint32Array(bytes.buffer, bytes.byteOffset, HEAD_WORDS);
  if (n !== entries) return `section ${tag} holds ${n} offsets where the header's names need ${entries}`;
  if (nb !== blocksFor(n)) return `section ${tag} has ${nb} blocks where ${n} offsets need ${blocksFor(n)}`;
  if (bytes.byteLength !== offsetsBytes(n, wideEntries))
    return `section ${tag} is ${bytes.byteLength} bytes where its header says ${offsetsBytes(n, wideEntries)}`;
  const { blocks, near, wide } = viewOffsets(bytes, n, nb, wideEntries);
  let w = 0;
  for (let b = 0; b < nb; b++) {
    const at = blocks[2 * b + 1];
    if (at === NARROW) continue;
    if (at !== w) return `section ${tag}: wide block ${b} starts at ${at} where ${w} was expected`;
    const first = b << OFFSET_BLOCK_SHIFT;
    const end = Math.min(first + OFFSET_BLOCK, n);
    for (let i = first; i < end; i++) if (near[i] !== WIDE) return `section ${tag}: entry ${i} of wide block ${b} is not marked wide`;
    w += end - first;
  }
  if (w !== wideEntries) return `section ${tag}: its wide blocks hold ${w} entries where its header says ${wideEntries}`;
  const o = new Offsets(blocks, near, wide);
  if (o.at(0) !== 0 || o.last() !== lastValue) return `section ${tag}: offsets run from ${o.at(0)} to ${o.last()} where 0 to ${lastValue} was expected`;
  return o;
}
