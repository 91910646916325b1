/**
 * Reads one builder input (a path or "-" for stdin) line by line, as bytes. Gzip is
 * detected by its magic bytes (1f 8b), never by the file name, and every gzip member is
 * decoded (node:zlib; Bun.gunzipSync stops after the first member).
 * A line longer than MAX_LINE_BYTES is dropped (and counted) instead of being buffered.
 * Text is UTF-8 (internationalised names are converted to punycode by the normaliser).
 */
import fs from "node:fs";
import zlib from "node:zlib";
import { Readable } from "node:stream";

export const MAX_LINE_BYTES = 64 * 1024;

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
  for await (const c of fs.createReadStream(input, { highWaterMark: 4 << 20 })) yield c as Uint8Array;
}

/** Yields the (decompressed) bytes of an input, sniffing the compression from its first chunk. */
async function* decodedChunks(input: string, stats: LineStats): AsyncGenerator<Uint8Array> {
  const src = rawChunks(input);
  const first = await src.next();
  if (first.done) return;
  const head = first.value;
  for (const [magic, name] of [
    [XZ, "xz"],
    [ZSTD, "zstd"],
    [BZIP2, "bzip2"],
  ] as const) {
    if (startsWith(head, magic as unknown as number[])) {
      throw new InputError(
        `${input}: ${name}-compressed input is not supported; decompress it first (e.g. \`${name === "xz" ? "xz" : name === "zstd" ? "zstd" : "bzip2"} -dc ${input} | zonewise index build --out FILE -\`)`,
      );
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
  const gunzip = zlib.createGunzip({ chunkSize: 4 << 20 });
  const stream = Readable.from(all()).pipe(gunzip);
  try {
    for await (const c of stream) yield c as Uint8Array;
  } catch (e) {
    throw new InputError(`${input}: the gzip data is damaged (${(e as Error).message})`);
  }
}

/**
 * Calls onLine(bytes, start, end) for every line of the input, without its "\n" and one
 * trailing "\r". Lines are handed over as bytes (no string per line): the list reader
 * decides most lines from their bytes; a consumer that needs text calls lineText().
 * A line longer than MAX_LINE_BYTES is counted (stats.tooLong) and never buffered; a final
 * line without "\n" counts when it is not empty. `bytes` is only valid during the call.
 * A UTF-8 byte order mark at the start is dropped: the zone parser would read it as part
 * of the first token ("\uFEFF$ORIGIN"), losing the origin and every record after it.
 */
export async function forEachLine(input: string, stats: LineStats, onLine: (bytes: Buffer, start: number, end: number) => void): Promise<void> {
  const carry = Buffer.allocUnsafe(MAX_LINE_BYTES); // the start of a line that crosses chunks
  let carryLen = 0;
  let skipping = false; // inside an over-long line (already counted)
  const line = (b: Buffer, s: number, e: number) => {
    stats.lines++;
    if (e - s > MAX_LINE_BYTES) stats.tooLong++;
    else onLine(b, s, e > s && b[e - 1] === 13 ? e - 1 : e);
  };
  /** Appends b[s, e) to the carried partial line, or starts skipping when it grows too long. */
  const keep = (b: Buffer, s: number, e: number) => {
    if (skipping || s === e) return;
    if (carryLen + (e - s) > MAX_LINE_BYTES) {
      stats.lines++;
      stats.tooLong++;
      skipping = true;
      carryLen = 0;
    } else carryLen += b.copy(carry, carryLen, s, e);
  };
  let first = true;
  for await (const chunk of decodedChunks(input, stats)) {
    let b = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    // the first chunk holds at least the 3 bytes of a mark (4 MB reads, stdin and gunzip blocks)
    if (first && b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) b = b.subarray(3);
    first = false;
    let p = 0;
    let nl = b.indexOf(10, 0);
    if (nl >= 0 && (carryLen > 0 || skipping)) {
      if (skipping)
        skipping = false; // the tail of an over-long line
      else if (carryLen + nl > MAX_LINE_BYTES) {
        stats.lines++;
        stats.tooLong++;
      } else {
        carryLen += b.copy(carry, carryLen, 0, nl);
        line(carry, 0, carryLen);
      }
      carryLen = 0;
      p = nl + 1;
      nl = b.indexOf(10, p);
    }
    while (nl >= 0) {
      line(b, p, nl);
      p = nl + 1;
      nl = b.indexOf(10, p);
    }
    keep(b, p, b.length);
  }
  if (!skipping && carryLen > 0) line(carry, 0, carryLen);
}

/** A line as text: bytes >= 0x80 are UTF-8 (internationalised names), other lines plain ASCII. */
export function lineText(b: Buffer, s: number, e: number): string {
  for (let i = s; i < e; i++) if (b[i]! >= 0x80) return b.toString("utf8", s, e);
  return b.toString("latin1", s, e);
}
