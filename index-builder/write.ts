/**
 * Writes the index file: header, section table, then page-aligned sections (FORMAT.md).
 * The file is written to a temp name in the destination folder, fsynced, renamed over the
 * destination (atomic on one filesystem) and the folder is fsynced, so a reader sees either
 * the old complete file or the new complete file, never a partial one.
 */
import fs from "node:fs";
import path from "node:path";
import {
  FORMAT_VERSION, H, HEADER_BYTES, MAGIC, SECTION_ALIGN, SECTION_ENTRY_BYTES, tagToU32, type SectionTag,
} from "../src/zone-index/format.ts";

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

/** Writes the file and returns its size in bytes. */
export function writeIndexFile(out: string, fields: HeaderFields, sections: SectionData[]): number {
  const tableEnd = HEADER_BYTES + sections.length * SECTION_ENTRY_BYTES;
  const { offsets: layout, fileBytes } = fileLayout(sections.map((s) => s.data.byteLength));

  const head = new Uint8Array(tableEnd);
  const dv = new DataView(head.buffer);
  head.set(MAGIC, H.magic);
  dv.setUint32(H.version, FORMAT_VERSION, true);
  dv.setUint32(H.headerBytes, HEADER_BYTES, true);
  dv.setBigUint64(H.fileBytes, BigInt(fileBytes), true);
  dv.setBigUint64(H.builtAtMs, BigInt(fields.builtAtMs), true);
  dv.setBigUint64(H.totalDomains, BigInt(fields.totalDomains), true);
  dv.setUint32(H.totalNames, fields.totalNames, true);
  dv.setUint32(H.totalTlds, fields.totalTlds, true);
  dv.setUint32(H.sectionCount, sections.length, true);
  dv.setUint32(H.extIdBytes, fields.extIdBytes, true);
  dv.setUint32(H.flags, 0, true);
  sections.forEach((s, i) => {
    const o = HEADER_BYTES + i * SECTION_ENTRY_BYTES;
    dv.setUint32(o, tagToU32(s.tag), true);
    dv.setUint32(o + 4, s.elemBytes, true);
    dv.setBigUint64(o + 8, BigInt(layout[i]), true);
    dv.setBigUint64(o + 16, BigInt(s.data.byteLength), true);
    dv.setUint32(o + 24, Bun.hash.crc32(bytesOf(s.data)) >>> 0, true);
  });
  dv.setUint32(H.headerCrc, Bun.hash.crc32(head) >>> 0, true);

  const dir = path.dirname(path.resolve(out));
  const tmp = path.join(dir, `.${path.basename(out)}.tmp-${process.pid}-${Date.now()}`);
  const fd = fs.openSync(tmp, "w", 0o644);
  try {
    writeAll(fd, head, 0);
    sections.forEach((s, i) => {
      // the gap before each section is left as a hole (reads as zeros)
      writeAll(fd, bytesOf(s.data), layout[i]);
    });
    fs.ftruncateSync(fd, fileBytes);
    fs.fsyncSync(fd);
  } catch (e) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw e;
  }
  fs.closeSync(fd);
  fs.renameSync(tmp, out);
  try {
    const dfd = fs.openSync(dir, "r");
    fs.fsyncSync(dfd);
    fs.closeSync(dfd);
  } catch {
    // some filesystems refuse fsync on a directory; the rename itself is still atomic
  }
  return fileBytes;
}

function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  const STEP = 1 << 26;
  for (let o = 0; o < bytes.byteLength; ) {
    const n = fs.writeSync(fd, bytes, o, Math.min(STEP, bytes.byteLength - o), position + o);
    o += n;
  }
}
