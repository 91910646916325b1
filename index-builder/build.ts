/**
 * The index build pipeline: inputs -> (zone parser | list reader) -> normalise -> records
 * partitioned by first character (spilled to disk past a bound) -> each partition radix
 * sorted with de-duplication -> arrays (names, postings) -> jump table, trigram index,
 * precomputed answers -> one checksummed file written atomically (write.ts).
 * Input problems never abort the build: they are skipped and counted in the report.
 */
import fs from "node:fs";
import path from "node:path";
import { DomainReader, type DomainSource, type InputReport } from "./read.ts";
import { PartitionedKeys, PARTITIONS } from "./partitions.ts";
import { releaseAfter, sortPartition, SPLIT_RECORDS } from "./radix.ts";
import { Collector } from "./collect.ts";
import { innerCountsBeside, precomputeBeside, sortBeside, trigramsBeside, writeBeside } from "./parallel.ts";
import { bucketCounts, bucketNames, encodeInner, innerCounts, splitBuckets, BUCKETS } from "./containment.ts";
import { precompute } from "./precompute.ts";
import { fileLayout, IndexFileWriter, sweepStaleTemps, type SectionData } from "./write.ts";
import { InputError } from "./input.ts";
import { EXT_COMPLETE, HEADER_SAMPLE, SECTION_ALIGN, TRIGRAMS, type SectionTag } from "../src/zone-index/format.ts";
import { buildJumpTable, jumpCharsFor } from "../src/zone-index/jump.ts";
import { packOffsets } from "../src/zone-index/offsets.ts";

export type BuildPhase = "read" | "merge" | "contain" | "trigrams" | "precompute" | "write" | "done";

/** The sections of the file, in file order (FORMAT.md). */
const FILE_SECTIONS: SectionTag[] = [
  "EXTB",
  "EXTO",
  "EXTC",
  "EXTF",
  "NAMB",
  "NAMO",
  "NAMJ",
  "POSO",
  "POST",
  "CNTB",
  "CNTO",
  "CNTD",
  "TRIO",
  "TRIC",
  "TRIP",
  "PREE",
  "PREX",
  "PREC",
];

export interface BuildProgress {
  phase: BuildPhase;
  input: string | null;
  inputsDone: number;
  inputsTotal: number;
  lines: number;
  domainsSeen: number;
  elapsedMs: number;
  rssBytes: number;
}

export type { DomainSource, InputReport };

export interface BuildReport {
  out: string;
  inputs: InputReport[];
  domainsSeen: number;
  invalidNames: number;
  duplicates: number;
  totalDomains: number;
  totalNames: number;
  totalTlds: number;
  precomputedTerms: number;
  fileBytes: number;
  bytesPerDomain: number;
  seconds: number;
  domainsPerSecond: number;
  peakRssBytes: number;
  sortRuns: number;
  phaseSeconds: Partial<Record<BuildPhase, number>>;
  /** CPU seconds (user + system, every thread) per phase: the figure a shared machine does not distort */
  phaseCpuSeconds: Partial<Record<BuildPhase, number>>;
  builtAt: string;
}

export interface BuildOptions {
  /** Paths of zone files or lists ("-" = standard input), or in-memory sources. */
  inputs: (string | DomainSource)[];
  out: string;
  builtAt?: Date;
  tmpDir?: string;
  onProgress?: (p: BuildProgress) => void;
  /** domains held in memory before the partitions are spilled to disk (tests use small values) */
  chunkKeys?: number;
  /** a partition above this many records is split by its next character before sorting (tests use small values) */
  splitRecords?: number;
  /**
   * Write an index of 0 domains instead of refusing it (EmptyBuildError). Off by default:
   * inputs that yield nothing are a mistake (wrong file, unknown format), and an empty
   * index built over the served path would be swapped in and answer every query with 0.
   */
  allowEmpty?: boolean;
  /**
   * Extensions whose whole zone the inputs hold although they come from lists ("nu", "co.uk").
   * A zone file's origin is complete without being named here; any other extension is a sample.
   */
  complete?: readonly string[];
  /** The inputs are a synthetic sample, not real registrations (the header says so). */
  sample?: boolean;
}

/** The extensions the inputs hold whole: every zone file's apex and the ones named complete. */
export function completeExtensions(zoneApexes: Iterable<string>, named: readonly string[]): Set<string> {
  const out = new Set<string>(zoneApexes);
  for (const e of named) out.add(e.toLowerCase().replace(/^\./, "").replace(/\.$/, ""));
  return out;
}

/** The inputs held no domain and allowEmpty was not set: nothing was written. */
export class EmptyBuildError extends InputError {
  constructor(readonly inputs: InputReport[]) {
    super("the inputs hold no domain, and an empty index would replace the one served");
  }
}

/** Peak resident set size of this process (VmHWM), or the current RSS where unavailable. */
export function peakRss(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux
  }
  return process.memoryUsage.rss();
}

export async function buildIndex(opts: BuildOptions): Promise<BuildReport> {
  const t0 = performance.now();
  const builtAt = opts.builtAt ?? new Date();
  const phaseSeconds: Partial<Record<BuildPhase, number>> = {};
  const phaseCpuSeconds: Partial<Record<BuildPhase, number>> = {};
  let phaseStart = t0;
  let cpuStart = process.cpuUsage();
  const endPhase = (p: BuildPhase) => {
    // The phases leave many short-lived strings behind: collect them now, so the next
    // phase's arrays reuse that memory instead of raising the peak (measured in FORMAT.md).
    if (p === "read" || p === "merge") Bun.gc(true);
    const now = performance.now();
    phaseSeconds[p] = (now - phaseStart) / 1000;
    phaseStart = now;
    const cpu = process.cpuUsage(cpuStart);
    phaseCpuSeconds[p] = (cpu.user + cpu.system) / 1e6;
    cpuStart = process.cpuUsage();
  };
  sweepStaleTemps(opts.out);
  const tmpRoot = opts.tmpDir ?? path.dirname(path.resolve(opts.out));
  const keys = new PartitionedKeys(tmpRoot, opts.chunkKeys);
  const reader = new DomainReader(keys);
  const reports: InputReport[] = [];
  let lastTick = 0;
  const progress = (phase: BuildPhase, input: string | null, force = false) => {
    if (!opts.onProgress) return;
    const now = performance.now();
    if (!force && now - lastTick < 500) return;
    lastTick = now;
    opts.onProgress({
      phase,
      input,
      inputsDone: reports.length,
      inputsTotal: opts.inputs.length,
      lines: reader.lines,
      domainsSeen: reader.domainsSeen,
      elapsedMs: now - t0,
      rssBytes: process.memoryUsage.rss(),
    });
  };

  let writes: ReturnType<typeof writeBeside> | null = null;
  let writer: IndexFileWriter | null = null;
  try {
    for (const source of opts.inputs) {
      const label = typeof source === "string" ? source : source.label;
      reports.push(typeof source === "string" ? await reader.readFile(source, () => progress("read", source)) : reader.readSource(source));
      progress("read", label, true);
    }
    const domainsSeen = reader.domainsSeen;
    // before the writer opens its temp file: a refused build writes nothing
    if (domainsSeen === 0 && opts.allowEmpty !== true) throw new EmptyBuildError(reports);
    endPhase("read");

    progress("merge", null, true);
    const { names: extNames, rank } = reader.exts.ranks();
    const collector = new Collector(keys.totalRecords, keys.totalNameBytes, extNames.length);
    const sortRuns = keys.runs;
    // the partitions after the median record are sorted on the other core (parallel.ts)
    let split = 0;
    for (let half = keys.totalRecords / 2, seen = 0; split < PARTITIONS && seen + keys.records[split]! <= half; split++) seen += keys.records[split]!;
    const part = (p: number) => ({ data: keys.take(p), records: keys.records[p]!, nameBytes: keys.nameBytes[p]! });
    const splitRecords = opts.splitRecords ?? SPLIT_RECORDS;
    const later = sortBeside({ parts: Array.from({ length: PARTITIONS - split }, (_, i) => part(split + i)), rank, splitRecords });
    for (let p = 0; p < split; p++) {
      sortPartition(keys.take(p), keys.records[p]!, rank, collector, splitRecords);
      releaseAfter(keys.records[p]!, splitRecords);
    }
    collector.append(await later);
    const c = collector.finish();
    endPhase("merge");

    // The trigram index is built in a worker while this thread computes the containment
    // counts (with another worker) and then precomputes (parallel.ts); "trigrams" is the wait
    // for that worker after both. The file is written section by section by a third worker
    // as each is ready (write.ts), so the disk works while the counts are computed; "write"
    // is what is left at the end: the precomputed sections, the header and the fsync.
    progress("contain", null, true);
    const triBuilt = trigramsBeside(c.names, c.nameOff);
    const extIdBytes = extNames.length <= 65536 ? 2 : 4;
    const extBlob = new TextEncoder().encode(extNames.join(""));
    const complete = completeExtensions(reader.zoneApexes, opts.complete ?? []);
    const extFlags = new Uint8Array(extNames.length);
    extNames.forEach((e, i) => (extFlags[i] = complete.has(e) ? EXT_COMPLETE : 0));
    const extOff = new Uint32Array(extNames.length + 1);
    extNames.forEach((e, i) => (extOff[i + 1] = extOff[i] + e.length));
    const head: SectionData[] = [
      { tag: "EXTB", elemBytes: 1, data: extBlob },
      { tag: "EXTO", elemBytes: 4, data: extOff },
      { tag: "EXTC", elemBytes: 4, data: c.extCount },
      { tag: "EXTF", elemBytes: 1, data: extFlags },
      { tag: "NAMB", elemBytes: 1, data: c.names },
      { tag: "NAMO", elemBytes: 1, data: packOffsets(c.nameOff) },
      { tag: "NAMJ", elemBytes: 4, data: buildJumpTable(c.names, c.nameOff, jumpCharsFor(c.totalNames)) },
      { tag: "POSO", elemBytes: 1, data: packOffsets(c.postStart) },
      { tag: "POST", elemBytes: extIdBytes, data: c.post },
    ];
    // the sizes before the buffers are handed to the writer (a moved buffer reads as empty)
    const sizes = head.map((x) => x.data.byteLength);
    writes = writeBeside();
    writer = new IndexFileWriter(opts.out, FILE_SECTIONS, writes.writeAt);
    // the collector's arrays are shared with the writer; the ones made here are moved to it
    for (const x of head) writer.add(x, x.data.buffer instanceof ArrayBuffer);

    const containIn = { names: c.names, nameOff: c.nameOff, postStart: c.postStart };
    const suffixes = bucketCounts(containIn);
    const firstName = bucketNames(containIn);
    const half = splitBuckets(suffixes);
    const laterInner = innerCountsBeside(containIn, suffixes, firstName, half, BUCKETS);
    const firstInner = innerCounts(containIn, suffixes, firstName, 0, half);
    const inner = encodeInner(c.totalNames, [firstInner, await laterInner]);
    const counted: SectionData[] = [
      { tag: "CNTB", elemBytes: 4, data: inner.bitmap },
      { tag: "CNTO", elemBytes: 4, data: inner.blocks },
      { tag: "CNTD", elemBytes: 1, data: inner.data },
    ];
    sizes.push(...counted.map((x) => x.data.byteLength));
    for (const x of counted) writer.add(x, true);
    // the trigram sections follow as soon as their worker is done (while the precompute
    // waits for its own worker), in file order after the containment counts
    const w = writer;
    const triWritten = triBuilt.then((tri) => {
      w.add({ tag: "TRIO", elemBytes: 4, data: tri.offsets }, true);
      w.add({ tag: "TRIC", elemBytes: 4, data: tri.counts }, true);
      w.add({ tag: "TRIP", elemBytes: 1, data: tri.data }, true);
    });
    triWritten.catch(() => {}); // awaited below; a failure before that must not go unhandled
    endPhase("contain");

    progress("precompute", null, true);
    // the file without TRIP and the three PRE sections (TRIO and TRIC have fixed sizes), plus
    // the page padding after TRIP, PREE and PREX: what the precompute's budget must leave room for
    sizes.push((TRIGRAMS + 1) * 4, TRIGRAMS * 4, 0, 0, 0, 0);
    const otherBytes = fileLayout(sizes).fileBytes + 3 * SECTION_ALIGN;
    const pre = await precompute({ extNames, names: c.names, nameOff: c.nameOff, postStart: c.postStart, post: c.post }, precomputeBeside, otherBytes);
    endPhase("precompute");
    progress("trigrams", null, true);
    await triWritten;
    endPhase("trigrams");

    progress("write", null, true);
    writer.add({ tag: "PREE", elemBytes: 1, data: pre.entries }, true);
    writer.add({ tag: "PREX", elemBytes: extIdBytes, data: pre.recordExt }, true);
    writer.add({ tag: "PREC", elemBytes: 1, data: pre.recordCount }, true);
    const fileBytes = await writer.finish({
      builtAtMs: builtAt.getTime(),
      totalDomains: c.totalDomains,
      totalNames: c.totalNames,
      totalTlds: extNames.length,
      extIdBytes,
      flags: opts.sample === true ? HEADER_SAMPLE : 0,
    });
    endPhase("write");
    const seconds = (performance.now() - t0) / 1000;
    progress("done", null, true);
    return {
      out: opts.out,
      inputs: reports,
      domainsSeen,
      invalidNames: reports.reduce((s, r) => s + r.invalidNames, 0),
      duplicates: domainsSeen - c.totalDomains,
      totalDomains: c.totalDomains,
      totalNames: c.totalNames,
      totalTlds: extNames.length,
      precomputedTerms: pre.count,
      fileBytes,
      bytesPerDomain: c.totalDomains > 0 ? fileBytes / c.totalDomains : 0,
      seconds,
      domainsPerSecond: domainsSeen / seconds,
      peakRssBytes: peakRss(),
      sortRuns,
      phaseSeconds,
      phaseCpuSeconds,
      builtAt: builtAt.toISOString(),
    };
  } finally {
    writer?.abort();
    writes?.close();
    keys.cleanup();
  }
}
