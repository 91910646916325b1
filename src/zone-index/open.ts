/**
 * Opens and validates an index file, then maps each section with Bun.mmap.
 * Checked on open (cheap, O(header)): magic, format version, header size, recorded file
 * size against the real one (truncation), header+table crc32, every required section
 * present, inside the file, page-aligned and sized consistently with the header counts.
 * `verifySectionSteps` checks every section's crc32 (O(file), ~9 GB/s) for `index stats` and
 * the swap (through ZoneIndex.verify/verifySteps). Mappings are MAP_PRIVATE (shared:
 * false): the file's pages are still shared between processes and workers, and a stray
 * write could never reach the file. Each section is its own mapping, so files over 4 GiB
 * work (one ArrayBuffer, and so one mapping, holds at most 4 GiB).
 */
import fs from "node:fs";
import {
  FORMAT_VERSION,
  H,
  HEADER_BYTES,
  MAGIC,
  OPTIONAL_SECTIONS,
  REQUIRED_SECTIONS,
  SECTION_ALIGN,
  SECTION_ENTRY_BYTES,
  TRIGRAMS,
  u32ToTag,
  PRE_ENTRY_BYTES,
  type SectionTag,
} from "./format.ts";
import { checkJumpTable } from "./jump.ts";
import { readOffsets } from "./offsets.ts";
import type { IndexArrays } from "./arrays.ts";
import { innerProblem, type InnerArrays } from "./inner.ts";
import type { Steps } from "./steps.ts";

export class ZoneIndexError extends Error {
  override name = "ZoneIndexError";
}

export interface SectionInfo {
  tag: string;
  elemBytes: number;
  offset: number;
  length: number;
  crc: number;
}

export interface Header {
  version: number;
  fileBytes: number;
  builtAtMs: number;
  totalDomains: number;
  totalNames: number;
  totalTlds: number;
  extIdBytes: number;
  /** Header flags (HEADER_SAMPLE). */
  flags: number;
  sections: Map<string, SectionInfo>;
}

/** The header and section table, checked (magic, version, size, checksum, sections inside the file) and the sections this version needs present, with their sizes. */
export function readHeader(path: string): Header {
  const h = readTable(path);
  for (const t of REQUIRED_SECTIONS)
    if (!h.sections.has(t)) throw new ZoneIndexError(`${path}: section ${t} is missing; rebuild the index with this version's builder`);
  checkSizes(path, h);
  return h;
}

/** The header and section table alone, checked as far as they go without knowing which sections the file should hold. */
export function readTable(path: string): Header {
  let fd: number;
  try {
    fd = fs.openSync(path, "r");
  } catch (e) {
    throw new ZoneIndexError(`${path}: cannot open the zone index (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  try {
    const st = fs.fstatSync(fd);
    // a folder opens for reading on Linux; its first read fails with EISDIR
    if (!st.isFile())
      throw new ZoneIndexError(`${path}: not a file (${st.isDirectory() ? "a folder" : "not a regular file"}); give the path of a zone index file`);
    const size = st.size;
    const head = Buffer.alloc(HEADER_BYTES);
    const got = fs.readSync(fd, head, 0, HEADER_BYTES, 0);
    if (got < MAGIC.length || !MAGIC.every((b, i) => head[i] === b)) {
      throw new ZoneIndexError(`${path}: not a zonewise zone index (wrong magic bytes); build one with \`npm run cli -- index build --out FILE INPUT...\``);
    }
    if (got < HEADER_BYTES)
      throw new ZoneIndexError(`${path}: truncated (${size} bytes, shorter than the ${HEADER_BYTES}-byte header); rebuild or copy it again`);
    const dv = new DataView(head.buffer, head.byteOffset, HEADER_BYTES);
    const version = dv.getUint32(H.version, true);
    if (version !== FORMAT_VERSION) {
      throw new ZoneIndexError(
        `${path}: format version ${version}, this program reads version ${FORMAT_VERSION}; rebuild the index with this version's builder`,
      );
    }
    if (dv.getUint32(H.headerBytes, true) !== HEADER_BYTES) throw new ZoneIndexError(`${path}: corrupt header (header size field); rebuild the index`);
    const fileBytes = Number(dv.getBigUint64(H.fileBytes, true));
    if (size < fileBytes)
      throw new ZoneIndexError(`${path}: truncated: ${size} bytes on disk, the header says ${fileBytes}; the copy or the build did not finish`);
    if (size > fileBytes)
      throw new ZoneIndexError(`${path}: ${size - fileBytes} unexpected bytes after the end of the index; the file was appended to or is not an index`);
    const count = dv.getUint32(H.sectionCount, true);
    if (count > 256) throw new ZoneIndexError(`${path}: corrupt header (section count ${count}); rebuild the index`);
    const table = Buffer.alloc(count * SECTION_ENTRY_BYTES);
    if (fs.readSync(fd, table, 0, table.length, HEADER_BYTES) !== table.length) throw new ZoneIndexError(`${path}: truncated inside the section table`);
    const whole = new Uint8Array(HEADER_BYTES + table.length);
    whole.set(head, 0);
    whole.set(table, HEADER_BYTES);
    const stored = dv.getUint32(H.headerCrc, true);
    new DataView(whole.buffer).setUint32(H.headerCrc, 0, true);
    if (Bun.hash.crc32(whole) >>> 0 !== stored)
      throw new ZoneIndexError(`${path}: header checksum mismatch: the header or section table is corrupt; rebuild the index`);
    const tdv = new DataView(table.buffer, table.byteOffset, table.length);
    const sections = new Map<string, SectionInfo>();
    for (let i = 0; i < count; i++) {
      const o = i * SECTION_ENTRY_BYTES;
      const s: SectionInfo = {
        tag: u32ToTag(tdv.getUint32(o, true)),
        elemBytes: tdv.getUint32(o + 4, true),
        offset: Number(tdv.getBigUint64(o + 8, true)),
        length: Number(tdv.getBigUint64(o + 16, true)),
        crc: tdv.getUint32(o + 24, true),
      };
      if (s.offset % SECTION_ALIGN !== 0 || s.offset + s.length > fileBytes)
        throw new ZoneIndexError(`${path}: section ${s.tag} lies outside the file; rebuild the index`);
      sections.set(s.tag, s);
    }
    return {
      version,
      fileBytes,
      sections,
      builtAtMs: Number(dv.getBigUint64(H.builtAtMs, true)),
      totalDomains: Number(dv.getBigUint64(H.totalDomains, true)),
      totalNames: dv.getUint32(H.totalNames, true),
      totalTlds: dv.getUint32(H.totalTlds, true),
      extIdBytes: dv.getUint32(H.extIdBytes, true),
      flags: dv.getUint32(H.flags, true),
    };
  } finally {
    fs.closeSync(fd);
  }
}

function checkSizes(path: string, h: Header): void {
  const { totalTlds: E, totalDomains: D } = h;
  const want: Partial<Record<SectionTag, number>> = {
    EXTO: (E + 1) * 4,
    EXTC: E * 4,
    EXTF: E,
    POST: D * h.extIdBytes, // NAMO and POSO: readOffsets
    TRIO: (TRIGRAMS + 1) * 4,
    TRIC: TRIGRAMS * 4,
  };
  if (h.extIdBytes !== 2 && h.extIdBytes !== 4) throw new ZoneIndexError(`${path}: corrupt header (extension id width ${h.extIdBytes})`);
  for (const [tag, len] of Object.entries(want)) {
    const s = h.sections.get(tag) as SectionInfo;
    if (s.length !== len) throw new ZoneIndexError(`${path}: section ${tag} is ${s.length} bytes, expected ${len} from the header counts; the file is corrupt`);
  }
  const records = h.sections.get("PREX")!.length / h.extIdBytes;
  if (h.sections.get("PREE")!.length % PRE_ENTRY_BYTES !== 0 || !Number.isInteger(records) || h.sections.get("PREC")!.length < records) {
    throw new ZoneIndexError(`${path}: precomputed sections have a ragged size; the file is corrupt`);
  }
}

export function mapSection(path: string, s: SectionInfo): Uint8Array {
  if (s.length === 0) return new Uint8Array(0);
  let m: Uint8Array;
  try {
    m = Bun.mmap(path, { offset: s.offset, size: s.length, shared: false });
  } catch (e) {
    // Bun opens the file read-write (O_RDWR) to map it, even for a private mapping.
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new ZoneIndexError(
      `${path}: cannot map section ${s.tag} (${code}); the server maps index files read-write, so the file must be writable by its user`,
    );
  }
  if (m.byteLength < s.length) throw new ZoneIndexError(`${path}: section ${s.tag} could not be mapped whole (file changed while opening?)`);
  return m.byteLength === s.length ? m : m.subarray(0, s.length);
}

/** The arrays, and each section's mapping by tag (verifySectionSteps reads those). */
export function mapArrays(path: string, h: Header): { arrays: IndexArrays; maps: Map<string, Uint8Array> } {
  const maps = new Map<string, Uint8Array>();
  const get = (t: SectionTag) => {
    const m = mapSection(path, h.sections.get(t) as SectionInfo);
    maps.set(t, m);
    return m;
  };
  const u32 = (t: SectionTag) => {
    const m = get(t);
    return new Uint32Array(m.buffer, m.byteOffset, m.byteLength >>> 2);
  };
  const extBlob = get("EXTB");
  const extOff = u32("EXTO");
  const extNames: string[] = [];
  const dec = new TextDecoder("latin1");
  for (let i = 0; i < h.totalTlds; i++) {
    if (extOff[i + 1] < extOff[i] || extOff[i + 1] > extBlob.length) throw new ZoneIndexError(`${path}: extension table is corrupt`);
    extNames.push(dec.decode(extBlob.subarray(extOff[i], extOff[i + 1])));
  }
  const extIds = (t: SectionTag) => {
    const m = get(t);
    return h.extIdBytes === 2 ? new Uint16Array(m.buffer, m.byteOffset, m.byteLength >>> 1) : new Uint32Array(m.buffer, m.byteOffset, m.byteLength >>> 2);
  };
  const offsets = (t: SectionTag, lastValue: number) => {
    const o = readOffsets(t, get(t), h.totalNames + 1, lastValue);
    if (typeof o === "string") throw new ZoneIndexError(`${path}: ${o}; the file is corrupt`);
    return o;
  };
  const names = get("NAMB");
  const jump = u32("NAMJ");
  const jumpProblem = checkJumpTable(jump, h.totalNames);
  if (jumpProblem !== null) throw new ZoneIndexError(`${path}: ${jumpProblem}; the file is corrupt`);
  const arrays: IndexArrays = {
    extNames,
    extCount: u32("EXTC"),
    extFlags: get("EXTF"),
    names,
    nameOff: offsets("NAMO", names.length),
    jumpChars: jump[0],
    jump: jump.subarray(1),
    postStart: offsets("POSO", h.totalDomains),
    post: extIds("POST"),
    triOff: u32("TRIO"),
    triCount: u32("TRIC"),
    triData: get("TRIP"),
    preEntries: get("PREE"),
    preExt: extIds("PREX"),
    preCount: get("PREC"),
    inner: null,
  };
  const innerTags = Object.keys(OPTIONAL_SECTIONS) as SectionTag[];
  const present = innerTags.filter((t) => h.sections.has(t));
  if (present.length > 0 && present.length < innerTags.length) {
    throw new ZoneIndexError(`${path}: section ${innerTags.find((t) => !h.sections.has(t))} is missing beside ${present.join(", ")}; the file is corrupt`);
  }
  if (present.length === innerTags.length) {
    const inner: InnerArrays = { bitmap: u32("CNTB"), blocks: u32("CNTO"), data: get("CNTD") };
    const problem = innerProblem(inner, h.totalNames);
    if (problem !== null) throw new ZoneIndexError(`${path}: ${problem}; the file is corrupt`);
    arrays.inner = inner;
  }
  if (arrays.triOff[arrays.triOff.length - 1] !== arrays.triData.length) {
    throw new ZoneIndexError(`${path}: TRIO's last offset does not match TRIP's size; the file is corrupt`);
  }
  return { arrays, maps };
}

/** A crc32 run of this many bytes a slice: a few milliseconds when resident. */
const VERIFY_SLICE = 16 << 20;

/**
 * Full-data check: crc32 of every section, in slices of VERIFY_SLICE bytes (steps.ts; a
 * crc32 continues from the previous slice's value) so that a serving thread can check a new
 * file between requests. Returns null when sound, else the problem. A section found in
 * `maps` (the mappings an index serves from) is read there, so a verified index is resident
 * in the very mappings its queries read (ZoneIndex.verify).
 */
export function* verifySectionSteps(path: string, h: Header, maps?: Map<string, Uint8Array>, sliceBytes = VERIFY_SLICE): Steps<string | null> {
  for (const s of h.sections.values()) {
    const m = maps?.get(s.tag) ?? mapSection(path, s);
    let crc = 0;
    for (let at = 0; at < m.length; at += sliceBytes) {
      crc = Bun.hash.crc32(m.subarray(at, Math.min(m.length, at + sliceBytes)), crc);
      yield;
    }
    if (crc >>> 0 !== s.crc) return `${path}: section ${s.tag} checksum mismatch: the data is corrupt; rebuild the index`;
  }
  return null;
}
