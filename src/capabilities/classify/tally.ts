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
 */
export class Tally {
  private readonly slots = new Map<string, number>();
  private readonly keys: string[] = [];
  private counts = new Int32Array(64);

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
    const at = this.keys.length;
    if (at === this.counts.length) {
      const grown = new Int32Array(at * 2);
      grown.set(this.counts);
      this.counts = grown;
    }
    this.slots.set(k, at);
    this.keys.push(k);
    this.counts[at] = n;
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
