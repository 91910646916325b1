/**
 * zone/lookup without counts, a batch at a time, with the cache misses of different names
 * overlapped ("group prefetching", as in the interleaved index lookups of the database
 * literature).
 *
 * A name's search is a chain of dependent reads over a mapping far larger than the caches:
 * the jump entry, the sampled keys of its bucket (a binary search), the offsets and bytes
 * of the few names left, its postings start, its postings. Done one name at a time each
 * read waits for the one before, so a name cost about ten memory latencies. Here a group
 * of GROUP names goes through the chain stage by stage: every name of the group reads its
 * jump entry, then every name takes one step of its key search (the steps of different
 * names are independent loads, so the CPU keeps several in flight), and so on. JS has no
 * prefetch instruction; a stage that only touches the lines a later stage will read
 * (`warm`) plays that role, its loads summed into a field so that none is dropped.
 *
 * Guarantees: the same answers as the one-at-a-time search (names.ts findNameIn,
 * name-keys.ts findNameKeyed, Engine.holdsExt; src/zone-index/lookup-batch.test.ts holds
 * them to it): a range of names is narrowed by binary search only while it is longer than
 * LINEAR (so a long run of names tying on their sampled key stays O(log n)), then scanned
 * in order. Nothing is allocated per name; the scratch arrays belong to the instance, so
 * one instance serves one thread at a time.
 */
import type { IndexArrays } from "./arrays.ts";
import { jumpCodeOf } from "./jump.ts";
import { KEY_CHARS, SAMPLE_EVERY } from "./name-keys.ts";

/** Names whose searches advance together. */
export const GROUP = 32;
/** A range of at most this many names is scanned in order rather than halved. */
const LINEAR = 4;
/** Cache lines of name bytes touched ahead per range: 15 to 31 names of about 10 bytes. */
const WARM_LINES = 5;
const SAMPLE_SHIFT = Math.log2(SAMPLE_EVERY);
/** Every TOP_EVERY-th sampled key is copied to a top level: a bucket's key search reads a
 *  line or two of it, then one line of the samples, instead of a binary search over all of
 *  a bucket's samples (about 250 at 20 M domains: four or five lines, each a miss). */
const TOP_EVERY = 16;
const TOP_SHIFT = 4;
if (2 ** SAMPLE_SHIFT !== SAMPLE_EVERY) throw new Error("SAMPLE_EVERY must be a power of two");

/**
 * A plain row (no counts): out[o] flags, out[o + 1] extensions_registered (0 when the name
 * is unsupported). Counts, when asked, follow in the row (index.ts).
 */
export const LOOKUP_REGISTERED = 1;
export const LOOKUP_NO_EXTENSION = 2;
export const LOOKUP_UNSUPPORTED = 4;
/** exts[i] for a name given without an extension; -1 is an extension the index does not hold. */
export const NO_EXT = -2;

export class LookupBatch {
  // per name of the group: the id range still searched, then the postings range
  private readonly lo = new Int32Array(GROUP);
  private readonly hi = new Int32Array(GROUP);
  // the key search: key, first sample, samples left, the bucket's samples [jLo, jHi)
  private readonly key = new Float64Array(GROUP);
  private readonly base = new Int32Array(GROUP);
  private readonly len = new Int32Array(GROUP);
  private readonly jLo = new Int32Array(GROUP);
  private readonly jHi = new Int32Array(GROUP);
  private readonly id = new Int32Array(GROUP);
  /** Sum of the warm-up reads (kept so that the compiler cannot drop them). */
  sink = 0;

  constructor(private readonly a: IndexArrays) {}

  /**
   * The plain row of every name strs[i].slice(0, ends[i]) under extension id exts[i]
   * (NO_EXT: none given) into out[i * stride], out[i * stride + 1].
   * keys: the sampled name keys (name-keys.ts), or null while they are not built.
   */
  rows(strs: readonly string[], ends: Int32Array, exts: Int32Array, keys: Uint32Array | null, out: Uint32Array, stride: number): void {
    const n = strs.length;
    for (let at = 0; at < n; at += GROUP) {
      const g = Math.min(GROUP, n - at);
      this.buckets(strs, ends, at, g);
      if (keys !== null) this.narrowByKeys(strs, ends, keys, at, g);
      this.warmNames(g);
      const id = this.id;
      for (let j = 0; j < g; j++) id[j] = this.lo[j] < this.hi[j] ? this.find(strs[at + j], ends[at + j], this.lo[j], this.hi[j]) : -1;
      this.postings(ends, exts, out, stride, at, g);
    }
  }

  /** 1. The jump bucket of every name: one independent read each. */
  private buckets(strs: readonly string[], ends: Int32Array, at: number, g: number): void {
    const k = this.a.jumpChars;
    const jump = this.a.jump;
    const lo = this.lo;
    const hi = this.hi;
    for (let j = 0; j < g; j++) {
      const code = jumpCodeOf(strs[at + j], 0, ends[at + j], k);
      const c = code < 0 ? 0 : code;
      lo[j] = jump[c];
      hi[j] = code < 0 ? lo[j] : jump[c + 1];
    }
  }

  /**
   * 2. Within buckets of more than SAMPLE_EVERY names, the sampled keys: a branch-free
   * lower-bound search (the step taken is arithmetic, not a jump, so a mispredicted branch
   * never discards the other names' loads in flight), one step per name per round; then
   * the names up to the next sample whose key is greater (name-keys.ts says why that range
   * holds the name if it exists).
   */
  private narrowByKeys(strs: readonly string[], ends: Int32Array, keys: Uint32Array, at: number, g: number): void {
    const k = this.a.jumpChars;
    const top = this.topOf(keys);
    const { lo, hi, key, base, len, jLo, jHi } = this;
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

  private topKeys: Uint32Array | null = null;
  private top = new Uint32Array(0);

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

  /**
   * 3. Touches the offsets and the bytes of every name range left (a few cache lines each),
   * all names' reads independent, before any comparison needs them.
   */
  private warmNames(g: number): void {
    const off = this.a.nameOff;
    const names = this.a.names;
    const lastName = names.length - 1;
    if (lastName < 0) return;
    const { lo, hi, base, len } = this;
    let sink = 0;
    for (let j = 0; j < g; j++) {
      const l = lo[j];
      const h = hi[j] > l ? hi[j] : l;
      sink += off[(l + h) >>> 1];
      base[j] = off[l];
      len[j] = off[h];
    }
    for (let j = 0; j < g; j++) {
      const s = base[j] < lastName ? base[j] : lastName;
      const e = len[j] > s ? len[j] - 1 : s;
      for (let p = 0; p < WARM_LINES; p++) {
        const x = s + p * 64;
        sink += names[x < e ? x : e];
      }
    }
    this.sink = sink;
  }

  /**
   * 4. Postings start and end of every name found (independent reads), a touch of each
   * first posting, then its flags and count.
   */
  private postings(ends: Int32Array, exts: Int32Array, out: Uint32Array, stride: number, at: number, g: number): void {
    const ps = this.a.postStart;
    const post = this.a.post;
    const { id, lo, hi } = this;
    let sink = 0;
    for (let j = 0; j < g; j++) {
      const x = id[j] < 0 ? 0 : id[j];
      const s = ps[x];
      const e = ps[x + 1];
      lo[j] = id[j] < 0 ? 0 : s;
      hi[j] = id[j] < 0 ? 0 : e;
      sink += post[s];
    }
    this.sink += sink;
    for (let j = 0; j < g; j++) {
      const i = at + j;
      const o = i * stride;
      const x = exts[i];
      let flags = 0;
      if (x === NO_EXT) flags = LOOKUP_NO_EXTENSION;
      else if (x >= 0 && holds(post, lo[j], hi[j], x)) flags = LOOKUP_REGISTERED;
      if (ends[i] < 2) {
        out[o] = flags | LOOKUP_UNSUPPORTED;
      } else {
        out[o] = flags;
        out[o + 1] = hi[j] - lo[j];
      }
    }
  }

  /** Id of the name s[0, end) among the ids [lo, hi) (all sharing its first k characters), or -1. */
  private find(s: string, end: number, lo: number, hi: number): number {
    const names = this.a.names;
    const off = this.a.nameOff;
    const skip = end < this.a.jumpChars ? end : this.a.jumpChars;
    while (hi - lo > LINEAR) {
      const m = (lo + hi) >>> 1;
      const d = compare(names, off[m], off[m + 1], s, skip, end);
      if (d === 0) return m;
      if (d < 0) lo = m + 1;
      else hi = m;
    }
    for (let m = lo; m < hi; m++) {
      const d = compare(names, off[m], off[m + 1], s, skip, end);
      if (d === 0) return m;
      if (d > 0) return -1;
    }
    return -1;
  }
}

/** Whether the ascending postings post[lo, hi) hold extension id x. */
export function holds(post: Uint16Array | Uint32Array, lo: number, hi: number, x: number): boolean {
  while (lo < hi) {
    const m = (lo + hi) >>> 1;
    const v = post[m];
    if (v === x) return true;
    if (v < x) lo = m + 1;
    else hi = m;
  }
  return false;
}

/** Byte order of the stored name bytes[ns, ne) against s[0, end), both known equal before skip. */
function compare(names: Uint8Array, ns: number, ne: number, s: string, skip: number, end: number): number {
  const len = ne - ns;
  const n = len < end ? len : end;
  for (let i = skip; i < n; i++) {
    const d = names[ns + i] - s.charCodeAt(i);
    if (d !== 0) return d;
  }
  return len - end;
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
