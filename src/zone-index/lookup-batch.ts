/**
 * zone/lookup without counts, a batch at a time, with the cache misses of different names
 * overlapped ("group prefetching", as in the interleaved index lookups of the database
 * literature).
 *
 * A name's search is a chain of dependent reads over a mapping far larger than the caches:
 * the jump entry, the sampled keys of its bucket (a binary search), the offsets and bytes
 * of the few names left, its postings start, its postings; on a machine with 4 KB pages
 * most of them are also a TLB miss. Done one name at a time each read waits for the one
 * before. Here a group of GROUP names goes through the chain stage by stage: every name of
 * the group reads its jump entry, then every name takes one step of its key search per
 * round (the steps of different names are independent loads, so the CPU keeps many in
 * flight), and so on. Two things make the overlap real: the key search is branch-free
 * (key-search.ts: a mispredicted branch on a loaded key would discard every later load in
 * flight, the other names' included); and, JS having no prefetch instruction, a stage that
 * only touches the lines the search will read (warmNames) plays that role, its loads
 * summed into a field so that none is dropped.
 *
 * Guarantees: the same answers as the one-at-a-time search (names.ts findNameIn,
 * name-keys.ts findNameKeyed, Engine.holdsExt; lookup-batch.test.ts holds them to it); a
 * range of names is halved while it is longer than LINEAR (so a bucket searched without
 * the keys, or a long run of names tying on their sampled key, stays O(log n)), then
 * scanned in order. Nothing is allocated per name; the scratch arrays belong to the
 * instance, so one instance serves one thread at a time.
 */
import type { IndexArrays } from "./arrays.ts";
import { jumpCodeOf } from "./jump.ts";
import { GroupKeySearch } from "./key-search.ts";

/** Names whose searches advance together. */
export const GROUP = 32;
/** A range of at most this many names is scanned in order rather than halved. */
const LINEAR = 4;
/** Cache lines of name bytes touched ahead per range: 15 to 31 names of about 10 bytes. */
const WARM_LINES = 5;

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
  // per name of the group: the id range still searched (then the postings range), the
  // range's bytes in NAMB, the id found
  private readonly lo = new Int32Array(GROUP);
  private readonly hi = new Int32Array(GROUP);
  private readonly nameFrom = new Int32Array(GROUP);
  private readonly nameTo = new Int32Array(GROUP);
  private readonly id = new Int32Array(GROUP);
  private readonly keySearch = new GroupKeySearch(GROUP);
  /** Sum of the warm-up reads (kept so that the compiler cannot drop them). */
  sink = 0;

  constructor(private readonly a: IndexArrays) {}

  /**
   * The plain row of every name strs[i].slice(0, ends[i]) under extension id exts[i]
   * (NO_EXT: none given) into out[i * stride], out[i * stride + 1].
   * keys: the sampled name keys (name-keys.ts), or null while they are not built.
   * ids (optional): receives every name's id, -1 when the index does not hold it.
   */
  rows(
    strs: readonly string[],
    ends: Int32Array,
    exts: Int32Array,
    keys: Uint32Array | null,
    out: Uint32Array,
    stride: number,
    ids: Int32Array | null = null,
  ): void {
    const n = strs.length;
    for (let at = 0; at < n; at += GROUP) {
      const g = Math.min(GROUP, n - at);
      this.buckets(strs, ends, at, g);
      if (keys !== null) this.keySearch.narrow(this.a.jumpChars, keys, strs, ends, at, g, this.lo, this.hi);
      this.warmNames(g);
      const id = this.id;
      for (let j = 0; j < g; j++) id[j] = this.lo[j] < this.hi[j] ? this.find(strs[at + j], ends[at + j], this.lo[j], this.hi[j]) : -1;
      if (ids !== null) ids.set(id.subarray(0, g), at);
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
   * 3. (2 is key-search.ts.) Touches the offsets and the bytes of every name range left (a
   * few cache lines each), all names' reads independent, before any comparison needs them.
   */
  private warmNames(g: number): void {
    const off = this.a.nameOff;
    const names = this.a.names;
    const lastName = names.length - 1;
    if (lastName < 0) return;
    const { lo, hi, nameFrom, nameTo } = this;
    let sink = 0;
    for (let j = 0; j < g; j++) {
      const l = lo[j];
      const h = hi[j] > l ? hi[j] : l;
      sink += off.at((l + h) >>> 1);
      nameFrom[j] = off.at(l);
      nameTo[j] = off.at(h);
    }
    for (let j = 0; j < g; j++) {
      const s = nameFrom[j] < lastName ? nameFrom[j] : lastName;
      const e = nameTo[j] > s ? nameTo[j] - 1 : s;
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
      const s = ps.at(x);
      const e = s + ps.span(x);
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
      const from = off.at(m);
      const d = compare(names, from, from + off.span(m), s, skip, end);
      if (d === 0) return m;
      if (d < 0) lo = m + 1;
      else hi = m;
    }
    let to = off.at(lo); // lo <= N: a valid entry even when the range is empty
    for (let m = lo; m < hi; m++) {
      const from = to;
      to = from + off.span(m);
      const d = compare(names, from, to, s, skip, end);
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
