/**
 * The counting engine over IndexArrays (figures as defined in docs/zone.md). Guarantees: every figure is exact;
 * answers come from one of two paths that must agree (the builder counts the precomputed
 * table in two passes over the names, index-builder/precompute.ts; test/zone compares both
 * paths with a brute-force count):
 * - precomputed (PREE, PREX/PREC): terms that match very many names (all 2-letter terms, frequent
 *   3-letter ones) carry total, distinct names, tld_match and the sorted breakdown. A filter
 *   of one extension is answered from it too (for one extension, domains = distinct names);
 *   a filter of several from its records plus a visit of the matching names registered in
 *   two or more extensions (pre-answers.ts).
 * - live: the matching names come from a prefix range (starts) or the trigram index
 *   (contains; ends = the trigram candidates whose last bytes are the term, so no second
 *   order of the names is stored); their postings fill a reused histogram.
 * Per query, allocation is the result object only; the histogram, touched list and
 * candidate buffers are reused, so one engine must serve one thread at a time.
 */
import type { IndexArrays } from "./arrays.ts";
import { forEachBitIn, forEachContaining, Scratch } from "./contains.ts";
import { findNameIn, nameEndsWith, prefixEndFrom, prefixRange } from "./names.ts";
import { readInner, type Inner, type InnerArrays } from "./inner.ts";
import { findNameKeyed } from "./name-keys.ts";
import type { Position } from "./format.ts";
import { precomputedProblem, readPrecomputed, type PreEntry } from "./precomputed.ts";
import type { Steps } from "./steps.ts";
import { ExtensionIds } from "./extensions.ts";
import { countFiltered, countPrecomputed, repeatsOf, type PreTally } from "./pre-answers.ts";
import { Derived } from "./derived.ts";
import { holds } from "./lookup-batch.ts";
import type { MultiPairs } from "./multi-pairs.ts";

export interface Tally {
  total: number; // matching domains
  names: number; // distinct matching names
  exact: number; // domains whose name equals the term
  tldMatch: number;
  breakdown: { tld: string; count: number }[];
}

export class Engine {
  private hist: Uint32Array;
  private touched: Uint32Array;
  private nTouched = 0;
  private scratch = new Scratch();
  private readonly pre: Map<string, PreEntry>;
  private readonly extIds: ExtensionIds;
  private sortKeys: Float64Array;

  constructor(readonly a: IndexArrays) {
    const e = a.extNames.length;
    this.hist = new Uint32Array(e);
    this.touched = new Uint32Array(e);
    this.sortKeys = new Float64Array(e);
    this.extIds = new ExtensionIds(a.extNames);
    this.pre = readPrecomputed(a);
    this.derived = new Derived(a);
  }

  /** The checks of the file's structure too long for every open (precomputedProblem), in slices; null when sound. */
  structureProblem(): Steps<string | null> {
    return precomputedProblem(this.a, this.pre);
  }

  /** Extension id of s[start, end), or -1 (no substring made). */
  extIdIn(s: string, start: number, end: number): number {
    return this.extIds.idIn(s, start, end);
  }

  get totalDomains(): number {
    return this.a.post.length;
  }
  get totalNames(): number {
    return this.a.nameOff.length - 1;
  }
  extIdOf(ext: string): number {
    return this.extIds.idOf(ext);
  }
  hasPrecomputed(pos: Position, term: string): boolean {
    return this.pre.has(pos + ":" + term);
  }

  /**
   * Calls visit(id) for every name matching (term, pos), in ascending ids; with a mask (a
   * bitmap over name ids), only for the matching names whose bit is set.
   */
  forEachMatch(term: string, pos: Position, visit: (id: number) => void, mask: Uint32Array | null = null): void {
    const a = this.a;
    if (pos === "starts") {
      const [lo, hi] = prefixRange(a, term);
      if (mask === null) for (let i = lo; i < hi; i++) visit(i);
      else forEachBitIn(mask, lo, hi, visit);
    } else {
      forEachContaining(a, this.scratch, term, visit, pos === "ends", mask);
    }
  }

  /** In-memory structures derived from the file (derived.ts). */
  readonly derived: Derived;

  /**
   * repeatsOf (pre-answers.ts) summed over the names matching (term, pos) that hold two or
   * more domains: a contains or ends term of 2 letters, or of 3 that is a common trigram,
   * from its list of extension sets (multi-pairs.ts), anything else through forEachMatch
   * masked with the multi names (derived.ts: while they
   * are not built, every matching name is visited; those in one extension add nothing).
   */
  private repeats(term: string, pos: Position, flag: Uint8Array): number {
    const a = this.a;
    const lists = term.length <= 3 && pos !== "starts" ? this.derived.pairs() : null;
    const k = lists === null ? -1 : lists.listOf(term, pos === "ends");
    if (k >= 0) return (lists as MultiPairs).repeats(k, flag);
    let sum = 0;
    this.forEachMatch(term, pos, (id) => (sum += repeatsOf(a, id, flag)), this.derived.multi());
    return sum;
  }

  /** Full count with breakdown. allowed: ext ids (null = every extension). */
  count(term: string, pos: Position, allowed: readonly number[] | null): Tally {
    const a = this.a;
    const eq = this.nameId(term);
    const pe = this.pre.get(pos + ":" + term);
    if (pe !== undefined) {
      let r: PreTally;
      if (allowed === null || allowed.length <= 1) r = countPrecomputed(a, pe, term, allowed);
      else {
        const flag = this.flags(allowed);
        r = countFiltered(a, pe, term, flag, () => this.repeats(term, pos, flag));
        this.clearFlags(allowed);
      }
      return { ...r, exact: this.exactCount(eq, allowed) };
    }
    const hist = this.hist;
    const touched = this.touched;
    const post = a.post;
    const ps = a.postStart;
    let total = 0;
    let names = 0;
    let nt = 0;
    if (allowed === null) {
      this.forEachMatch(term, pos, (id) => {
        const s = ps.at(id);
        const e = s + ps.span(id);
        total += e - s;
        names++;
        for (let p = s; p < e; p++) {
          const x = post[p];
          if (hist[x]++ === 0) touched[nt++] = x;
        }
      });
    } else {
      const flag = this.flags(allowed);
      this.forEachMatch(term, pos, (id) => {
        const s = ps.at(id);
        const e = s + ps.span(id);
        let m = 0;
        for (let p = s; p < e; p++) {
          const x = post[p];
          if (flag[x] === 0) continue;
          m++;
          if (hist[x]++ === 0) touched[nt++] = x;
        }
        if (m > 0) {
          total += m;
          names++;
        }
      });
      this.clearFlags(allowed);
    }
    this.nTouched = nt;
    const breakdown = this.drainHistogram(term);
    return { total, names, exact: this.exactCount(eq, allowed), tldMatch: this.lastTldMatch, breakdown };
  }

  private lastTldMatch = 0;
  private flagBuf: Uint8Array | null = null;

  private flags(allowed: readonly number[]): Uint8Array {
    if (this.flagBuf === null) this.flagBuf = new Uint8Array(this.a.extNames.length);
    for (const x of allowed) this.flagBuf[x] = 1;
    return this.flagBuf;
  }
  private clearFlags(allowed: readonly number[]): void {
    for (const x of allowed) (this.flagBuf as Uint8Array)[x] = 0;
  }

  /** Sorts touched extensions (count desc, tld asc = id asc), builds the list, zeroes hist. */
  private drainHistogram(term: string): { tld: string; count: number }[] {
    const n = this.nTouched;
    const keys = this.sortKeys.subarray(0, n);
    const SH = 4194304; // 2^22 > extension ids; counts < 2^31, so keys stay below 2^53
    for (let i = 0; i < n; i++) {
      const x = this.touched[i];
      keys[i] = this.hist[x] * SH + (SH - 1 - x);
    }
    keys.sort();
    const out: { tld: string; count: number }[] = new Array(n);
    let tm = 0;
    for (let i = 0; i < n; i++) {
      const k = keys[n - 1 - i];
      const x = SH - 1 - (k % SH);
      const tld = this.a.extNames[x];
      const count = this.hist[x];
      this.hist[x] = 0;
      if (tld.includes(term)) tm += count;
      out[i] = { tld, count };
    }
    this.lastTldMatch = tm;
    this.nTouched = 0;
    return out;
  }

  private exactCount(eq: number, allowed: readonly number[] | null): number {
    if (eq < 0) return 0;
    const s = this.a.postStart.at(eq);
    const e = s + this.a.postStart.span(eq);
    if (allowed === null) return e - s;
    let m = 0;
    for (let p = s; p < e; p++) if (allowed.includes(this.a.post[p])) m++;
    return m;
  }

  /** Domains and distinct names matching, no breakdown. */
  totals(term: string, pos: Position): { domains: number; names: number } {
    const pe = this.pre.get(pos + ":" + term);
    if (pe !== undefined) return { domains: pe.domains, names: pe.names };
    const ps = this.a.postStart;
    if (pos === "starts") {
      const [lo, hi] = prefixRange(this.a, term);
      return { domains: ps.at(hi) - ps.at(lo), names: hi - lo };
    }
    let domains = 0;
    let names = 0;
    this.forEachMatch(term, pos, (id) => {
      domains += ps.span(id);
      names++;
    });
    return { domains, names };
  }

  /**
   * zone/lookup include_counts: containing domains and names, starting and ending domains.
   * A name of the index (2+ characters) is answered from the stored containment counts when
   * the file has them (storedTotals); any other term by a live search, in which ends-with
   * names are a subset of the containing ones, so one pass over those serves both.
   */
  nameTotals(term: string, knownId?: number): { containingDomains: number; containingNames: number; startingDomains: number; endingDomains: number } {
    if (this.a.inner !== null && term.length >= 2) {
      // knownId: the caller already searched the name (a lookup batch), -1 when absent
      const id = knownId ?? this.nameId(term);
      if (id >= 0) return this.storedTotals(id, this.a.inner);
    }
    const startingDomains = this.totals(term, "starts").domains;
    if (this.pre.has("contains:" + term) || this.pre.has("ends:" + term)) {
      const c = this.totals(term, "contains");
      return { containingDomains: c.domains, containingNames: c.names, startingDomains, endingDomains: this.totals(term, "ends").domains };
    }
    const a = this.a;
    const ps = a.postStart;
    let containingDomains = 0;
    let containingNames = 0;
    let endingDomains = 0;
    forEachContaining(a, this.scratch, term, (id) => {
      const d = ps.span(id);
      containingDomains += d;
      containingNames++;
      if (nameEndsWith(a, id, term)) endingDomains += d;
    });
    return { containingDomains, containingNames, startingDomains, endingDomains };
  }

  private readonly innerOut: Inner = { names: 0, domains: 0, ends: 0 };

  /**
   * nameTotals of the name with this id from the stored containment counts (inner.ts): the
   * names starting with it are [id, end), the others holding it and those ending with it are stored.
   */
  private storedTotals(id: number, inner: InnerArrays): { containingDomains: number; containingNames: number; startingDomains: number; endingDomains: number } {
    const ps = this.a.postStart;
    const end = prefixEndFrom(this.a, id);
    const c = this.innerOut;
    readInner(inner, id, c);
    const startingDomains = ps.at(end) - ps.at(id);
    return {
      containingDomains: startingDomains + c.domains,
      containingNames: end - id + c.names,
      startingDomains,
      endingDomains: ps.span(id) + c.ends,
    };
  }

  /** Domains registered under this exact name (all extensions). */
  extensionsOf(name: string): number {
    const id = this.nameId(name);
    return id < 0 ? 0 : this.a.postStart.span(id);
  }

  /** Membership of (name, ext). */
  has(name: string, ext: string): boolean {
    const id = this.nameId(name);
    return id >= 0 && this.holds(id, ext);
  }

  /** Id of this exact name, or -1. */
  nameId(name: string): number {
    return this.nameIdIn(name, 0, name.length);
  }

  /** Id of the name s[start, end), or -1 (no substring made). */
  nameIdIn(s: string, start: number, end: number): number {
    const keys = this.derived.keys();
    return keys !== null ? findNameKeyed(this.a, keys, s, start, end) : findNameIn(this.a, s, start, end);
  }

  /** Domains of the name with this id. */
  domainsOf(id: number): number {
    return this.a.postStart.span(id);
  }

  /** Whether the name with this id is registered under ext. */
  holds(id: number, ext: string): boolean {
    return this.holdsExt(id, this.extIdOf(ext));
  }

  /** Whether the name with this id is registered under extension x. Postings are ascending: binary search. */
  holdsExt(id: number, x: number): boolean {
    if (x < 0) return false;
    const s = this.a.postStart.at(id);
    return holds(this.a.post, s, s + this.a.postStart.span(id), x);
  }
}
