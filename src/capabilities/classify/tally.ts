/**
 * Counting strings for the batch tables (word_stats, tld_stats, the categorize summary) and
 * ranking them: count descending, then code-unit order of the string (not locale order,
 * which would depend on the runtime's ICU data).
 *
 * Cost: one hash look-up per occurrence (a Map from string to a slot in a counts array, not
 * a get-then-set per occurrence), and the ranking is a bucket pass over the counts with the
 * engine's own comparator-free sort inside each bucket (which is code-unit order), instead
 * of one sort with a two-key JavaScript comparator over every entry. Most words of a batch
 * occur once, so nearly all of the sorting is native.
 *
 * Strings with an id (a lexicon word's index: addIndexed) skip the Map: the tally keeps its
 * own small open-addressing table from id to slot (two Int32 per entry, at most half full),
 * which a batch's few thousand distinct words keep in cache, where a table over every
 * possible id (the lexicon's half a million words) cost a cache miss per word. The id's
 * hash is one multiplication, where a string key is hashed (once per string) and compared.
 */
/** Fibonacci hashing: the top bits of id * 2^32 / golden ratio spread consecutive ids. */
const HASH = 0x9e3779b1 | 0;

export class Tally {
  private readonly slots = new Map<string, number>();
  private readonly keys: string[] = [];
  private counts = new Int32Array(64);
  /** The key addMany() counted last and its slot (null: none yet). */
  private lastKey: string | null = null;
  private lastSlot = 0;
  /** id + 1 (0 = empty) and its slot, per entry (2^bits entries); `shift` = 32 - bits. */
  private byId: Int32Array;
  private shift: number;

  /** `ids`: about how many distinct ids addIndexed() will see (the id table is sized for them, and grows past them). */
  constructor(ids = 64) {
    let bits = 8;
    while (1 << bits < ids * 2 && bits < 24) bits++;
    this.byId = new Int32Array(2 << bits);
    this.shift = 32 - bits;
  }

  /** Counts one occurrence of k. */
  add(k: string): void {
    this.addMany(k, 1);
  }

  /**
   * Counts n occurrences of k (n >= 1). The same key as the call before (a run of one
   * extension in a list, "nu", "nu", ...) is counted without the Map: comparing two short
   * strings is cheaper than hashing a new one.
   */
  addMany(k: string, n: number): void {
    if (k === this.lastKey) {
      this.counts[this.lastSlot]! += n;
      return;
    }
    let slot = this.slots.get(k);
    if (slot !== undefined) this.counts[slot]! += n;
    else this.slots.set(k, (slot = this.newSlot(k, n)));
    this.lastKey = k;
    this.lastSlot = slot;
  }

  /**
   * Counts one occurrence of k, whose id (0 <= id < 2^31 - 1) stands for k and only k in
   * every call; strings counted by add() must never be ones that have an id.
   */
  addIndexed(k: string, id: number): void {
    const table = this.byId, mask = table.length - 2;
    let at = (Math.imul(id, HASH) >>> this.shift) << 1;
    for (;;) {
      const held = table[at]!;
      if (held === id + 1) {
        this.counts[table[at + 1]!]! += 1;
        return;
      }
      if (held === 0) break;
      at = (at + 2) & mask;
    }
    table[at] = id + 1;
    table[at + 1] = this.newSlot(k, 1);
    if (this.keys.length * 4 > table.length) this.growIds();
  }

  /** Doubles the id table (kept at most half full: entries * 2 Int32 <= length / 2). */
  private growIds(): void {
    const old = this.byId, table = new Int32Array(old.length * 2), mask = table.length - 2;
    this.shift--;
    for (let e = 0; e < old.length; e += 2) {
      const held = old[e]!;
      if (held === 0) continue;
      let at = (Math.imul(held - 1, HASH) >>> this.shift) << 1;
      while (table[at] !== 0) at = (at + 2) & mask;
      table[at] = held;
      table[at + 1] = old[e + 1]!;
    }
    this.byId = table;
  }

  private newSlot(k: string, n: number): number {
    const at = this.keys.length;
    if (at === this.counts.length) {
      const grown = new Int32Array(at * 2);
      grown.set(this.counts);
      this.counts = grown;
    }
    this.keys.push(k);
    this.counts[at] = n;
    return at;
  }

  /** Counts every space-separated word of s (empty words are skipped). */
  addWords(s: string): void {
    let at = 0;
    for (;;) {
      const sp = s.indexOf(" ", at);
      const end = sp < 0 ? s.length : sp;
      if (end > at) this.add(s.slice(at, end));
      if (sp < 0) return;
      at = sp + 1;
    }
  }

  /** Distinct strings counted so far. */
  get size(): number {
    return this.keys.length;
  }

  /** One entry per distinct string, count descending, then code-unit order; `make` builds each. */
  ranked<T>(make: (key: string, count: number) => T): T[] {
    const n = this.keys.length;
    const byCount: string[][] = [];
    let max = 0;
    for (let i = 0; i < n; i++) {
      const c = this.counts[i]!;
      (byCount[c] ??= []).push(this.keys[i]!);
      if (c > max) max = c;
    }
    const out: T[] = [];
    for (let c = max; c > 0; c--) {
      const bucket = byCount[c];
      if (bucket === undefined) continue;
      bucket.sort(); // no comparator: UTF-16 code-unit order, and the keys are distinct
      for (const k of bucket) out.push(make(k, c));
    }
    return out;
  }
}
