/**
 * A trie of the lexicon's words for the splitter: from each start position of a name it
 * extends a candidate word one character at a time, and asks at each step "is this a word,
 * and can a word go on?".
 *
 * Layout: one open-addressing table of three Int32 per slot: [key, word, letters]. key =
 * (parent node << 7) | character code (the words are ASCII: lexicon-format.ts), -1 when the
 * slot is free; word = the index of the word that ends at this node, or -1 when its string is
 * only a prefix; letters = the node's children among a-z, bit c - 97 for character c
 * (lettersOf). A node IS its slot, so a step is one hash of a small integer and one 12-byte
 * slot read (its neighbours on a collision mostly sit in the same cache line at a load of
 * about 0.65), and since a key is compared whole, a step has no false positive and no word to
 * compare. The root is the node `root`, one slot past the last one the hash reaches.
 *
 * Why the letters: a walk from a start position ends with a step to a letter no word goes on
 * with, a third of the splitter's steps past the third letter, and learning so from the
 * child's slot would be a probe far away (a cache miss). The node's own slot, which the step
 * before has just read, says so instead: the table is 24 MB rather than 16, and the splitter
 * 6 % faster (bench/classify/RESULTS.md; a fourth Int32 to keep slots on 16-byte bounds,
 * 32 MB, is no faster).
 *
 * Guarantees: child() finds exactly the strings that begin some word; wordOf() gives the
 * index of the first copy of the word in the blob, as Lexicon.find() does (lexicon.test.ts
 * checks every word both ways).
 *
 * Cost: 24 MB for the shipped lexicon (1.35 million nodes in 2^21 slots), built in one pass
 * over the sorted word blob (one probe per node) in 0.09-0.15 s.
 */

/** Keys are (parent node << CHAR_BITS) | character. */
const CHAR_BITS = 7;
/** Fibonacci hashing: the top bits of key * 2^32 / phi. */
const GOLDEN = 0x9e3779b1 | 0;
/** A table is rebuilt one size up when more than this share of its slots is taken. */
const MAX_LOAD = 2 / 3;
/** Int32 per slot: key, word, letters. */
const SLOT = 3;

export class WordTrie {
  readonly root: number;
  /** The slots, SLOT Int32 each, the root's last: all a trie is (fromTable rebuilds one from them on another thread). */
  readonly table: Int32Array;
  private readonly shift: number;
  private readonly mask: number;

  /** The trie of the "\n"-separated words of blob; word i is the i-th line. */
  constructor(blob: Uint8Array, words: number, table: Int32Array = buildTable(blob, words)) {
    const cap = table.length / SLOT - 1,
      bits = Math.log2(cap);
    if (!Number.isInteger(bits) || bits < 1) throw new Error(`lexicon trie: ${table.length} Int32 is no power-of-two slot table`);
    this.table = table;
    this.shift = 32 - bits;
    this.mask = cap - 1;
    this.root = cap;
  }

  /** The trie whose slots are `table` (another trie's, shared between threads). */
  static fromTable(table: Int32Array): WordTrie {
    return new WordTrie(NO_BLOB, 0, table);
  }

  /** The node reached from `node` by character code c (< 128), or -1 when no word begins so. */
  child(node: number, c: number): number {
    const key = (node << CHAR_BITS) | c,
      table = this.table;
    let slot = Math.imul(key, GOLDEN) >>> this.shift;
    for (;;) {
      const k = table[SLOT * slot]!;
      if (k === key) return slot;
      if (k === -1) return -1;
      slot = (slot + 1) & this.mask;
    }
  }

  /** Index of the word that ends at `node`, or -1. */
  wordOf(node: number): number {
    return this.table[SLOT * node + 1]!;
  }

  /** The letters a-z that some word goes on with after `node`: bit c - 97 for character c. */
  lettersOf(node: number): number {
    return this.table[SLOT * node + 2]!;
  }
}

const NO_BLOB = new Uint8Array(0);

function buildTable(blob: Uint8Array, words: number): Int32Array {
  // About 2.3 nodes per word in English word lists: start at three slots per word and
  // grow when the words hold more prefixes than that.
  let bits = 1;
  while (2 ** bits < words * 3) bits++;
  for (;;) {
    const table = fill(blob, bits);
    if (table !== null) return table;
    bits++;
  }
}

/**
 * The table for 2^bits slots, or null when the words' prefixes fill more than MAX_LOAD of it.
 * The walk of each word starts where it parts from the previous one (the blob is sorted, so
 * most of a word's prefix was just walked): the nodes are created in the same order as by a
 * walk from the root, so the table is the same, in a third of the probes.
 */
function fill(blob: Uint8Array, bits: number): Int32Array | null {
  const cap = 2 ** bits,
    shift = 32 - bits,
    mask = cap - 1,
    root = cap,
    limit = cap * MAX_LOAD;
  if ((root << CHAR_BITS) >>> 0 > 0x7fffffff) throw new Error("lexicon trie: too many words for 31-bit keys");
  const table = new Int32Array((cap + 1) * SLOT);
  for (let s = 0; s <= cap; s++) table[SLOT * s] = table[SLOT * s + 1] = -1;
  /** path[d] = the node of the previous word's first d characters. */
  let path = new Int32Array(64);
  path[0] = root;
  let nodes = 0,
    word = 0,
    at = 0,
    prevAt = 0,
    prevLen = 0;
  for (;;) {
    let end = at;
    while (end < blob.length && blob[end] !== 10) end++;
    const len = end - at;
    if (len >= path.length) {
      const longer = new Int32Array(len * 2);
      longer.set(path);
      path = longer;
    }
    let same = 0;
    const common = Math.min(len, prevLen);
    while (same < common && blob[at + same] === blob[prevAt + same]) same++;
    let node = path[same]!;
    for (let q = same; q < len; q++) {
      const ch = blob[at + q]!;
      if (ch >= 128) throw new Error("lexicon trie: a word holds a non-ASCII byte");
      const key = (node << CHAR_BITS) | ch;
      let slot = Math.imul(key, GOLDEN) >>> shift;
      while (table[SLOT * slot] !== -1 && table[SLOT * slot] !== key) slot = (slot + 1) & mask;
      if (table[SLOT * slot] === -1) {
        if (++nodes > limit) return null;
        table[SLOT * slot] = key;
        if (ch >= 97 && ch <= 122) table[SLOT * node + 2]! |= 1 << (ch - 97);
      }
      node = slot;
      path[q + 1] = node;
    }
    if (len > 0 && table[SLOT * node + 1] === -1) table[SLOT * node + 1] = word; // the first copy wins
    if (end >= blob.length) return table;
    prevAt = at;
    prevLen = len;
    word++;
    at = end + 1;
  }
}
