/**
 * Counting strings for the batch tables (word_stats, tld_stats, the categorize summary) and
 * ranking them: count descending, then code-unit order of the string (not locale order,
 * which would depend on the runtime's ICU data).
 *
 * Cost: one hash look-up per occurrence (a Map from string to a slot in a counts array, not
 * a get-then-set per occurrence), and the ranking is a bucket pass over the counts. Inside a
 * bucket, the keys without an id go through the engine's own comparator-free sort (which is
 * code-unit order), and the keys with an id are ordered by their ids, which follow the
 * code-unit order of their strings (see addIndexed): an insertion sort, or a radix sort of
 * 11 bits a pass over a large bucket, that never reads a string; the two runs are then
 * merged, one string comparison per key, made in line (the engine's comparison of two
 * strings is a runtime call). Sorting the strings themselves read each of them about ten
 * times, and after the splitter's walk they are mostly out of cache.
 *
 * Strings with an id (a lexicon word's index: addIndexed) skip the Map: the tally keeps its
 * own small open-addressing table from id to slot (two Int32 per entry, at most half full),
 * which a batch's few thousand distinct words keep in cache, where a table over every
 * possible id (the lexicon's half a million words) cost a cache miss per word. The id's
 * hash is one multiplication, where a string key is hashed (once per string) and compared.
 */
/** Fibonacci hashing: the top bits of id * 2^32 / golden ratio spread consecutive ids. */
const HASH = 0x9e3779b1 | 0;

/**
 * A tally's content as it crosses to another thread: its keys joined by newlines (no key
 * may hold one: merge() checks), and per key its count and its id (-1: counted by add()).
 * Typed arrays and one string, so that the pool's codec moves them by structured clone.
 */
export interface TallyParts {
  keys: string;
  counts: Int32Array;
  ids: Int32Array;
}

export class Tally {
  private readonly slots = new Map<string, number>();
  private readonly keys: string[] = [];
  private counts = new Int32Array(64);
  /** Per slot: the key's id, or -1 (counted by add()). */
  private ids = new Int32Array(64);
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
    else this.slots.set(k, (slot = this.newSlot(k, n, -1)));
    this.lastKey = k;
    this.lastSlot = slot;
  }

  /**
   * Counts n occurrences (default one) of k, whose id (0 <= id < 2^31 - 1) stands for k
   * and only k in every call; ids follow the code-unit order of their strings (a < b exactly
   * when id(a) < id(b): a lexicon's word indexes do, its words are stored sorted); strings
   * counted by add() must never be ones that have an id.
   */
  addIndexed(k: string, id: number, n = 1): void {
    const table = this.byId,
      mask = table.length - 2;
    let at = (Math.imul(id, HASH) >>> this.shift) << 1;
    for (;;) {
      const held = table[at]!;
      if (held === id + 1) {
        this.counts[table[at + 1]!]! += n;
        return;
      }
      if (held === 0) break;
      at = (at + 2) & mask;
    }
    table[at] = id + 1;
    table[at + 1] = this.newSlot(k, n, id);
    if (this.keys.length * 4 > table.length) this.growIds();
  }

  /** Doubles the id table (kept at most half full: entries * 2 Int32 <= length / 2). */
  private growIds(): void {
    const old = this.byId,
      table = new Int32Array(old.length * 2),
      mask = table.length - 2;
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

  private newSlot(k: string, n: number, id: number): number {
    const at = this.keys.length;
    if (at === this.counts.length) {
      const counts = new Int32Array(at * 2),
        ids = new Int32Array(at * 2);
      counts.set(this.counts);
      ids.set(this.ids);
      this.counts = counts;
      this.ids = ids;
    }
    this.keys.push(k);
    this.counts[at] = n;
    this.ids[at] = id;
    return at;
  }

  /** What this tally holds, for merge() on another thread (see TallyParts). */
  toParts(): TallyParts {
    const n = this.keys.length;
    return { keys: this.keys.join("\n"), counts: this.counts.slice(0, n), ids: this.ids.slice(0, n) };
  }

  /**
   * Adds the counts of another tally's toParts(), whose ids stand for the same strings as
   * this tally's (the same lexicon's word indexes): the ranking is then the one a single
   * tally that counted both would give.
   */
  merge(p: TallyParts): void {
    const n = p.counts.length;
    if (n === 0) return;
    const keys = p.keys.split("\n");
    if (keys.length !== n || p.ids.length !== n) throw new Error(`tally parts: ${keys.length} keys, ${n} counts, ${p.ids.length} ids`);
    for (let i = 0; i < n; i++) {
      const id = p.ids[i]!;
      if (id >= 0) this.addIndexed(keys[i]!, id, p.counts[i]!);
      else this.addMany(keys[i]!, p.counts[i]!);
    }
  }

  /** Distinct strings counted so far. */
  get size(): number {
    return this.keys.length;
  }

  /** One entry per distinct string, count descending, then code-unit order; `make` builds each. */
  ranked<T>(make: (key: string, count: number) => T): T[] {
    const n = this.keys.length,
      keys = this.keys,
      counts = this.counts,
      ids = this.ids;
    const byCount: number[][] = [];
    let max = 0;
    for (let i = 0; i < n; i++) {
      const c = counts[i]!;
      (byCount[c] ??= []).push(i);
      if (c > max) max = c;
    }
    const out: T[] = [];
    const plain: string[] = [];
    const byId = new Int32Array(n),
      spare = new Int32Array(n);
    for (let c = max; c > 0; c--) {
      const bucket = byCount[c];
      if (bucket === undefined) continue;
      plain.length = 0;
      let m = 0;
      for (const slot of bucket) {
        if (ids[slot]! >= 0) byId[m++] = slot;
        else plain.push(keys[slot]!);
      }
      sortById(byId, spare, m, ids);
      plain.sort(); // no comparator: UTF-16 code-unit order, and the keys are distinct
      let a = 0,
        p = 0;
      while (a < m || p < plain.length) {
        if (a < m && (p === plain.length || before(keys[byId[a]!]!, plain[p]!))) out.push(make(keys[byId[a++]!]!, c));
        else out.push(make(plain[p++]!, c));
      }
    }
    return out;
  }
}

/** a < b (code-unit order), compared in line: the engine's string comparison is a runtime call. */
function before(a: string, b: string): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i),
      y = b.charCodeAt(i);
    if (x !== y) return x < y;
  }
  return a.length < b.length;
}

/** Radix counts for sortById (one sort at a time on a thread). */
const RADIX = new Int32Array(2049);

/** Orders slots[0, m) by ids[slot] ascending (the ids are distinct and >= 0); `spare`: room for m. */
function sortById(slots: Int32Array, spare: Int32Array, m: number, ids: Int32Array): void {
  if (m < 48) {
    for (let x = 1; x < m; x++) {
      const v = slots[x]!,
        id = ids[v]!;
      let y = x - 1;
      while (y >= 0 && ids[slots[y]!]! > id) {
        slots[y + 1] = slots[y]!;
        y--;
      }
      slots[y + 1] = v;
    }
    return;
  }
  let top = 0;
  for (let x = 0; x < m; x++) if (ids[slots[x]!]! > top) top = ids[slots[x]!]!;
  // Least significant 11 bits first; each pass is stable, so the order of the lower bits holds.
  let from = slots,
    to = spare;
  for (let shift = 0; shift < 32 && (shift === 0 || top >>> shift !== 0); shift += 11) {
    RADIX.fill(0);
    for (let x = 0; x < m; x++) RADIX[((ids[from[x]!]! >>> shift) & 2047) + 1]!++;
    for (let r = 1; r <= 2048; r++) RADIX[r]! += RADIX[r - 1]!;
    for (let x = 0; x < m; x++) {
      const slot = from[x]!;
      to[RADIX[(ids[slot]! >>> shift) & 2047]!++] = slot;
    }
    [from, to] = [to, from];
  }
  if (from !== slots) slots.set(from.subarray(0, m));
}
