/**
 * The precompute's long terms: contains and ends terms of 4 to 12 characters that very many
 * names hold ("shop", "online", "ations"). Their live count decodes long trigram lists and
 * checks every candidate against its bytes, a few hundred nanoseconds a matching name: 50 to
 * 120 ms at 100 M domains for the commonest, where the 2- and 3-letter terms are answered
 * from stored records. Storing them all is out of the file's byte budget (at 100 M domains
 * about 10,000 terms hold 40,000 names or more), so precompute.ts stores the costliest
 * first, as many as the budget leaves room for.
 *
 * Which terms: found on a sample of the names (every stride-th, SAMPLE_NAMES of them; the
 * names are sorted, so the sample spreads over the whole index), a term kept when its sample
 * count, scaled, reaches minNames. A term of 5+ characters is only extended while each new
 * 4-character window is itself frequent (every window of a frequent term is), which keeps
 * the sample pass to a few hundred milliseconds. The estimate only ranks the candidates: the
 * fill pass counts the chosen ones exactly over every name, and precompute.ts drops a term
 * whose exact count falls short.
 *
 * The matcher (LongTerms) finds them in a name during the fill: at each position the
 * 4-character window ending there is looked up in a bitmap of the chosen terms' first four
 * characters (234 KB, cached), and only on a hit are the terms starting with it compared.
 */
import { ALPHABET, PRE_TERM_MAX, SYMBOL } from "../src/zone-index/format.ts";

/** The shortest long term (shorter ones are the precompute's pairs and trigrams). */
export const LONG_TERM_MIN = 4;
/** Names sampled to find the candidates. */
export const SAMPLE_NAMES = 250_000;
const QUADS = ALPHABET ** 4;
const CHARS = "-0123456789abcdefghijklmnopqrstuvwxyz";

export interface Candidate {
  term: string;
  /** Names holding it, estimated from the sample. */
  names: number;
}

/** Terms of 4 to PRE_TERM_MAX characters held by about minNames names or more, most held first. */
export function sampleLongTerms(names: Uint8Array, nameOff: Uint32Array, minNames: number): Candidate[] {
  const n = nameOff.length - 1;
  const stride = Math.max(1, Math.ceil(n / SAMPLE_NAMES));
  const minHits = Math.max(2, Math.floor(minNames / stride));
  // 1. the 4-character windows of the sample, each counted once per name
  const quad = new Uint32Array(QUADS);
  const seen = new Uint32Array(QUADS);
  forEachQuad(names, nameOff, stride, (g, stamp) => {
    if (seen[g] !== stamp) {
      seen[g] = stamp;
      quad[g]++;
    }
  });
  const frequent = (g: number) => quad[g] >= minHits;
  // 2. longer terms: extended a character at a time while the window it adds is frequent
  const longer = new SampledTerms(names);
  for (let id = 0, stamp = 1; id < n; id += stride, stamp++) {
    const s = nameOff[id];
    const e = nameOff[id + 1];
    for (let p = s; p + 5 <= e; p++) {
      let g = quadAt(names, p);
      if (!frequent(g)) continue;
      let h = g;
      for (let q = p + 4; q < e && q - p < PRE_TERM_MAX; q++) {
        g = (g % ALPHABET ** 3) * ALPHABET + SYMBOL[names[q]];
        if (!frequent(g)) break;
        h = Math.imul(h ^ names[q], 0x01000193);
        longer.add(h, p, q + 1 - p, stamp);
      }
    }
  }
  const out: Candidate[] = [];
  for (let g = 0; g < QUADS; g++) if (frequent(g)) out.push({ term: quadString(g), names: quad[g] * stride });
  longer.forEach(minHits, (term, hits) => out.push({ term, names: hits * stride }));
  return out.sort((x, y) => y.names - x.names || (x.term < y.term ? -1 : 1));
}

/**
 * The sample's terms of 5+ characters and the names holding each: an open-addressing table
 * keyed by the term's bytes in the names (a position and a length) and a hash the caller
 * rolls along the term. (A Map of strings, one string built per step, took 1.2-1.5 s of
 * the sample at 20 M domains.)
 */
class SampledTerms {
  private mask = (1 << 16) - 1;
  private hash = new Int32Array(this.mask + 1);
  private pos = new Uint32Array(this.mask + 1);
  private len = new Uint8Array(this.mask + 1); // 0: an empty slot
  private hits = new Uint32Array(this.mask + 1);
  private stamp = new Uint32Array(this.mask + 1);
  private used = 0;

  constructor(private readonly names: Uint8Array) {}

  /** Counts the term names[p, p + len) once for the name `stamp`. */
  add(h: number, p: number, len: number, stamp: number): void {
    const { names, hash, pos } = this;
    for (let i = slotOf(h, this.mask); ; i = (i + 1) & this.mask) {
      if (this.len[i] === 0) {
        hash[i] = h;
        pos[i] = p;
        this.len[i] = len;
        this.hits[i] = 1;
        this.stamp[i] = stamp;
        if (++this.used * 2 > this.mask) this.grow();
        return;
      }
      if (hash[i] === h && this.len[i] === len && sameBytes(names, pos[i], p, len)) {
        if (this.stamp[i] !== stamp) {
          this.hits[i]++;
          this.stamp[i] = stamp;
        }
        return;
      }
    }
  }

  /** f(term, hits) for every term held by at least minHits names. */
  forEach(minHits: number, f: (term: string, hits: number) => void): void {
    for (let i = 0; i <= this.mask; i++) {
      if (this.len[i] !== 0 && this.hits[i] >= minHits) f(String.fromCharCode(...this.names.subarray(this.pos[i], this.pos[i] + this.len[i])), this.hits[i]);
    }
  }

  private grow(): void {
    const { hash, pos, len, hits, stamp } = this;
    this.mask = 2 * this.mask + 1;
    this.hash = new Int32Array(this.mask + 1);
    this.pos = new Uint32Array(this.mask + 1);
    this.len = new Uint8Array(this.mask + 1);
    this.hits = new Uint32Array(this.mask + 1);
    this.stamp = new Uint32Array(this.mask + 1);
    for (let j = 0; j < len.length; j++) {
      if (len[j] === 0) continue;
      let i = slotOf(hash[j], this.mask);
      while (this.len[i] !== 0) i = (i + 1) & this.mask;
      this.hash[i] = hash[j];
      this.pos[i] = pos[j];
      this.len[i] = len[j];
      this.hits[i] = hits[j];
      this.stamp[i] = stamp[j];
    }
  }
}

function slotOf(h: number, mask: number): number {
  const x = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return (x ^ (x >>> 16)) & mask;
}

function sameBytes(names: Uint8Array, a: number, b: number, len: number): boolean {
  for (let k = 0; k < len; k++) if (names[a + k] !== names[b + k]) return false;
  return true;
}

function quadAt(names: Uint8Array, p: number): number {
  return ((SYMBOL[names[p]] * ALPHABET + SYMBOL[names[p + 1]]) * ALPHABET + SYMBOL[names[p + 2]]) * ALPHABET + SYMBOL[names[p + 3]];
}

function quadString(g: number): string {
  let s = "";
  for (let i = 0; i < 4; i++, g = Math.floor(g / ALPHABET)) s = CHARS[g % ALPHABET] + s;
  return s;
}

/** f(window, stamp) for every 4-character window of every stride-th name (stamp: one per name). */
function forEachQuad(names: Uint8Array, nameOff: Uint32Array, stride: number, f: (g: number, stamp: number) => void): void {
  const n = nameOff.length - 1;
  for (let id = 0, stamp = 1; id < n; id += stride, stamp++) {
    const e = nameOff[id + 1];
    for (let p = nameOff[id]; p + 4 <= e; p++) f(quadAt(names, p), stamp);
  }
}

/**
 * The chosen long terms as the fill pass matches them (plain typed arrays: it travels to
 * the builder's worker by structured clone). Terms are grouped by their first four
 * characters; each has a contains row and an ends row of the precompute matrix.
 */
export interface LongTerms {
  /** Bit g set when some term starts with window g. */
  heads: Uint32Array;
  /** Per window: the first term starting with it (valid where its bit is set). */
  first: Int32Array;
  /** Per term: its first window; its bytes; its rows. */
  head: Int32Array;
  bytes: Uint8Array;
  off: Uint32Array;
  containsRow: Int32Array;
  endsRow: Int32Array;
}

/** The matcher of these terms (4 to 12 characters, distinct); rows[i] = [contains row, ends row]. */
export function longTermsOf(terms: string[], rows: [number, number][]): LongTerms {
  const order = terms.map((_, i) => i).sort((x, y) => (terms[x] < terms[y] ? -1 : terms[x] > terms[y] ? 1 : 0));
  const t = order.map((i) => terms[i]);
  const bytes = new TextEncoder().encode(t.join(""));
  const off = new Uint32Array(t.length + 1);
  t.forEach((s, i) => (off[i + 1] = off[i] + s.length));
  const lt: LongTerms = {
    heads: new Uint32Array((QUADS >>> 5) + 1),
    first: new Int32Array(QUADS),
    head: new Int32Array(t.length),
    bytes,
    off,
    containsRow: Int32Array.from(order, (i) => rows[i][0]),
    endsRow: Int32Array.from(order, (i) => rows[i][1]),
  };
  for (let i = t.length - 1; i >= 0; i--) {
    const g = quadAt(bytes, off[i]);
    lt.head[i] = g;
    lt.heads[g >>> 5] |= 1 << (g & 31);
    lt.first[g] = i; // sorted, so the terms of one window are adjacent; the loop ends on the first
  }
  return lt;
}

/**
 * Adds to rows[nr..] the rows of the long terms that start at names[p] (its first window
 * is g) within a name ending at e; returns the new count. A term's contains row is added
 * once per name (seen[term] = stamp), its ends row when it ends where the name does; each
 * row added counts the name in named[row] (a long term's names are only known here; the
 * short terms' come exact from the first pass).
 */
export function matchLongAt(
  lt: LongTerms,
  names: Uint8Array,
  p: number,
  e: number,
  g: number,
  stamp: number,
  seen: Uint32Array,
  rows: Int32Array,
  nr: number,
  named: Uint32Array,
): number {
  const { off, bytes, head } = lt;
  for (let i = lt.first[g]; i < head.length && head[i] === g; i++) {
    const len = off[i + 1] - off[i];
    if (p + len > e) continue;
    let j = 4;
    while (j < len && names[p + j] === bytes[off[i] + j]) j++;
    if (j < len) continue;
    if (seen[i] !== stamp) {
      seen[i] = stamp;
      const r = lt.containsRow[i];
      rows[nr++] = r;
      named[r]++;
    }
    if (p + len === e) {
      const r = lt.endsRow[i];
      rows[nr++] = r;
      named[r]++;
    }
  }
  return nr;
}
