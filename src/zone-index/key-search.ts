/**
 * The sampled-key search (name-keys.ts) for a group of names at once, the second stage of
 * a lookup batch (lookup-batch.ts). Every name of the group advances one step per round,
 * and the step is arithmetic, not a branch: `base += half & -(keys[m] < key)`. With an `if`,
 * a mispredicted branch on a key just loaded would discard every later load in flight,
 * the other names' included, and the rounds would wait on one miss at a time.
 *
 * A top level holds every TOP_EVERY-th sampled key (1/256 of the names, derived from the
 * keys on first use: 240 KB at 15.4 M names, 1.2 MB at 78 M). A bucket's search reads a
 * line or two of it, then one line of samples, instead of a binary search over all of the
 * bucket's samples (about 250 at 20 M domains, 1,250 at 100 M: 4-6 lines, each a miss).
 * The range it leaves is the one findNameKeyed leaves, so the answers are the same.
 */
import { KEY_CHARS, SAMPLE_EVERY } from "./name-keys.ts";
import { jumpCodeOf } from "./jump.ts";

const SAMPLE_SHIFT = Math.log2(SAMPLE_EVERY);
if (2 ** SAMPLE_SHIFT !== SAMPLE_EVERY) throw new Error("SAMPLE_EVERY must be a power of two");
const TOP_SHIFT = 4;
const TOP_EVERY = 1 << TOP_SHIFT;

export class GroupKeySearch {
  // per name: key, first entry and entries left of the search, the bucket's samples [jLo, jHi)
  private readonly key: Float64Array;
  private readonly base: Int32Array;
  private readonly len: Int32Array;
  private readonly jLo: Int32Array;
  private readonly jHi: Int32Array;
  private topKeys: Uint32Array | null = null;
  private top = new Uint32Array(0);

  constructor(group: number) {
    this.key = new Float64Array(group);
    this.base = new Int32Array(group);
    this.len = new Int32Array(group);
    this.jLo = new Int32Array(group);
    this.jHi = new Int32Array(group);
  }

  /**
   * Narrows [lo[j], hi[j]), the jump bucket of name j of the group (strs[at + j] up to
   * ends[at + j]; k: the jump prefix length), when it holds more than SAMPLE_EVERY names:
   * the first sample whose key is >= the name's (top level, then samples), then the names
   * up to the next sample whose key is greater (name-keys.ts says why that range holds the
   * name if it exists). A name whose key characters are not name characters gets an
   * empty range.
   */
  narrow(k: number, keys: Uint32Array, strs: readonly string[], ends: Int32Array, at: number, g: number, lo: Int32Array, hi: Int32Array): void {
    const top = this.topOf(keys);
    const { key, base, len, jLo, jHi } = this;
    let widest = 0;
    let active = 0;
    for (let j = 0; j < g; j++) {
      len[j] = 0;
      if (hi[j] - lo[j] <= SAMPLE_EVERY) continue;
      const c = jumpCodeOf(strs[at + j], k, ends[at + j], KEY_CHARS);
      if (c < 0) {
        hi[j] = lo[j];
        continue;
      }
      key[j] = c;
      jLo[j] = (lo[j] + SAMPLE_EVERY - 1) >>> SAMPLE_SHIFT;
      jHi[j] = (hi[j] + SAMPLE_EVERY - 1) >>> SAMPLE_SHIFT;
      // the top entries inside the bucket's samples: t in [base, base + len)
      base[j] = (jLo[j] + TOP_EVERY - 1) >>> TOP_SHIFT;
      len[j] = ((jHi[j] + TOP_EVERY - 1) >>> TOP_SHIFT) - base[j];
      if (len[j] > widest) widest = len[j];
      active++;
    }
    if (active === 0) return;
    // the first top entry >= key, then the samples between it and the one before
    this.lowerBounds(top, g, widest);
    widest = 0;
    for (let j = 0; j < g; j++) {
      if (hi[j] - lo[j] <= SAMPLE_EVERY) continue;
      const tLo = (jLo[j] + TOP_EVERY - 1) >>> TOP_SHIFT;
      const t = len[j] === 0 ? base[j] : base[j] + (top[base[j]] < key[j] ? 1 : 0);
      const from = t > tLo ? ((t - 1) << TOP_SHIFT) + 1 : jLo[j];
      const to = t << TOP_SHIFT < jHi[j] ? t << TOP_SHIFT : jHi[j];
      base[j] = from;
      len[j] = to - from;
      if (len[j] > widest) widest = len[j];
    }
    this.lowerBounds(keys, g, widest);
    for (let j = 0; j < g; j++) {
      if (hi[j] - lo[j] <= SAMPLE_EVERY) continue;
      const l = len[j] === 0 ? base[j] : base[j] + (keys[base[j]] < key[j] ? 1 : 0);
      let u = l;
      if (u < jHi[j] && keys[u] === key[j]) u = upperBound(keys, key[j], u + 1, jHi[j]);
      if (l > jLo[j]) lo[j] = ((l - 1) << SAMPLE_SHIFT) + 1;
      if (u < jHi[j]) hi[j] = u << SAMPLE_SHIFT;
    }
  }

  /**
   * Branch-free lower bounds of key[j] in arr[base[j], base[j] + len[j]), one step per name
   * per round (a mispredicted branch would discard the other names' loads in flight). After
   * it, the answer of a name with len > 0 is base + (arr[base] < key); with len 0, base.
   */
  private lowerBounds(arr: Uint32Array, g: number, widest: number): void {
    const { key, base, len } = this;
    for (let rounds = widest; rounds > 1; rounds = (rounds + 1) >>> 1) {
      for (let j = 0; j < g; j++) {
        const n = len[j];
        if (n <= 1) continue;
        const half = n >>> 1;
        base[j] += half & -(arr[base[j] + half] < key[j]);
        len[j] = n - half;
      }
    }
  }

  /** Every TOP_EVERY-th sampled key (derived once per keys array, 1/256 of the names). */
  private topOf(keys: Uint32Array): Uint32Array {
    if (this.topKeys !== keys) {
      const top = new Uint32Array(Math.ceil(keys.length / TOP_EVERY));
      for (let t = 0; t < top.length; t++) top[t] = keys[t << TOP_SHIFT];
      this.top = top;
      this.topKeys = keys;
    }
    return this.top;
  }
}

/** First j in [l, h) with keys[j] > key (keys ascending), h when none. */
function upperBound(keys: Uint32Array, key: number, l: number, h: number): number {
  while (l < h) {
    const m = (l + h) >>> 1;
    if (keys[m] <= key) l = m + 1;
    else h = m;
  }
  return l;
}
