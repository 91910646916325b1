/**
 * The distinct extension sets of a group of names: an open-addressing table over the sets'
 * id lists (a name's postings, which ascend, so equal sets are equal lists). multi-pairs.ts
 * lists sets instead of names: at 100 M synthetic domains the 5.8 M names it lists hold
 * 2.2 M distinct sets, and a common pair's names half as many (1.10 M names, 0.50 M sets
 * for "er").
 *
 * Memory is proportional to the distinct sets: the slots double when half full, and the
 * per-set arrays and the id store grow by doubling.
 */
export class ExtSetTable {
  /** Per slot: set index + 1, or 0 when empty. */
  private slots = new Int32Array(1 << 12);
  private hashes = new Uint32Array(1 << 11);
  /** Per set: where its ids start in `ids`; start[size] is the end of the last (see finish). */
  start = new Uint32Array(1 << 11);
  /** Per set: how many times idOf returned it. */
  freq = new Uint32Array(1 << 11);
  ids = new Uint32Array(1 << 14);
  size = 0;
  /** Ids stored: the end of the last set's. */
  used = 0;

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
        const id = this.add(post, s, e, h);
        this.slots[i] = id + 1;
        if (this.size * 2 > this.slots.length) this.rehash();
        return id;
      }
      const id = v - 1;
      if (this.hashes[id] !== h) continue;
      const q = this.start[id]!;
      const m = (id + 1 < this.size ? this.start[id + 1]! : this.used) - q;
      if (m !== n) continue;
      let same = true;
      for (let j = 0; j < n; j++) {
        if (this.ids[q + j] !== post[s + j]) {
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

  private add(post: ArrayLike<number>, s: number, e: number, h: number): number {
    const id = this.size++;
    if (id >= this.start.length) {
      this.start = grown(this.start, id + 1);
      this.freq = grown(this.freq, id + 1);
      this.hashes = grown(this.hashes, id + 1);
    }
    if (this.used + (e - s) > this.ids.length) this.ids = grown(this.ids, this.used + (e - s));
    this.start[id] = this.used;
    for (let p = s; p < e; p++) this.ids[this.used++] = post[p]!;
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
