/**
 * The lexicon file format, written by scripts/lexicon/build.ts and read by lexicon.ts: the one
 * place that knows the byte layout. The file is gzip (one member) of:
 *
 *   offset  size  field
 *   0       4     magic "ZWLX"
 *   4       4     u32 format version (FORMAT_VERSION)
 *   8       4     u32 n = number of words
 *   12      4     u32 h = header JSON length in bytes
 *   16      4     u32 w = words blob length in bytes
 *   20      4     u32 p = phrases blob length in bytes
 *   24      4     u32 m = number of word pairs
 *   28      h     header JSON (UTF-8): { version, built_from, licence, counts }
 *   ..      w     words, sorted by code unit, joined by "\n" (ASCII a-z0-9 only)
 *   ..      2n    u16 freq[n]: frequency cost of each word in 1/1024 nats (NO_FREQ: not in a corpus)
 *   ..      2n    u16 flags[n]: W_* bits (classifier-words.ts)
 *   ..      p     phrases: "w1 w2" pairs of adjacent words of known phrases, sorted, joined by "\n"
 *   ..      2*27^3 u16 chars[27^3]: letter trigram model, -ln p(c | a b) in 1/1024 nats at index
 *                  (a * 27 + b) * 27 + c, letters a-z = 0-25 and 26 = word boundary
 *   ..      4m    u32 pairFirst[m]: word index of each pair's first word (pairs sorted)
 *   ..      4m    u32 pairSecond[m]: word index of its second word
 *   ..      m     u8 pairAssoc[m]: ln p(second | first) - ln p(second) in 1/PAIR_SCALE nats
 *   ..      4     u32 k = number of other languages (classifier-words.ts LANGS, in that order)
 *   then per language:
 *           4     u32 c = number of its words
 *           4c    u32 langIdx[c]: their word indexes, ascending
 *           2c    u16 langCost[c]: -ln p(word) in that language, in 1/1024 nats
 *
 * All integers little-endian. Padding: none (the u16 arrays are copied out of the buffer,
 * so alignment does not matter). The build sorts everything, so the same packages give the
 * same bytes.
 */
import { gunzipSync, gzipSync } from "node:zlib";

export const MAGIC = "ZWLX";
export const FORMAT_VERSION = 5;
/** Symbols of the letter model: a-z and the word boundary. */
export const CHAR_SYMBOLS = 27;
export const CHAR_TABLE = CHAR_SYMBOLS ** 3;
/** freq value of a word no frequency corpus knows. */
export const NO_FREQ = 0xffff;
/** Costs are stored as round(cost * FREQ_SCALE). */
export const FREQ_SCALE = 1024;
/** Word-pair associations are stored as round(nats * PAIR_SCALE), 1 to 255. */
export const PAIR_SCALE = 16;

export interface LexiconHeader {
  version: string;
  built_from: Record<string, string>;
  /** The file's own licence and attribution (it is a derived work of CC BY-SA data). */
  licence?: string;
  counts: Record<string, number>;
}

export interface LexiconData {
  header: LexiconHeader;
  words: string[];
  freq: Uint16Array;
  flags: Uint16Array;
  phrases: string[];
  /** Letter trigram costs (CHAR_TABLE entries, FREQ_SCALE units). */
  chars: Uint16Array;
  /** Word pairs with a positive association (a language model's bigrams), as word indexes. */
  pairFirst: Uint32Array;
  pairSecond: Uint32Array;
  /** Their associations in PAIR_SCALE units, 1 to 255. */
  pairAssoc: Uint8Array;
  /** Per other language (LANGS order): its words' indexes, ascending, and their costs (FREQ_SCALE units); none when absent. */
  langIdx?: Uint32Array[];
  langCost?: Uint16Array[];
}

const te = new TextEncoder();
const td = new TextDecoder();

export function encodeLexicon(d: LexiconData): Uint8Array {
  const n = d.words.length;
  if (d.freq.length !== n || d.flags.length !== n) throw new Error("lexicon: array lengths differ");
  const header = te.encode(JSON.stringify(d.header));
  const words = te.encode(d.words.join("\n"));
  const phrases = te.encode(d.phrases.join("\n"));
  if (d.chars.length !== CHAR_TABLE) throw new Error("lexicon: letter model has the wrong size");
  const m = d.pairFirst.length;
  if (d.pairSecond.length !== m || d.pairAssoc.length !== m) throw new Error("lexicon: pair array lengths differ");
  const langIdx = d.langIdx ?? [],
    langCost = d.langCost ?? [];
  if (langIdx.length !== langCost.length) throw new Error("lexicon: language array counts differ");
  let langBytes = 4;
  for (let l = 0; l < langIdx.length; l++) {
    if (langIdx[l]!.length !== langCost[l]!.length) throw new Error("lexicon: language array lengths differ");
    langBytes += 4 + 6 * langIdx[l]!.length;
  }
  const out = new Uint8Array(28 + header.length + words.length + 4 * n + phrases.length + 2 * CHAR_TABLE + 9 * m + langBytes);
  const view = new DataView(out.buffer);
  out.set(te.encode(MAGIC), 0);
  view.setUint32(4, FORMAT_VERSION, true);
  view.setUint32(8, n, true);
  view.setUint32(12, header.length, true);
  view.setUint32(16, words.length, true);
  view.setUint32(20, phrases.length, true);
  view.setUint32(24, m, true);
  let at = 28;
  out.set(header, at);
  at += header.length;
  out.set(words, at);
  at += words.length;
  for (let i = 0; i < n; i++, at += 2) view.setUint16(at, d.freq[i]!, true);
  for (let i = 0; i < n; i++, at += 2) view.setUint16(at, d.flags[i]!, true);
  out.set(phrases, at);
  at += phrases.length;
  for (let i = 0; i < CHAR_TABLE; i++, at += 2) view.setUint16(at, d.chars[i]!, true);
  for (let i = 0; i < m; i++, at += 4) view.setUint32(at, d.pairFirst[i]!, true);
  for (let i = 0; i < m; i++, at += 4) view.setUint32(at, d.pairSecond[i]!, true);
  out.set(d.pairAssoc, at);
  at += m;
  view.setUint32(at, langIdx.length, true);
  at += 4;
  for (let l = 0; l < langIdx.length; l++) {
    const idx = langIdx[l]!,
      cost = langCost[l]!;
    view.setUint32(at, idx.length, true);
    at += 4;
    for (let i = 0; i < idx.length; i++, at += 4) view.setUint32(at, idx[i]!, true);
    for (let i = 0; i < idx.length; i++, at += 2) view.setUint16(at, cost[i]!, true);
  }
  return gzipSync(out, { level: 9 });
}

/** A decoded file: the words stay one "\n"-joined byte blob (lexicon.ts indexes it in place). */
export interface DecodedLexicon {
  header: LexiconHeader;
  size: number;
  wordBlob: Uint8Array;
  freq: Uint16Array;
  flags: Uint16Array;
  phrases: string[];
  chars: Uint16Array;
  pairFirst: Uint32Array;
  pairSecond: Uint32Array;
  pairAssoc: Uint8Array;
  langIdx: Uint32Array[];
  langCost: Uint16Array[];
}

const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/**
 * n little-endian u16 or u32 (by the array kind) at byte offset `at`: one copy on a
 * little-endian machine, else field by field.
 */
function littleEndian<T extends Uint16Array | Uint32Array>(
  Kind: { new (bytes: ArrayBuffer): T; new (length: number): T; readonly BYTES_PER_ELEMENT: number },
  raw: Uint8Array,
  view: DataView,
  at: number,
  n: number,
): T {
  const size = Kind.BYTES_PER_ELEMENT;
  if (LITTLE_ENDIAN) return new Kind(raw.buffer.slice(raw.byteOffset + at, raw.byteOffset + at + size * n) as ArrayBuffer);
  const out = new Kind(n);
  for (let i = 0; i < n; i++) out[i] = size === 2 ? view.getUint16(at + 2 * i, true) : view.getUint32(at + 4 * i, true);
  return out;
}

export function decodeLexicon(file: Uint8Array): DecodedLexicon {
  const raw = new Uint8Array(gunzipSync(file));
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  if (raw.length < 28 || td.decode(raw.subarray(0, 4)) !== MAGIC) throw new Error("lexicon: not a Zonewise lexicon file (bad magic)");
  const version = view.getUint32(4, true);
  if (version !== FORMAT_VERSION) throw new Error(`lexicon: format ${version}, this build reads ${FORMAT_VERSION}; rebuild it with scripts/lexicon/build.ts`);
  const n = view.getUint32(8, true),
    h = view.getUint32(12, true),
    w = view.getUint32(16, true),
    p = view.getUint32(20, true);
  const m = view.getUint32(24, true);
  const fixed = 28 + h + w + 4 * n + p + 2 * CHAR_TABLE + 9 * m;
  if (raw.length < fixed + 4) throw new Error("lexicon: truncated or corrupt file (section lengths do not add up)");
  let at = 28;
  const header = JSON.parse(td.decode(raw.subarray(at, at + h))) as LexiconHeader;
  at += h;
  const wordBlob = raw.subarray(at, at + w);
  at += w;
  let lines = n === 0 ? 0 : 1;
  for (let i = 0; i < wordBlob.length; i++) if (wordBlob[i] === 10) lines++;
  if (lines !== n) throw new Error(`lexicon: ${lines} words in the blob, header says ${n}`);
  const freq = littleEndian(Uint16Array, raw, view, at, n);
  at += 2 * n;
  const flags = littleEndian(Uint16Array, raw, view, at, n);
  at += 2 * n;
  const phrases = p === 0 ? [] : td.decode(raw.subarray(at, at + p)).split("\n");
  at += p;
  const chars = littleEndian(Uint16Array, raw, view, at, CHAR_TABLE);
  at += 2 * CHAR_TABLE;
  const pairFirst = littleEndian(Uint32Array, raw, view, at, m);
  at += 4 * m;
  const pairSecond = littleEndian(Uint32Array, raw, view, at, m);
  at += 4 * m;
  const pairAssoc = raw.slice(at, at + m);
  at += m;
  const k = view.getUint32(at, true);
  at += 4;
  const langIdx: Uint32Array[] = [],
    langCost: Uint16Array[] = [];
  for (let l = 0; l < k; l++) {
    const c = at + 4 <= raw.length ? view.getUint32(at, true) : -1;
    at += 4;
    if (c < 0 || at + 6 * c > raw.length) throw new Error("lexicon: truncated or corrupt file (a language section runs past the end)");
    const idx = littleEndian(Uint32Array, raw, view, at, c);
    at += 4 * c;
    langCost.push(littleEndian(Uint16Array, raw, view, at, c));
    at += 2 * c;
    for (let i = 0; i < c; i++)
      if (idx[i]! >= n || (i > 0 && idx[i]! <= idx[i - 1]!))
        throw new Error(`lexicon: language ${l} lists word ${idx[i]} out of order or past the ${n} words; rebuild it with scripts/lexicon/build.ts`);
    langIdx.push(idx);
  }
  if (at !== raw.length) throw new Error("lexicon: truncated or corrupt file (section lengths do not add up)");
  for (let i = 0; i < m; i++) {
    if (pairFirst[i]! >= n || pairSecond[i]! >= n)
      throw new Error(`lexicon: word pair ${i} names a word past the ${n} words; rebuild it with scripts/lexicon/build.ts`);
  }
  return { header, size: n, wordBlob, freq, flags, phrases, chars, pairFirst, pairSecond, pairAssoc, langIdx, langCost };
}
