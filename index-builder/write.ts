/**
 * Writes the index file: header, section table, then page-aligned sections (FORMAT.md),
 * through a temp name in the destination folder, fsynced and renamed over the destination
 * (atomic on one filesystem).
 */
import fs from "node:fs";
import path from "node:path";
import { FORMAT_VERSION, H, HEADER_BYTES, MAGIC, SECTION_ALIGN, SECTION_ENTRY_BYTES, tagToU32, type SectionTag } from "../src/zone-index/format.ts";
import { leftoverName, sweepLeftovers } from "../src/leftovers.ts";
import { removeOnInterrupt } from "./interrupt.ts";

export interface SectionData {
  tag: SectionTag;
  elemBytes: number;
  data: ArrayBufferView;
}

export interface HeaderFields {
  builtAtMs: number;
  totalDomains: number;
  totalNames: number;
  totalTlds: number;
  extIdBytes: number;
  /** Header flags (HEADER_SAMPLE); 0 when absent. */
  flags?: number;
}

/** The writer's temp file beside `out`: `.<name>.tmp-<pid>-<ms>` (FORMAT.md "Writing"). */
const TEMP_INFIX = ".tmp-";

/**
 * Removes the temp files of earlier builds of `out` whose process is gone (killed, out of
 * memory, power cut: no handler ran), which would otherwise fill the index's folder a
 * whole index at a time. Returns the names removed.
 */
export function sweepStaleTemps(out: string): string[] {
  return sweepLeftovers(out, TEMP_INFIX);
}

const align = (n: number) => Math.ceil(n / SECTION_ALIGN) * SECTION_ALIGN;

/**
 * Where sections of these byte lengths start, in this order, after the header and the
 * section table (each on a page boundary), and the file's size.
 */
export function fileLayout(sectionBytes: readonly number[]): { offsets: number[]; fileBytes: number } {
  const tableEnd = HEADER_BYTES + sectionBytes.length * SECTION_ENTRY_BYTES;
  let offset = align(tableEnd);
  const offsets = sectionBytes.map((n) => {
    const o = offset;
    offset = align(o + n);
    return o;
  });
  const last = sectionBytes.length - 1;
  return { offsets, fileBytes: last >= 0 ? offsets[last] + sectionBytes[last] : tableEnd };
}

function bytesOf(v: ArrayBufferView): Uint8Array {
  return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
}

/**
 * Writes one data block at a position of an open file and returns its CRC-32: on the
 * builder's other thread (parallel.ts writeBeside), so the disk's pace (about 230 MB/s
 * here: 12 s for a 100 M index) overlaps the build's counting instead of following it.
 * `handOver`: the buffer is the caller's to give away (it is moved, not copied).
 */
export type WriteAt = (fd: number, position: number, data: Uint8Array, handOver: boolean) => Promise<number>;

/** Writes in place and checksums on this thread (ZW_WORKERS=0, and the tests of this file). */
export const writeHere: WriteAt = (fd, position, data) => {
  writeAll(fd, data, position);
  return Promise.resolve(Bun.hash.crc32(data) >>> 0);
};

interface Placed {
  tag: SectionTag;
  elemBytes: number;
  offset: number;
  length: number;
  crc: Promise<number>;
}

/**
 * The index file, written section by section as the build produces them: each section's
 * place depends only on the sections before it (page-aligned after the header and the
 * table, as fileLayout places them), so it is written as soon as it is added,
 * while later ones are still being computed. finish() writes the header last (with every
 * section's CRC-32), then fsyncs, renames the temp file over `out` and fsyncs the folder:
 * a reader sees either the old complete file or the new complete file, never a partial
 * one. abort() removes the temp file unless it was renamed; until then a SIGINT or SIGTERM
 * removes it too (interrupt.ts).
 */
export class IndexFileWriter {
  private readonly fd: number;
  private readonly tmp: string;
  private readonly placed: Placed[] = [];
  private readonly tableEnd: number;
  private closed = false;
  private renamed = false;
  private readonly forget: () => void;

  private readonly sectionCount: number;

  /** `tags`: every section of the file, in file order; add() must follow it. */
  constructor(
    private readonly out: string,
    private readonly tags: readonly SectionTag[],
    private readonly writeAt: WriteAt = writeHere,
  ) {
    this.sectionCount = tags.length;
    this.tableEnd = HEADER_BYTES + tags.length * SECTION_ENTRY_BYTES;
    this.tmp = leftoverName(out, TEMP_INFIX, Date.now());
    this.fd = fs.openSync(this.tmp, "w", 0o644);
    this.forget = removeOnInterrupt(this.tmp);
  }

  /** Writes the next section in file order (its bytes must not change until finish). */
  add(s: SectionData, handOver = false): void {
    const want = this.tags[this.placed.length];
    if (s.tag !== want) throw new Error(`index writer: section ${s.tag} added where ${want ?? "the end"} belongs`);
    const last = this.placed[this.placed.length - 1];
    const offset = align(last === undefined ? this.tableEnd : last.offset + last.length);
    const bytes = bytesOf(s.data);
    const length = bytes.byteLength; // read before a hand-over empties the view
    const whole = bytes.byteOffset === 0 && length === bytes.buffer.byteLength;
    const crc = this.writeAt(this.fd, offset, bytes, handOver && whole);
    crc.catch(() => {}); // awaited by finish(); an abort before it must not leave it unhandled
    this.placed.push({ tag: s.tag, elemBytes: s.elemBytes, offset, length, crc });
  }

  /** Waits for every section, writes the header and puts the file in place; returns its size. */
  async finish(fields: HeaderFields): Promise<number> {
    if (this.placed.length !== this.sectionCount) throw new Error(`index writer: ${this.placed.length} sections added, ${this.sectionCount} announced`);
    const crcs = await Promise.all(this.placed.map((p) => p.crc));
    const last = this.placed[this.placed.length - 1];
    const fileBytes = last !== undefined ? last.offset + last.length : this.tableEnd;
    const head = new Uint8Array(this.tableEnd);
    const dv = new DataView(head.buffer);
    head.set(MAGIC, H.magic);
    dv.setUint32(H.version, FORMAT_VERSION, true);
    dv.setUint32(H.headerBytes, HEADER_BYTES, true);
    dv.setBigUint64(H.fileBytes, BigInt(fileBytes), true);
    dv.setBigUint64(H.builtAtMs, BigInt(fields.builtAtMs), true);
    dv.setBigUint64(H.totalDomains, BigInt(fields.totalDomains), true);
    dv.setUint32(H.totalNames, fields.totalNames, true);
    dv.setUint32(H.totalTlds, fields.totalTlds, true);
    dv.setUint32(H.sectionCount, this.sectionCount, true);
    dv.setUint32(H.extIdBytes, fields.extIdBytes, true);
    dv.setUint32(H.flags, fields.flags ?? 0, true);
    this.placed.forEach((s, i) => {
      const o = HEADER_BYTES + i * SECTION_ENTRY_BYTES;
      dv.setUint32(o, tagToU32(s.tag), true);
      dv.setUint32(o + 4, s.elemBytes, true);
      dv.setBigUint64(o + 8, BigInt(s.offset), true);
      dv.setBigUint64(o + 16, BigInt(s.length), true);
      dv.setUint32(o + 24, crcs[i]!, true);
    });
    dv.setUint32(H.headerCrc, Bun.hash.crc32(head) >>> 0, true);
    writeAll(this.fd, head, 0);
    // the gaps before the sections are holes (they read as zeros)
    fs.ftruncateSync(this.fd, fileBytes);
    fs.fsyncSync(this.fd);
    this.close();
    fs.renameSync(this.tmp, this.out); // a failure (out is a folder, ...) leaves the temp file to abort()
    this.renamed = true;
    this.forget();
    try {
      const dfd = fs.openSync(path.dirname(path.resolve(this.out)), "r");
      fs.fsyncSync(dfd);
      fs.closeSync(dfd);
    } catch {
      // some filesystems refuse fsync on a directory; the rename itself is still atomic
    }
    return fileBytes;
  }

  /** Gives up: the temp file is removed (the previous file at `out`, if any, is untouched). */
  abort(): void {
    this.close();
    if (this.renamed) return;
    // also after a failed finish (closed, not renamed): the temp file must not stay behind
    fs.rmSync(this.tmp, { force: true });
    this.forget();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    fs.closeSync(this.fd);
  }
}

/** Writes every byte of `bytes` at `position`, or at the file's current position for null (a write may take less than it was given). */
export function writeAll(fd: number, bytes: Uint8Array, position: number | null): void {
  const STEP = 1 << 26;
  for (let o = 0; o < bytes.byteLength; ) {
    const n = fs.writeSync(fd, bytes, o, Math.min(STEP, bytes.byteLength - o), position === null ? null : position + o);
    o += n;
  }
}
