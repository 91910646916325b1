/**
 * Reading a results file, never past its committed length (the chunk table is the truth):
 * - `gzipStream`: the bytes as stored, for a client that accepts gzip. From a chunk
 *   boundary it is a plain file slice (Bun sends it with sendfile); from inside a chunk,
 *   the rest of that chunk is recompressed as one small member and the file follows.
 * - `lineStream`: inflated member by member on demand (pull-driven, so a slow client
 *   holds at most one chunk in memory), optionally mapped line by line (CSV).
 * - `readRows`: a page of parsed rows (the tool server's job_results).
 */
import fs from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import type { ChunkRow } from "./types.ts";

/** One member inflated: its NDJSON bytes, from its `skip`-th line on. */
function memberBytes(fd: number, c: ChunkRow, skip: number): Buffer {
  const buf = Buffer.allocUnsafe(c.bytes);
  let got = 0;
  while (got < c.bytes) {
    const n = fs.readSync(fd, buf, got, c.bytes - got, c.offset + got);
    if (n === 0) throw new Error(`results file ends before its committed length (chunk at row ${c.row_start})`);
    got += n;
  }
  const text = gunzipSync(buf);
  let at = 0;
  for (let k = 0; k < skip && at < text.length; k++) at = text.indexOf(10, at) + 1 || text.length;
  return at === 0 ? text : text.subarray(at);
}

/** Lines of one member (each without its newline), from its `skip`-th. */
function memberLines(fd: number, c: ChunkRow, skip: number): string[] {
  const lines = memberBytes(fd, c, skip).toString("utf8").split("\n");
  lines.pop();
  return lines;
}

export function gzipStream(file: string, chunks: ChunkRow[], from: number): ReadableStream<Uint8Array> | Blob {
  const first = chunks[0]!;
  const last = chunks[chunks.length - 1]!;
  const end = last.offset + last.bytes;
  if (from <= first.row_start) return Bun.file(file).slice(first.offset, end);
  const fd = fs.openSync(file, "r");
  let head: Uint8Array;
  try {
    const rest = memberLines(fd, first, from - first.row_start);
    head = gzipSync(rest.length ? rest.join("\n") + "\n" : "");
  } finally {
    fs.closeSync(fd);
  }
  if (chunks.length === 1) return new Blob([head]);
  // The recompressed head, then the file from the next member on, streamed.
  const tail = Bun.file(file).slice(chunks[1]!.offset, end).stream();
  const reader = tail.getReader();
  let sentHead = false;
  return new ReadableStream<Uint8Array>({
    async pull(ctl) {
      if (!sentHead) {
        sentHead = true;
        ctl.enqueue(head);
        return;
      }
      const r = await reader.read();
      if (r.done) ctl.close();
      else ctl.enqueue(r.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

export function lineStream(
  file: string,
  chunks: ChunkRow[],
  from: number,
  opts: { header?: string; map?: (line: string) => string } = {},
): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  let fd = -1;
  let i = 0;
  const close = () => {
    if (fd >= 0) fs.closeSync(fd);
    fd = -1;
  };
  return new ReadableStream<Uint8Array>(
    {
      start(ctl) {
        fd = fs.openSync(file, "r");
        if (opts.header) ctl.enqueue(enc.encode(opts.header));
      },
      pull(ctl) {
        try {
          if (i >= chunks.length) {
            close();
            ctl.close();
            return;
          }
          const c = chunks[i++]!;
          const skip = Math.max(0, from - c.row_start);
          const map = opts.map;
          if (!map) {
            // Plain NDJSON: the inflated bytes as they are, no decoding.
            const bytes = memberBytes(fd, c, skip);
            if (bytes.length) ctl.enqueue(bytes);
            return;
          }
          const text = memberLines(fd, c, skip).map(map).join("");
          if (text) ctl.enqueue(enc.encode(text));
        } catch (e) {
          close();
          ctl.error(e);
        }
      },
      cancel() {
        close();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Up to `limit` parsed rows starting at row `from`. */
export function readRows(file: string, chunks: ChunkRow[], from: number, limit: number): unknown[] {
  const rows: unknown[] = [];
  if (chunks.length === 0 || limit <= 0) return rows;
  const fd = fs.openSync(file, "r");
  try {
    for (const c of chunks) {
      for (const line of memberLines(fd, c, Math.max(0, from - c.row_start))) {
        rows.push(JSON.parse(line));
        if (rows.length >= limit) return rows;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return rows;
}
