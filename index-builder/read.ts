/**
 * The read phase: every input (zone file, plain list, or an in-memory source) into the
 * partitioned records (partitions.ts) and the extension table. A plain list is read as
 * bytes: its lines are decided by classifyListLine and copied without becoming strings;
 * a line the fast path cannot decide, a zone file and an in-memory source go through
 * normaliseDomain (the reference rules) and then the same add. Input problems never
 * abort the read: they are skipped and counted in the input's report.
 */
import { forEachLine, lineText, type LineStats } from "./input.ts";
import { classifyListLine, lineSpan, normaliseDomain, LINE_INVALID, LINE_SKIP, LINE_SLOW, LOWER } from "./normalise.ts";
import { ZoneParser, type SkipReason } from "./zonefile.ts";
import { ExtensionTable } from "./ext-table.ts";
import type { PartitionedKeys } from "./partitions.ts";

export interface InputReport {
  input: string;
  format: "zone" | "list" | "empty";
  compressed: boolean;
  lines: number;
  domains: number; // valid domains read (before de-duplication)
  invalidNames: number;
  tooLongLines: number;
  skipped: Partial<Record<SkipReason, number>>;
  origin: string | null;
}

/** Domains from memory (the sample index: the generator's stream), read like a plain list. */
export interface DomainSource {
  label: string;
  domains: Iterable<string>;
}

function isZoneLine(line: string): boolean {
  return line.startsWith("$") || /\S\s+\S/.test(line.trim());
}

export class DomainReader {
  readonly exts = new ExtensionTable();
  /** The zones the zone-file inputs hold whole (each file's apex, lower case, no trailing dot). */
  readonly zoneApexes = new Set<string>();
  domainsSeen = 0;
  lines = 0;
  private ext = new Uint8Array(256); // the lower-cased extension of the domain being added
  private text = Buffer.alloc(256); // a normalised domain string as bytes

  constructor(readonly keys: PartitionedKeys) {}

  /** Adds the valid domain b[s, e) (any case) whose first dot is at `dot`. */
  private addBytes(b: Uint8Array, s: number, dot: number, e: number): void {
    const x = this.ext;
    let n = 0;
    for (let i = dot + 1; i < e; i++) x[n++] = LOWER[b[i]!]!;
    this.keys.add(b, s, dot, this.exts.idOf(x, 0, n));
    this.domainsSeen++;
  }

  /** Adds a domain normalised by normaliseDomain (lower-case ASCII, at most 253 bytes). */
  private addString(d: string): void {
    const n = this.text.write(d, 0, "latin1");
    this.addBytes(this.text, 0, d.indexOf("."), n);
  }

  private addRaw(raw: string, rep: InputReport): void {
    const d = normaliseDomain(raw);
    if (d === null) rep.invalidNames++;
    else this.addString(d);
  }

  readSource(source: DomainSource): InputReport {
    const rep = newReport(source.label);
    rep.format = "list";
    for (const raw of source.domains) {
      rep.lines++;
      this.addRaw(raw, rep);
    }
    rep.domains = rep.lines - rep.invalidNames;
    return rep;
  }

  async readFile(input: string, onBatch: () => void): Promise<InputReport> {
    const stats: LineStats = { lines: 0, tooLong: 0, compressed: false };
    const rep = newReport(input);
    let zone: ZoneParser | null = null;
    const before = this.domainsSeen;
    const emitZone = (owner: string) => this.addRaw(owner, rep);
    let sinceTick = 0;
    await forEachLine(input, stats, (b, s, e) => {
      if (++sinceTick === 65536) {
        this.lines += sinceTick;
        sinceTick = 0;
        onBatch();
      }
      if (rep.format === "list") {
        const dot = classifyListLine(b, s, e);
        if (dot >= 0) this.addBytes(b, lineSpan.start, dot, lineSpan.end);
        else if (dot === LINE_INVALID) rep.invalidNames++;
        else if (dot === LINE_SLOW) this.listLine(lineText(b, s, e), rep);
        else if (dot !== LINE_SKIP) throw new Error(`classifyListLine: ${dot}`);
        return;
      }
      const line = lineText(b, s, e);
      if (rep.format === "empty") {
        const t = line.trim();
        if (t === "" || t.startsWith(";") || t.startsWith("#")) return;
        rep.format = isZoneLine(line) ? "zone" : "list";
        if (rep.format === "list") return this.listLine(line, rep);
        zone = new ZoneParser();
      }
      (zone as ZoneParser).line(line, emitZone);
    });
    this.lines += sinceTick;
    if (zone !== null) {
      const z = zone as ZoneParser;
      z.finish();
      for (const [k, v] of Object.entries(z.skipped)) if (v > 0) rep.skipped[k as SkipReason] = v;
      rep.origin = z.origin;
      if (z.apex !== null && z.apex !== "") this.zoneApexes.add(z.apex);
    }
    rep.compressed = stats.compressed;
    rep.lines = stats.lines;
    rep.tooLongLines = stats.tooLong;
    rep.domains = this.domainsSeen - before;
    return rep;
  }

  /** A list line as text (the reference path). */
  private listLine(line: string, rep: InputReport): void {
    const t = line.trim();
    if (t === "" || t.startsWith("#") || t.startsWith(";")) return;
    this.addRaw(t, rep);
  }
}

function newReport(input: string): InputReport {
  return { input, format: "empty", compressed: false, lines: 0, domains: 0, invalidNames: 0, tooLongLines: 0, skipped: {}, origin: null };
}
