/**
 * The merge of a bucket's sorted suffix records with the names of the bucket
 * (containment.ts, top comment), and the per-thread output it fills.
 */
import type { InnerCounts } from "./containment.ts";
import { POW, cmpFrom, keyOf, type Records } from "./containment-keys.ts";

export class Output {
  ids = new Uint32Array(1024);
  names = new Uint32Array(1024);
  domains = new Uint32Array(1024);
  ends = new Uint32Array(1024);
  n = 0;
  push(id: number, names: number, domains: number, ends: number): void {
    if (this.n === this.ids.length) {
      const grow = (x: Uint32Array) => {
        const y = new Uint32Array(x.length * 2);
        y.set(x);
        return y;
      };
      this.ids = grow(this.ids);
      this.names = grow(this.names);
      this.domains = grow(this.domains);
      this.ends = grow(this.ends);
    }
    const i = this.n++;
    this.ids[i] = id;
    this.names[i] = names;
    this.domains[i] = domains;
    this.ends[i] = ends;
  }
  finish(): InnerCounts {
    return { ids: this.ids.slice(0, this.n), names: this.names.slice(0, this.n), domains: this.domains.slice(0, this.n), ends: this.ends.slice(0, this.n) };
  }
}

/**
 * The merge of one bucket's sorted suffixes with its names (see the top of the file). The
 * stack holds the names that are prefixes of the current element, shortest at the bottom.
 */
export class Merge {
  private readonly id = new Int32Array(80);
  private readonly len = new Int32Array(80);
  /** the keys of the strings that start with the name's first `shown` characters: [low, high) */
  private readonly low = new Float64Array(80);
  private readonly high = new Float64Array(80);
  private readonly pos = new Int32Array(80);
  private readonly cnt = new Float64Array(80);
  private readonly dom = new Float64Array(80);
  private readonly end = new Float64Array(80);
  private top = -1;
  /** Characters the keys show: 2 (the bucket) + the bucket's key characters. */
  private shown = 8;

  constructor(
    private readonly names: Uint8Array,
    private readonly nameOff: Uint32Array,
    private readonly out: Output,
  ) {}

  /** Merges g's n records (keys of `chars` characters) with the names [n0, n1). */
  bucket(chars: number, n: number, g: Records, n0: number, n1: number): void {
    const { names, nameOff } = this;
    const shown = (this.shown = 2 + chars);
    const before = this.out.n;
    this.top = -1;
    let j = n0;
    let rx = 0;
    while (j < n1) {
      const np = nameOff[j];
      const nl = nameOff[j + 1] - np;
      if (nl < 2) {
        j++;
        continue;
      }
      const nk = keyOf(names, np, np + nl, 2, chars);
      // the records before the name
      for (; rx < n; rx++) {
        const kx = g.key[rx];
        const lx = g.len[rx];
        let c = nk - kx;
        if (c === 0) c = nl > shown && lx > shown ? cmpFrom(names, np, nl, g.pos[rx], lx, shown) : nl - lx;
        if (c <= 0) break;
        this.popUntilPrefixOf(kx, lx, g.pos[rx]);
        this.add(lx, g.w[rx], g.f[rx]);
      }
      this.popUntilPrefixOf(nk, nl, np);
      const t = ++this.top;
      this.id[t] = j;
      this.len[t] = nl;
      const div = POW[shown - (nl < shown ? nl : shown)];
      this.low[t] = Math.floor(nk / div) * div;
      this.high[t] = this.low[t] + div;
      this.pos[t] = np;
      this.cnt[t] = 0;
      this.dom[t] = 0;
      this.end[t] = 0;
      j++;
    }
    for (; rx < n; rx++) {
      this.popUntilPrefixOf(g.key[rx], g.len[rx], g.pos[rx]);
      this.add(g.len[rx], g.w[rx], g.f[rx]);
    }
    while (this.top >= 0) this.pop();
    sortTail(this.out, before);
  }

  /** A suffix of length lx, weight w, first occurrence from length f: counts for every name on the stack at least f long. */
  private add(lx: number, w: number, f: number): void {
    const t = this.top;
    if (t < 0) return;
    if (this.len[t] === lx) this.end[t] += w;
    if (this.len[t] < f) return; // every name on the stack occurs earlier in the suffix's name
    this.cnt[t] += 1;
    this.dom[t] += w;
    if (f > 2) {
      let k = t;
      while (k >= 0 && this.len[k] >= f) k--;
      if (k >= 0) {
        this.cnt[k] -= 1;
        this.dom[k] -= w;
      }
    }
  }

  /** Pops the names that are not prefixes of the string with key kx (characters 2..), length lx, bytes at px. */
  private popUntilPrefixOf(kx: number, lx: number, px: number): void {
    const all = this.shown;
    while (this.top >= 0) {
      const t = this.top;
      const lm = this.len[t];
      if (lm <= lx && kx >= this.low[t] && kx < this.high[t]) {
        let q = all;
        const pm = this.pos[t];
        while (q < lm && this.names[pm + q] === this.names[px + q]) q++;
        if (q >= lm) return;
      }
      this.pop();
    }
  }

  private pop(): void {
    const t = this.top--;
    const c = this.cnt[t];
    const d = this.dom[t];
    const e = this.end[t];
    if (c !== 0 || d !== 0 || e !== 0) this.out.push(this.id[t], c, d, e);
    if (t > 0) {
      this.cnt[t - 1] += c;
      this.dom[t - 1] += d;
    }
  }
}

/** Sorts out's entries from `from` on by id (a bucket's names leave the stack deepest last). */
function sortTail(out: Output, from: number): void {
  const n = out.n - from;
  if (n < 2) return;
  const order = Array.from({ length: n }, (_, i) => from + i).sort((x, y) => out.ids[x] - out.ids[y]);
  const copy = (a: Uint32Array) => {
    const v = order.map((i) => a[i]);
    for (let i = 0; i < n; i++) a[from + i] = v[i];
  };
  copy(out.ids);
  copy(out.names);
  copy(out.domains);
  copy(out.ends);
}
