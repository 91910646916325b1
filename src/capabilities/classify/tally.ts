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
 * Strings with a dense id (a lexicon word's index: addIndexed) skip the Map altogether: a
 * per-thread table gives the slot of each id in the tally that last counted it, stamped with
 * that tally's number. A tally trusts the table only while no other tally has stamped since
 * its own last stamp; once one has (two tallies filled in turn), it moves its ids into its
 * Map and counts them there from then on, so interleaving costs speed, never a wrong count.
 */
/** Per thread: the slot of each id in the tally numbered stampOf[id] (0 = none). */
let slotOf = new Int32Array(0);
let stampOf = new Int32Array(0);
/** The number of the tally that stamped last (0 = none yet). */
let lastStamper = 0;
let tallies = 0;

export class Tally {
  private readonly slots = new Map<string, number>();
  private readonly keys: string[] = [];
  private counts = new Int32Array(64);
  /** This tally's stamp number, 0 before its first addIndexed(). */
  private number = 0;
  /** Whether every key counted by id is in the table (false: in `slots`, like any other). */
  private stamped = true;

  /** Counts one occurrence of k. */
  add(k: string): void {
    this.addMany(k, 1);
  }

  /** Counts n occurrences of k (n >= 1). */
  addMany(k: string, n: number): void {
    const slot = this.slots.get(k);
    if (slot !== undefined) {
      this.counts[slot]! += n;
      return;
    }
    this.slots.set(k, this.newSlot(k, n));
  }

  /**
   * Counts one occurrence of k, whose id (0 <= id < space) stands for k and only k in every
   * call; strings counted by add() must never be ones that have an id.
   */
  addIndexed(k: string, id: number, space: number): void {
    if (this.number === 0) this.number = (tallies = (tallies % 0x7fffffff) + 1);
    else if (this.stamped && lastStamper !== this.number) this.unstamp();
    if (space > slotOf.length) {
      if (this.keys.length > 0) this.unstamp(); // its stamps go with the old table
      slotOf = new Int32Array(space);
      stampOf = new Int32Array(space);
    }
    if (!this.stamped) {
      this.addMany(k, 1);
      return;
    }
    lastStamper = this.number;
    const slot = slotOf[id]!;
    // The key check guards against a stamp left by an older tally that had the same number.
    if (stampOf[id] === this.number && this.keys[slot] === k) {
      this.counts[slot]! += 1;
      return;
    }
    stampOf[id] = this.number;
    slotOf[id] = this.newSlot(k, 1);
  }

  /** Another tally has stamped: the keys counted by id so far move to the Map. */
  private unstamp(): void {
    this.stamped = false;
    this.keys.forEach((k, slot) => { if (!this.slots.has(k)) this.slots.set(k, slot); });
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
