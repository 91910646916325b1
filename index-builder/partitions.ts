/**
 * The domains read so far, as byte records partitioned by the first character of the name
 * (37 partitions, in the byte order of that character). Sorting each partition on its own
 * and concatenating them in partition order gives the names in byte order: no merge.
 * Record: u8 name length, the lower-case name bytes, u32 LE provisional extension id.
 * Memory is bounded: once `chunkKeys` records are held, every partition's buffer is
 * appended to that partition's file in a private temp folder (one "run" per spill); a
 * partition is loaded back whole when it is sorted, so the peak is one chunk plus the
 * largest partition. Duplicates are kept here and dropped when a partition is sorted.
 */
import fs from "node:fs";
import { writeAll } from "./write.ts";
import path from "node:path";
import { ALPHABET, SYMBOL } from "../src/zone-index/format.ts";
import { GrowBytes } from "./grow.ts";
import { removeOnInterrupt } from "./interrupt.ts";
import { LOWER } from "./normalise.ts";

/** A name character's sort code: its trigram symbol + 1 (byte order), 0 for a position past the end. */
export const CODE = (() => {
  const t = new Uint8Array(256);
  for (let c = 0; c < 256; c++) t[c] = SYMBOL[c]! + 1; // -1 (never in a name) -> 0
  return t;
})();

/** Records held in memory before the partitions are spilled (about 16 bytes each). */
export const DEFAULT_CHUNK_KEYS = 32_000_000;
export const PARTITIONS = ALPHABET;

export class PartitionedKeys {
  private parts: GrowBytes[] = Array.from({ length: PARTITIONS }, () => new GrowBytes(1 << 16));
  private fds: number[] = new Array(PARTITIONS).fill(-1);
  private dir: string | null = null;
  private forgetDir: () => void = () => {};
  private held = 0;
  /** records per partition (held and spilled) */
  readonly records = new Float64Array(PARTITIONS);
  /** name bytes per partition (held and spilled) */
  readonly nameBytes = new Float64Array(PARTITIONS);
  runs = 0;

  constructor(
    private readonly tmpRoot: string,
    private readonly chunkKeys = DEFAULT_CHUNK_KEYS,
  ) {}

  /** Adds the name b[s, e) (any case: lower-cased here) with its provisional extension id. */
  add(b: Uint8Array, s: number, e: number, extId: number): void {
    const len = e - s;
    const p = SYMBOL[LOWER[b[s]!]!]!;
    const g = this.parts[p]!;
    let w = g.reserve(len + 5);
    const a = g.a;
    a[w++] = len;
    for (let i = s; i < e; i++) a[w++] = LOWER[b[i]!]!;
    a[w++] = extId & 255;
    a[w++] = (extId >>> 8) & 255;
    a[w++] = (extId >>> 16) & 255;
    a[w++] = extId >>> 24;
    g.length = w;
    this.records[p]++;
    this.nameBytes[p] += len;
    if (++this.held >= this.chunkKeys) this.spill();
  }

  get totalRecords(): number {
    return this.records.reduce((x, y) => x + y, 0);
  }
  get totalNameBytes(): number {
    return this.nameBytes.reduce((x, y) => x + y, 0);
  }

  private spill(): void {
    if (this.dir === null) {
      this.dir = fs.mkdtempSync(path.join(this.tmpRoot, "zonewise-sort-"));
      this.forgetDir = removeOnInterrupt(this.dir); // a signal skips cleanup()
    }
    for (let p = 0; p < PARTITIONS; p++) {
      const g = this.parts[p]!;
      if (g.length === 0) continue;
      if (this.fds[p] === -1) this.fds[p] = fs.openSync(path.join(this.dir, `part-${p}.bin`), "w+");
      writeAll(this.fds[p]!, g.view(), null);
      g.length = 0;
    }
    this.held = 0;
    this.runs++;
  }

  /** The records of partition p (spilled ones first, then the held ones); frees them. */
  take(p: number): Uint8Array {
    const g = this.parts[p]!;
    this.parts[p] = new GrowBytes(1);
    const fd = this.fds[p]!;
    if (fd === -1) return g.view();
    const size = fs.fstatSync(fd).size;
    const out = new Uint8Array(size + g.length);
    for (let o = 0; o < size; ) o += fs.readSync(fd, out, o, size - o, o);
    out.set(g.view(), size);
    fs.closeSync(fd);
    this.fds[p] = -1;
    return out;
  }

  cleanup(): void {
    for (let p = 0; p < PARTITIONS; p++) {
      if (this.fds[p] !== -1) fs.closeSync(this.fds[p]!);
      this.fds[p] = -1;
    }
    if (this.dir !== null) fs.rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
    this.forgetDir();
  }
}

/**
 * The records split by the character at `depth` (its code: 0 past the end, else symbol + 1,
 * which is byte order), each group copied to a contiguous region of one new buffer, in order.
 * Two sequential passes: counts, then copies.
 */
export function splitByChar(data: Uint8Array, n: number, depth: number): { data: Uint8Array; records: number }[] {
  const records = new Float64Array(39);
  const bytes = new Float64Array(39);
  const codeAt = (p: number) => (data[p]! > depth ? CODE[data[p + 1 + depth]!]! : 0);
  for (let i = 0, p = 0; i < n; i++) {
    const c = codeAt(p);
    records[c]++;
    bytes[c] += data[p]! + 5;
    p += data[p]! + 5;
  }
  const start = new Float64Array(40);
  for (let c = 0; c < 39; c++) start[c + 1] = start[c]! + bytes[c]!;
  const w = start.slice(0, 39);
  const outBuf = new Uint8Array(start[39]!);
  for (let i = 0, p = 0; i < n; i++) {
    const c = codeAt(p);
    let q = w[c]!;
    for (const e = p + data[p]! + 5; p < e; p++) outBuf[q++] = data[p]!;
    w[c] = q;
  }
  const groups: { data: Uint8Array; records: number }[] = [];
  for (let c = 0; c < 39; c++) if (records[c]! > 0) groups.push({ data: outBuf.subarray(start[c]!, start[c + 1]!), records: records[c]! });
  return groups;
}
