/**
 * Reads one builder input (a path or "-" for stdin) as batches of text lines. Gzip is
 * detected by its magic bytes (1f 8b), never by the file name, and every gzip member is
 * decoded (node:zlib; Bun.gunzipSync stops after the first member, PLATFORM.md note 7).
 * A line longer than MAX_LINE_BYTES is dropped (and counted) instead of being buffered.
 * Text is UTF-8 (internationalised names are converted to punycode by the normaliser).
 */
import fs from "node:fs";
import zlib from "node:zlib";
import { Readable } from "node:stream";

export const MAX_LINE_BYTES = 64 * 1024;
const NON_ASCII = /[\x80-\xff]/;
const utf8 = (latin1Line: string) => Buffer.from(latin1Line, "latin1").toString("utf8");

export class InputError extends Error {}

export interface LineStats {
  lines: number;
  tooLong: number;
  compressed: boolean;
}

const GZIP = [0x1f, 0x8b];
const XZ = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00];
const ZSTD = [0x28, 0xb5, 0x2f, 0xfd];
const BZIP2 = [0x42, 0x5a, 0x68];

function startsWith(buf: Uint8Array, magic: number[]): boolean {
  if (buf.length < magic.length) return false;
  return magic.every((b, i) => buf[i] === b);
}

async function* rawChunks(input: string): AsyncGenerator<Uint8Array> {
  if (input === "-") {
    for await (const c of process.stdin) yield c as Uint8Array;
    return;
  }
  let st: fs.Stats;
  try {
    st = fs.statSync(input);
  } catch {
    throw new InputError(`${input}: no such file (give a zone file, a domain list, or "-" for stdin)`);
  }
  if (!st.isFile()) throw new InputError(`${input}: not a regular file`);
  for await (const c of fs.createReadStream(input, { highWaterMark: 1 << 20 })) yield c as Uint8Array;
}

/** Yields the (decompressed) bytes of an input, sniffing the compression from its first chunk. */
async function* decodedChunks(input: string, stats: LineStats): AsyncGenerator<Uint8Array> {
  const src = rawChunks(input);
  const first = await src.next();
  if (first.done) return;
  const head = first.value;
  for (const [magic, name] of [[XZ, "xz"], [ZSTD, "zstd"], [BZIP2, "bzip2"]] as const) {
    if (startsWith(head, magic as unknown as number[])) {
      throw new InputError(`${input}: ${name}-compressed input is not supported; decompress it first (e.g. \`${name === "xz" ? "xz" : name === "zstd" ? "zstd" : "bzip2"} -dc ${input} | zonewise index build --out FILE -\`)`);
    }
  }
  async function* all(): AsyncGenerator<Uint8Array> {
    yield head;
    for await (const c of { [Symbol.asyncIterator]: () => src }) yield c;
  }
  if (!startsWith(head, GZIP)) {
    yield* all();
    return;
  }
  stats.compressed = true;
  const gunzip = zlib.createGunzip({ chunkSize: 1 << 20 });
  const stream = Readable.from(all()).pipe(gunzip);
  try {
    for await (const c of stream) yield c as Uint8Array;
  } catch (e) {
    throw new InputError(`${input}: the gzip data is damaged (${(e as Error).message})`);
  }
}

/** Batches of lines (without "\n" / "\r"); latin1 decoding keeps byte == char code. */
export async function* readLineBatches(input: string, stats: LineStats): AsyncGenerator<string[]> {
  let carry = "";
  let skippingLongLine = false;
  for await (const chunk of decodedChunks(input, stats)) {
    const text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("latin1");
    const parts = text.split("\n");
    // latin1 keeps byte == char code (fast, and "\n" never sits inside a UTF-8 sequence);
    // whole lines with bytes >= 0x80 (IDN written in UTF-8) are decoded as UTF-8 below.
    const high = NON_ASCII.test(text) || NON_ASCII.test(carry);
    const last = parts.pop() as string;
    const out: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      let line = i === 0 ? carry + parts[0] : parts[i];
      if (i === 0) carry = "";
      if (i === 0 && skippingLongLine) {
        skippingLongLine = false;
        continue; // tail of an over-long line (already counted)
      }
      stats.lines++;
      if (line.length > MAX_LINE_BYTES) {
        stats.tooLong++;
        continue;
      }
      if (line.length > 0 && line.charCodeAt(line.length - 1) === 13) line = line.slice(0, -1);
      out.push(high && NON_ASCII.test(line) ? utf8(line) : line);
    }
    if (parts.length > 0 || !skippingLongLine) carry = parts.length > 0 ? last : carry + last;
    if (carry.length > MAX_LINE_BYTES) {
      if (!skippingLongLine) {
        stats.lines++;
        stats.tooLong++;
      }
      skippingLongLine = true;
      carry = "";
    }
    if (out.length > 0) yield out;
  }
  if (!skippingLongLine && carry.length > 0) {
    stats.lines++;
    if (carry.charCodeAt(carry.length - 1) === 13) carry = carry.slice(0, -1);
    yield [NON_ASCII.test(carry) ? utf8(carry) : carry];
  }
}
