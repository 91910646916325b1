/**
 * The distinct extension sets of a group of names: an open-addressing table over the sets'
 * id lists (a name's postings, which ascend, so equal sets are equal lists). multi-pairs.ts
 * lists sets instead of names: at 100 M synthetic domains the 5.8 M names it lists hold
 * 2.2 M distinct sets, and a common pair's names half as many (1.10 M names, 0.50 M sets
 * for "er").
 *
 * A set is kept as where its first name's postings are in the caller's array (which must
 * stay as it is while the table is used), not as a copy: 16 bytes a set plus the slots,
 * which double when half full (the per-set arrays grow by doubling).
 */
export class ExtSetTable {
  /** Per slot: set index + 1, or 0 when empty. */
  private slots: Int32Array;
  private hashes: Uint32Array;
  /** Per set: where its ids start in the caller's array, and how many there are. */
  at: Uint32Array;
  len: Uint32Array;
  /** Per set: how many times idOf returned it. */
  freq: Uint32Array;
  size = 0;

  /**
   * expected: how many sets to make room for at once. A doubling copies and rehashes
   * everything at once (about 200 ms at 2 M sets), which the serving thread would feel as one
   * long pause; sized up front it never happens for the usual share of sets.
   */
  constructor(expected = 2048) {
    let n = 2048;
    while (n < expected) n *= 2;
    this.slots = new Int32Array(2 * n);
    this.hashes = new Uint32Array(n);
    this.at = new Uint32Array(n);
    this.len = new Uint32Array(n);
    this.freq = new Uint32Array(n);
  }

  /** The index of the set post[s, e) (ascending ids), added when new; counts one use. */
  idOf(post: ArrayLike<number>, s: number, e: number): number {
    let h = 0x811c9dc5 ^ (e - s);
    for (let p = s; p < e; p++) h = Math.imul(h ^ post[p]!, 0x01000193);
    h = (h ^ (h >>> 15)) >>> 0;
    const mask = this.slots.length - 1;
    const n = e - s;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const v = this.slots[i]!;
      if (v === 0) {
        const id = this.add(s, n, h);
        this.slots[i] = id + 1;
        if (this.size * 2 > this.slots.length) this.rehash();
        return id;
      }
      const id = v - 1;
      if (this.hashes[id] !== h || this.len[id] !== n) continue;
      const q = this.at[id]!;
      let same = true;
      for (let j = 0; j < n; j++) {
        if (post[q + j] !== post[s + j]) {
          same = false;
          break;
        }
      }
      if (same) {
        this.freq[id]!++;
        return id;
      }
    }
  }

  private add(s: number, n: number, h: number): number {
    const id = this.size++;
    if (id >= this.at.length) {
      this.at = grown(this.at, id + 1);
      this.len = grown(this.len, id + 1);
      this.freq = grown(this.freq, id + 1);
      this.hashes = grown(this.hashes, id + 1);
    }
    this.at[id] = s;
    this.len[id] = n;
    this.hashes[id] = h;
    this.freq[id] = 1;
    return id;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.size; id++) {
      let i = this.hashes[id]! & mask;
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = id + 1;
    }
    this.slots = slots;
  }
}

function grown(a: Uint32Array, need: number): Uint32Array<ArrayBuffer> {
  let n = a.length * 2;
  while (n < need) n *= 2;
  const b = new Uint32Array(n);
  b.set(a);
  return b;
}
