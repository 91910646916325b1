/**
 * ZoneIndex: the public reader API over one mapped index file (figures as defined in docs/zone.md).
 * Validation happens in open (open.ts); counting in engine.ts. An instance is not
 * thread-safe (it reuses scratch buffers): each worker opens its own, the OS shares pages.
 */
import { readHeader, mapArrays, verifySectionSteps, ZoneIndexError, type Header } from "./open.ts";
import { finish, type Steps } from "./steps.ts";
import { Engine } from "./engine.ts";
import { EXT_COMPLETE, HEADER_SAMPLE, type Position } from "./format.ts";
import { LookupBatch, LOOKUP_UNSUPPORTED, NO_EXT } from "./lookup-batch.ts";

export { ZoneIndexError } from "./open.ts";
export type { Position } from "./format.ts";

export interface ZoneCount {
  term: string;
  position: Position;
  total_matches: number;
  exact_domain_count: number;
  keyword_count: number;
  tld_match_count: number;
  tld_breakdown: { tld: string; count: number }[];
  total_domains_in_db: number;
}

export interface NameCounts {
  extensions_registered: number;
  containing_domains: number;
  containing_names: number;
  starting_domains: number;
  ending_domains: number;
}

export interface ZoneStats {
  built_at: string;
  total_domains: number;
  total_slds: number;
  total_tlds: number;
  /** The index is a synthetic sample (not real registrations). */
  sample: boolean;
  /** Extensions the index holds whole (built from a zone file or a list marked complete), ascending; every other extension is a sample. */
  complete_tlds: string[];
  top_tlds: { tld: string; count: number }[];
}

/**
 * lookupBatch result: a Uint32Array of names.length rows, LOOKUP_STRIDE_* u32 per row.
 *   [0] flags: bit 0 registered, bit 1 registered is null (no extension given),
 *              bit 2 unsupported (name shorter than 2: counts are null)
 *   [1] extensions_registered
 *   with counts: [2] containing_domains [3] containing_names [4] starting_domains [5] ending_domains
 */
export const LOOKUP_STRIDE_PLAIN = 2;
export const LOOKUP_STRIDE_COUNTS = 6;
export { LOOKUP_REGISTERED, LOOKUP_NO_EXTENSION, LOOKUP_UNSUPPORTED } from "./lookup-batch.ts";
export const TOP_TLDS = 20;

const TERM_RE = /^[a-z0-9-]+$/;

export class ZoneIndex {
  readonly builtAt: string;
  readonly totalDomains: number;
  readonly totalNames: number;
  readonly totalTlds: number;
  /** A synthetic sample index (HEADER_SAMPLE), not real registrations. */
  readonly sample: boolean;
  private engine: Engine | null;

  private constructor(
    readonly path: string,
    private readonly header: Header,
    engine: Engine,
    private maps: Map<string, Uint8Array>,
    /** Whether open() ran the structure checks (else verify() runs them). */
    private readonly structureChecked: boolean,
  ) {
    this.engine = engine;
    this.builtAt = new Date(header.builtAtMs).toISOString();
    this.totalDomains = header.totalDomains;
    this.totalNames = header.totalNames;
    this.totalTlds = header.totalTlds;
    this.sample = (header.flags & HEADER_SAMPLE) !== 0;
  }

  /**
   * Maps and validates the file; throws ZoneIndexError for a missing, truncated, corrupt or
   * foreign file. checkLater: the checks that read every precomputed record (70 ms at 100 M
   * domains) are left to verify()/verifySteps(), which must then run before the index
   * serves (the swap's check, in slices on the serving thread), or have run on this very
   * file in another thread (a worker told about the file the main thread verified).
   */
  static open(path: string, opts: { checkLater?: boolean } = {}): ZoneIndex {
    const header = readHeader(path);
    const { arrays, maps } = mapArrays(path, header);
    let engine: Engine;
    try {
      engine = new Engine(arrays);
      const problem = opts.checkLater ? null : finish(engine.structureProblem());
      if (problem !== null) throw new ZoneIndexError(problem);
    } catch (e) {
      throw e instanceof ZoneIndexError ? new ZoneIndexError(`${path}: ${e.message}`) : e;
    }
    return new ZoneIndex(path, header, engine, maps, !opts.checkLater);
  }

  /**
   * Builds the derived in-memory structures of the count and lookup paths now instead of on
   * first use (docs/zone.md, "Derived structures"): benchmarks call it before measuring.
   */
  prepare(): void {
    this.e.derived.prepare();
  }

  /**
   * The same, one slice per event-loop turn (about 1 s of work at 20 M domains, 12 s at
   * 100 M): the serving thread starts it when a new index goes live and keeps answering,
   * with the same answers through slower paths until it is done. turnMs: work per turn
   * (default steps.ts TURN_MS; 0 = one slice a turn).
   */
  prepareInBackground(turnMs?: number): Promise<void> {
    return this.e.derived.prepareInBackground(turnMs);
  }

  /** Stops a background prepare at its next turn (a retired index no longer needs it). */
  stopPreparing(): void {
    this.engine?.derived.stop();
  }

  /**
   * crc32 of every section (O(file size)); null when sound, else a message. It reads the
   * sections through the mappings the queries read, so a verified index is resident and
   * mapped before it serves: a page-cache page that no process maps is the first a kernel
   * reclaims (on the benchmark machine a DAMON pageout scheme drops unmapped file pages idle
   * for 30 s, and read through separate mappings the index was back on disk before the
   * first queries: up to 180 ms for a count at 100 M domains).
   */
  verify(): string | null {
    return finish(this.verifySteps());
  }

  /**
   * verify() in slices (steps.ts), for a thread that serves meanwhile: every section's
   * crc32, then the structure checks open() left out with checkLater.
   */
  *verifySteps(): Steps<string | null> {
    const corrupt = yield* verifySectionSteps(this.path, this.header, this.maps);
    if (corrupt !== null || this.structureChecked) return corrupt;
    const problem = yield* this.e.structureProblem();
    return problem === null ? null : `${this.path}: ${problem}`;
  }

  private get e(): Engine {
    if (this.engine === null) throw new ZoneIndexError(`${this.path}: the index was closed`);
    return this.engine;
  }

  count(term: string, position: Position, tlds?: readonly string[] | null): ZoneCount {
    const e = this.e;
    let allowed: number[] | null = null;
    if (tlds != null) {
      allowed = [];
      for (const t of tlds) {
        const id = e.extIdOf(t);
        if (id >= 0 && !allowed.includes(id)) allowed.push(id);
      }
    }
    const empty = !TERM_RE.test(term) || (allowed !== null && allowed.length === 0);
    const r = empty ? { total: 0, names: 0, exact: 0, tldMatch: 0, breakdown: [] } : e.count(term, position, allowed);
    return {
      term,
      position,
      total_matches: r.total,
      exact_domain_count: r.exact,
      keyword_count: r.names,
      tld_match_count: r.tldMatch,
      tld_breakdown: r.breakdown,
      total_domains_in_db: this.totalDomains,
    };
  }

  has(domain: string): boolean {
    const dot = domain.indexOf(".");
    if (dot <= 0) return false;
    return this.e.has(domain.slice(0, dot), domain.slice(dot + 1));
  }

  /** Domains registered under this extension ("co.uk", no leading dot); 0 when it has none. */
  extensionSize(ext: string): number {
    const e = this.e;
    const id = e.extIdOf(ext);
    return id < 0 ? 0 : e.a.extCount[id];
  }

  /**
   * The index holds this extension's whole zone (a zone file or a list marked complete at
   * build time), so a name absent from it is unregistered there; false for a sample, for an
   * extension the index lacks, and for every extension of a sample index.
   */
  extensionComplete(ext: string): boolean {
    if (this.sample) return false;
    const e = this.e;
    const id = e.extIdOf(ext);
    return id >= 0 && (e.a.extFlags[id]! & EXT_COMPLETE) !== 0;
  }

  /** Domains registered under this exact name, across every extension. */
  extensionsRegistered(name: string): number {
    return TERM_RE.test(name) ? this.e.extensionsOf(name) : 0;
  }

  /**
   * Distinct names containing this name (itself included) when the index stores the count
   * (the name is registered and the file has the containment sections): a constant-time read;
   * -1 otherwise (a live search would cost far more than an appraisal may spend).
   */
  storedContainingNames(name: string): number {
    return this.nameDemand(name).containingNames;
  }

  private readonly demand = { extensions: 0, containingNames: -1 };

  /**
   * extensionsRegistered() and storedContainingNames() of one name with one search. The
   * object returned is reused by the next call (no allocation per appraisal): read it at once.
   */
  nameDemand(name: string): { readonly extensions: number; readonly containingNames: number } {
    const d = this.demand;
    d.extensions = 0;
    d.containingNames = -1;
    if (!TERM_RE.test(name)) return d;
    const e = this.e;
    const id = e.nameId(name);
    if (id < 0) return d;
    d.extensions = e.a.postStart.span(id);
    if (e.a.inner !== null && name.length >= 2) d.containingNames = e.nameTotals(name, id).containingNames;
    return d;
  }

  nameCounts(name: string): NameCounts {
    const e = this.e;
    if (name.length === 0 || !TERM_RE.test(name)) {
      return { extensions_registered: 0, containing_domains: 0, containing_names: 0, starting_domains: 0, ending_domains: 0 };
    }
    const c = e.nameTotals(name);
    return {
      extensions_registered: e.extensionsOf(name),
      containing_domains: c.containingDomains,
      containing_names: c.containingNames,
      starting_domains: c.startingDomains,
      ending_domains: c.endingDomains,
    };
  }

  /** Compact rows for the worker pool; layout above LOOKUP_STRIDE_PLAIN. exts[i] null = bare name. */
  lookupBatch(names: string[], exts: (string | null)[], includeCounts: boolean): Uint32Array {
    const e = this.e;
    const { ends, extIds } = this.scratch(names.length);
    for (let i = 0; i < names.length; i++) {
      const ext = exts[i];
      ends[i] = names[i].length;
      extIds[i] = ext === null ? NO_EXT : e.extIdOf(ext);
    }
    return this.rows(e, names, includeCounts);
  }

  /**
   * lookupBatch over whole inputs ("shop.co.uk", or a bare "shop"), split at the first dot
   * by position: no substring is made per row (the name and extension are searched in
   * place), so a batch allocates its result array and nothing per name without counts.
   */
  lookupDomains(domains: readonly string[], includeCounts: boolean): Uint32Array {
    const e = this.e;
    const { ends, extIds } = this.scratch(domains.length);
    for (let i = 0; i < domains.length; i++) {
      const d = domains[i];
      const dot = d.indexOf(".");
      ends[i] = dot < 0 ? d.length : dot;
      extIds[i] = dot < 0 ? NO_EXT : e.extIdIn(d, dot + 1, d.length);
    }
    return this.rows(e, domains, includeCounts);
  }

  private batch: LookupBatch | null = null;
  private ends = new Int32Array(0);
  private extIds = new Int32Array(0);
  /** Per-batch name ids (lookup-batch.ts), for the counts of the names found. */
  private ids = new Int32Array(0);

  /** Per-batch scratch (name ends, extension ids), grown to the largest batch seen. */
  private scratch(n: number): { ends: Int32Array; extIds: Int32Array } {
    if (this.ends.length < n) {
      this.ends = new Int32Array(n);
      this.extIds = new Int32Array(n);
    }
    return { ends: this.ends.subarray(0, n), extIds: this.extIds.subarray(0, n) };
  }

  /**
   * The rows of strs[i].slice(0, ends[i]) under extIds[i] (scratch): flags and
   * extensions_registered for the whole batch at once (lookup-batch.ts), then, when asked,
   * the counts of each supported name.
   */
  private rows(e: Engine, strs: readonly string[], includeCounts: boolean): Uint32Array {
    const n = strs.length;
    const stride = includeCounts ? LOOKUP_STRIDE_COUNTS : LOOKUP_STRIDE_PLAIN;
    const out = new Uint32Array(n * stride);
    if (this.batch === null) this.batch = new LookupBatch(e.a);
    if (includeCounts && this.ids.length < n) this.ids = new Int32Array(n);
    this.batch.rows(strs, this.ends, this.extIds, e.derived.keys(), out, stride, includeCounts ? this.ids : null);
    if (!includeCounts) return out;
    for (let i = 0; i < n; i++) {
      const o = i * stride;
      if ((out[o] & LOOKUP_UNSUPPORTED) !== 0) continue;
      const s = strs[i];
      const end = this.ends[i];
      const name = end === s.length ? s : s.slice(0, end);
      if (!TERM_RE.test(name)) continue;
      const c = e.nameTotals(name, this.ids[i]); // the batch found the name's id already
      out[o + 2] = c.containingDomains;
      out[o + 3] = c.containingNames;
      out[o + 4] = c.startingDomains;
      out[o + 5] = c.endingDomains;
    }
    return out;
  }

  stats(): ZoneStats {
    const a = this.e.a;
    const ids = Array.from(a.extCount.keys());
    ids.sort((x, y) => a.extCount[y] - a.extCount[x] || x - y);
    return {
      built_at: this.builtAt,
      total_domains: this.totalDomains,
      total_slds: this.totalNames,
      total_tlds: this.totalTlds,
      sample: this.sample,
      complete_tlds: this.sample ? [] : a.extNames.filter((_, x) => (a.extFlags[x]! & EXT_COMPLETE) !== 0),
      top_tlds: ids.slice(0, TOP_TLDS).map((x) => ({ tld: a.extNames[x], count: a.extCount[x] })),
    };
  }

  /** Drops the mappings (the OS unmaps them once garbage-collected); later calls throw. */
  close(): void {
    this.engine?.derived.stop();
    this.engine = null;
    this.batch = null;
    this.maps = new Map(); // the mappings go with the arrays
  }
}
