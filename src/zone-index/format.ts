/**
 * The zone index file format: the single source of truth for every constant shared by the
 * writer (index-builder/write.ts) and the reader (open.ts). Byte-by-byte description in
 * index-builder/FORMAT.md. All integers are little-endian.
 */

/** 8 bytes: 0x89 "ZWIX" CR LF 0x1A; the high byte and CR LF catch text-mode transfers. */
export const MAGIC = Uint8Array.from([0x89, 0x5a, 0x57, 0x49, 0x58, 0x0d, 0x0a, 0x1a]);
export const FORMAT_VERSION = 6;
export const HEADER_BYTES = 128;
export const SECTION_ENTRY_BYTES = 32;
/** Sections start on page boundaries so each can be mapped on its own (files > 4 GiB). */
export const SECTION_ALIGN = 4096;

/** Header field offsets. */
export const H = {
  magic: 0,
  version: 8,
  headerBytes: 12,
  fileBytes: 16, // u64
  builtAtMs: 24, // u64, ms since 1970-01-01 UTC
  totalDomains: 32, // u64
  totalNames: 40, // u32
  totalTlds: 44, // u32
  sectionCount: 48, // u32
  extIdBytes: 52, // u32: 2 or 4
  flags: 56, // u32: bit 0 = HEADER_SAMPLE
  headerCrc: 60, // u32: crc32 of header (this field zeroed) + section table
} as const;

/**
 * Header flag: the index is a synthetic sample (the one `npm start` builds when no index is
 * configured), not real registrations; answers say so (zone stats, /healthz).
 */
export const HEADER_SAMPLE = 1;
/** EXTF bit: the index holds this extension's whole zone (a zone file, or a list marked complete). */
export const EXT_COMPLETE = 1;

/** Section tags (4 ASCII bytes, read as a little-endian u32). */
export const SECTIONS = {
  EXTB: "EXTB", // extension strings, concatenated, sorted ascending (ext id = rank)
  EXTO: "EXTO", // u32[E+1] byte offsets into EXTB
  EXTC: "EXTC", // u32[E] domains per extension
  EXTF: "EXTF", // u8[E] extension flags: bit 0 (EXT_COMPLETE) = the whole zone is in the index
  NAMB: "NAMB", // distinct names, concatenated, sorted ascending (name id = rank)
  NAMO: "NAMO", // N+1 byte offsets into NAMB, as u16 distances from a u32 per 1,024 (offsets.ts)
  NAMJ: "NAMJ", // u32 k, then u32[38^k + 1]: first name id per k-character prefix (jump table)
  POSO: "POSO", // N+1 postings starts per name (prefix sums of domains per name), stored as NAMO
  POST: "POST", // u16|u32[D] extension ids per name, ascending within a name
  TRIO: "TRIO", // u32[T+1] byte offsets into TRIP per trigram
  TRIC: "TRIC", // u32[T] names per trigram
  TRIP: "TRIP", // delta-varint name ids per trigram
  PREE: "PREE", // precomputed term entries, 48 bytes each
  PREX: "PREX", // u16|u32[R] precomputed breakdown records: extension ids
  PREC: "PREC", // LEB128 varints, one per precomputed breakdown record: domains
} as const;
/**
 * Sections a file may lack: the containment counts (src/zone-index/inner.ts), added within
 * format 4. The builder always writes them; a file without them is still read, and
 * include_counts then searches live.
 */
export const OPTIONAL_SECTIONS = {
  CNTB: "CNTB", // u32 words: bit per name, set when the name has a CNTD entry
  CNTO: "CNTO", // u32[floor(N/512) + 2]: CNTD byte offset of each 512-name block's first entry
  CNTD: "CNTD", // per flagged name: one byte, or varints inner names, inner domains - inner names, inner ends
} as const;
export type SectionTag = keyof typeof SECTIONS | keyof typeof OPTIONAL_SECTIONS;
export const REQUIRED_SECTIONS = Object.keys(SECTIONS) as SectionTag[];

export function tagToU32(tag: string): number {
  return tag.charCodeAt(0) | (tag.charCodeAt(1) << 8) | (tag.charCodeAt(2) << 16) | ((tag.charCodeAt(3) << 24) >>> 0);
}
export function u32ToTag(v: number): string {
  return String.fromCharCode(v & 255, (v >>> 8) & 255, (v >>> 16) & 255, (v >>> 24) & 255);
}

/** Name characters a-z 0-9 "-" as trigram symbols 0..36 ("-" = 0, digits 1..10, letters 11..36). */
export const ALPHABET = 37;
export const TRIGRAMS = ALPHABET * ALPHABET * ALPHABET;
export const SYMBOL = (() => {
  const t = new Int8Array(256).fill(-1);
  t[45] = 0;
  for (let c = 48; c <= 57; c++) t[c] = c - 47;
  for (let c = 97; c <= 122; c++) t[c] = c - 86;
  return t;
})();

/** Positions in PREE entries. */
export const POSITIONS = ["contains", "starts", "ends"] as const;
export type Position = (typeof POSITIONS)[number];
/** PREE entry: u8 position, u8 term length, u16 0, term[12], u32 domains, u32 names,
 *  u32 tld_match, u32 first record, u32 record count, u32 first count byte (PREC), 8 bytes 0. */
export const PRE_ENTRY_BYTES = 48;
export const PRE_TERM_MAX = 12;
/** A precomputed breakdown record is PREX[r] (extension id, extIdBytes wide) and the r-th
 *  LEB128 varint of PREC (domains = names: a name holds an extension once); an entry's
 *  varints start at its "first count byte". */
