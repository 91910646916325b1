/**
 * The index file writer (write.ts) on its own: sections written as they are added, on this
 * thread and on the writer thread (parallel.ts writeBeside), read back by the reader's own
 * header checks; and every way it can go wrong leaves no file at the destination and no
 * temp file beside it.
 */
import { afterAll, describe, expect, test } from "bun:test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { IndexFileWriter, writeHere, type HeaderFields, type WriteAt } from "./write.ts";
import { writeBeside } from "./parallel.ts";
import { readTable } from "../src/zone-index/open.ts";
import { SECTION_ALIGN, type SectionTag } from "../src/zone-index/format.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-write-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const TAGS: SectionTag[] = ["EXTB", "EXTO", "NAMB"];
const FIELDS: HeaderFields = { builtAtMs: 1_700_000_000_000, totalDomains: 1, totalNames: 1, totalTlds: 1, extIdBytes: 2 };
const leftovers = () => fs.readdirSync(dir).filter((f) => f.includes(".tmp-"));

/** Three sections: a shared buffer, a buffer handed over, and a view inside a larger buffer (copied). */
function sections() {
  const shared = new Uint8Array(new SharedArrayBuffer(5000)).fill(7);
  const owned = new Uint8Array(3 * SECTION_ALIGN + 1).map((_, i) => i & 255);
  const inner = new Uint8Array(100).map((_, i) => 200 - i).subarray(10, 60);
  return { shared, owned, inner, copies: [shared.slice(), owned.slice(), inner.slice()] };
}

describe("IndexFileWriter", () => {
  for (const [label, make] of [
    ["on this thread", () => ({ writeAt: writeHere, close: () => {} })],
    ["on the writer thread", writeBeside],
  ] as const) {
    test(`${label}: each section at its page-aligned place, with its CRC, the header last`, async () => {
      const out = path.join(dir, `ok-${label.length}.idx`);
      const w = make();
      const { shared, owned, inner, copies } = sections();
      try {
        const writer = new IndexFileWriter(out, TAGS, w.writeAt);
        writer.add({ tag: "EXTB", elemBytes: 1, data: shared });
        writer.add({ tag: "EXTO", elemBytes: 1, data: owned }, true);
        writer.add({ tag: "NAMB", elemBytes: 1, data: inner }, true); // not the whole buffer: copied, not moved
        expect(fs.existsSync(out)).toBe(false); // nothing at the destination before finish
        const bytes = await writer.finish(FIELDS);
        expect(fs.statSync(out).size).toBe(bytes);
      } finally {
        w.close();
      }
      expect(inner.byteLength).toBe(50); // still readable by its owner
      const h = readTable(out); // checks the header's CRC, the file's size and the sections' alignment
      const file = fs.readFileSync(out);
      TAGS.forEach((tag, i) => {
        const s = h.sections.get(tag)!;
        expect(s.offset % SECTION_ALIGN).toBe(0);
        expect(Buffer.compare(file.subarray(s.offset, s.offset + s.length), Buffer.from(copies[i]!))).toBe(0);
        expect(s.crc).toBe(Bun.hash.crc32(copies[i]!) >>> 0);
      });
      expect(leftovers()).toEqual([]);
    });
  }

  test("a section out of file order is refused, and abort leaves nothing behind", () => {
    const out = path.join(dir, "order.idx");
    const writer = new IndexFileWriter(out, TAGS);
    writer.add({ tag: "EXTB", elemBytes: 1, data: new Uint8Array(3) });
    expect(() => writer.add({ tag: "NAMB", elemBytes: 1, data: new Uint8Array(3) })).toThrow("section NAMB added where EXTO belongs");
    writer.abort();
    expect(fs.existsSync(out)).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  test("finish before every section is in is refused", async () => {
    const writer = new IndexFileWriter(path.join(dir, "short.idx"), TAGS);
    writer.add({ tag: "EXTB", elemBytes: 1, data: new Uint8Array(3) });
    await expect(writer.finish(FIELDS)).rejects.toThrow("1 sections added, 3 announced");
    writer.abort();
    expect(leftovers()).toEqual([]);
  });

  test("a failed write fails finish; the previous file at the destination stays as it was", async () => {
    const out = path.join(dir, "kept.idx");
    fs.writeFileSync(out, "the previous index");
    let calls = 0;
    const failing: WriteAt = (fd, position, data, handOver) =>
      ++calls === 2 ? Promise.reject(new Error("ENOSPC: no space left on device")) : writeHere(fd, position, data, handOver);
    const writer = new IndexFileWriter(out, TAGS, failing);
    for (const tag of TAGS) writer.add({ tag, elemBytes: 1, data: new Uint8Array(10) });
    await expect(writer.finish(FIELDS)).rejects.toThrow("ENOSPC");
    writer.abort();
    expect(fs.readFileSync(out, "utf8")).toBe("the previous index");
    expect(leftovers()).toEqual([]);
  });

  test("a failed rename (the destination is a folder) fails finish, and abort removes the temp file", async () => {
    const out = path.join(dir, "folder.idx");
    fs.mkdirSync(out);
    const writer = new IndexFileWriter(out, TAGS);
    for (const tag of TAGS) writer.add({ tag, elemBytes: 1, data: new Uint8Array(10) });
    await expect(writer.finish(FIELDS)).rejects.toMatchObject({ code: "EISDIR" });
    writer.abort();
    expect(fs.statSync(out).isDirectory()).toBe(true);
    expect(leftovers()).toEqual([]);
    fs.rmdirSync(out);
  });

  test("the writer thread answers a bad write with the system's message, and rejects writes after close", async () => {
    const w = writeBeside();
    try {
      await expect(w.writeAt(1_000_000, 0, new Uint8Array(4), false)).rejects.toThrow("index writer:");
    } finally {
      w.close();
    }
    await expect(w.writeAt(1_000_000, 0, new Uint8Array(4), false)).rejects.toThrow("index writer: closed");
  });
});
