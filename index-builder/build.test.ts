/**
 * The builder's fast paths against their references: the byte classification of list lines
 * against normaliseDomain, line by line; the partitioned radix sort against a plain sort of
 * the distinct names (long names tying on their first 15 characters, names that prefix one
 * another, digits and hyphens, case and duplicates); and a build spilled to disk in many
 * runs, and one on a single thread, against the same build held in memory, byte for byte.
 */
import { afterAll, describe, expect, test } from "bun:test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIndex } from "./build.ts";
import { classifyListLine, lineSpan, normaliseDomain, LINE_INVALID, LINE_SKIP, LINE_SLOW } from "./normalise.ts";
import { readHeader } from "../src/zone-index/open.ts";
import { readOffsets } from "../src/zone-index/offsets.ts";
import { trigramsBeside } from "./parallel.ts";
import { lcg } from "../test/support/random.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-build-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("list lines: the byte fast path decides like normaliseDomain", () => {
  test("random lines over the characters that matter, and the edge cases", () => {
    const rnd = lcg(11);
    const alphabet = "abcXYZ09-..-. \t\r#;_é\u00a0";
    const lines = [
      "",
      " ",
      "#x.com",
      " ;x.com",
      ".",
      "..",
      "a.",
      "a..",
      "a.b.",
      "a.b..",
      "-a.b",
      "a-.b",
      "a.-b",
      "a.b-",
      "nodot",
      "A.B",
      " a.b\t",
      `${"a".repeat(63)}.com`,
      `${"a".repeat(64)}.com`,
      `a.${"b.".repeat(125)}c`,
      `a.${"b.".repeat(126)}c`,
    ];
    for (let i = 0; i < 20_000; i++) {
      const n = 1 + Math.floor(rnd() * 12);
      let s = "";
      for (let j = 0; j < n; j++) s += alphabet[Math.floor(rnd() * alphabet.length)];
      lines.push(s);
    }
    const decided = { fast: 0, skip: 0, invalid: 0, slow: 0 };
    for (const line of lines) {
      const b = Buffer.from(line, "utf8");
      const r = classifyListLine(b, 0, b.length);
      const t = line.trim();
      const ref = t === "" || t.startsWith("#") || t.startsWith(";") ? "skip" : normaliseDomain(t);
      if (r === LINE_SLOW) decided.slow++;
      else if (r === LINE_SKIP) {
        expect([line, ref]).toEqual([line, "skip"]);
        decided.skip++;
      } else if (r === LINE_INVALID) {
        expect([line, ref]).toEqual([line, null]);
        decided.invalid++;
      } else {
        const got = b.toString("latin1", lineSpan.start, lineSpan.end).toLowerCase();
        expect([line, got, got.indexOf(".") + lineSpan.start]).toEqual([line, ref as string, r]);
        decided.fast++;
      }
    }
    // every outcome is exercised (a test that never reached a branch would prove nothing)
    for (const v of Object.values(decided)) expect(v).toBeGreaterThan(100);
  });
});

describe("the second core", () => {
  test("a worker that fails rejects with its message (the build stops, it never waits)", async () => {
    const bad = { names: null, nameOff: null } as unknown as { names: Uint8Array; nameOff: Uint32Array };
    await expect(trigramsBeside(bad.names, bad.nameOff)).rejects.toThrow("builder worker (trigrams)");
  });
});

describe("lines as bytes", () => {
  test("over-long lines crossing chunk boundaries (a pipe's 64 KiB), CRLF, a final unterminated line", () => {
    const rnd = lcg(3);
    const lines: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const r = rnd();
      if (r < 0.03) lines.push("x".repeat([65_535, 65_536, 65_537, 70_000, 140_000][Math.floor(rnd() * 5)]!) + ".com");
      else if (r < 0.05) lines.push("y".repeat(60_000 + Math.floor(rnd() * 6_000)));
      else if (r < 0.07) lines.push(`Q${i}.Net.\r`);
      else lines.push(`n${i}-${"ab".repeat(1 + Math.floor(rnd() * 20))}.${["com", "org", "co.uk"][i % 3]}`);
    }
    lines.push("z".repeat(65_536)); // unterminated and over-long: counted, not read
    const text = lines.join("\n");
    const MAX = 64 * 1024;
    const kept = lines.filter((l) => l.length <= MAX).map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l).trim());
    const valid = kept.map((l) => normaliseDomain(l)).filter((d) => d !== null);
    const out = path.join(dir, "stdin.idx");
    const r = Bun.spawnSync([process.execPath, "run", path.join(import.meta.dir, "../src/cli.ts"), "index", "build", "--json", "--out", out, "-"], {
      stdin: Buffer.from(text),
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(r.exitCode).toBe(0);
    const report = JSON.parse(r.stdout.toString());
    expect(report.inputs[0]).toMatchObject({
      lines: lines.length,
      tooLongLines: lines.length - kept.length,
      domains: valid.length,
      invalidNames: kept.length - valid.length,
    });
    expect(report.totalDomains).toBe(new Set(valid).size);
    expect(lines.length - kept.length).toBeGreaterThan(40);
  }, 30_000);
});

/** The names section of an index file, in file order. */
function namesOf(file: string): string[] {
  const h = readHeader(file);
  const bytes = fs.readFileSync(file);
  const namb = h.sections.get("NAMB")!;
  const namo = h.sections.get("NAMO")!;
  const off = readOffsets(
    "NAMO",
    new Uint8Array(bytes.buffer.slice(bytes.byteOffset + namo.offset, bytes.byteOffset + namo.offset + namo.length)),
    h.totalNames + 1,
    namb.length,
  );
  if (typeof off === "string") throw new Error(off);
  const text = bytes.toString("latin1", namb.offset, namb.offset + namb.length);
  return Array.from({ length: off.length - 1 }, (_, i) => text.slice(off.at(i), off.at(i + 1)));
}

describe("the partitioned radix sort", () => {
  const rnd = lcg(5);
  const stems = ["a", "ab", "abc", "0", "9-9", "z", "zz-top", "x1", "internationalisation", "internationalisations", "internationalisatio"];
  const chars = "abz09-";
  const domains: string[] = [];
  for (let i = 0; i < 30_000; i++) {
    let name = stems[Math.floor(rnd() * stems.length)]!;
    const extra = Math.floor(rnd() * 24);
    for (let j = 0; j < extra; j++) name += chars[Math.floor(rnd() * chars.length)];
    if (name.endsWith("-")) name += "a";
    const ext = ["com", "net", "co.uk", "de", "a-b.c"][Math.floor(rnd() * 5)]!;
    domains.push(`${name}.${ext}`, rnd() < 0.2 ? `${name.toUpperCase()}.${ext}.` : `${name}.com`);
  }
  const list = path.join(dir, "sort.txt");
  fs.writeFileSync(list, domains.join("\n"));
  const builtAt = new Date("2026-01-02T03:04:05Z");

  test("names come out in byte order, each once, with their distinct extensions", async () => {
    const out = path.join(dir, "mem.idx");
    const r = await buildIndex({ inputs: [list], out, builtAt });
    const distinct = new Set(domains.map((d) => normaliseDomain(d)!));
    const names = [...new Set([...distinct].map((d) => d.slice(0, d.indexOf("."))))].sort();
    expect(r.sortRuns).toBe(0);
    expect([r.totalDomains, r.totalNames]).toEqual([distinct.size, names.length]);
    expect(namesOf(out)).toEqual(names);
    expect(names.some((n) => n.length > 15)).toBe(true);
  });

  test("built on one thread (ZW_WORKERS=0), the file is byte-identical", async () => {
    const inline = path.join(dir, "inline.idx");
    process.env.ZW_WORKERS = "0";
    try {
      await buildIndex({ inputs: [list], out: inline, builtAt });
    } finally {
      delete process.env.ZW_WORKERS;
    }
    expect(Buffer.compare(fs.readFileSync(inline), fs.readFileSync(path.join(dir, "mem.idx")))).toBe(0);
  });

  test("spilled to disk in many runs, partitions split down to 50 records, the file is byte-identical", async () => {
    const spilled = path.join(dir, "spilled.idx");
    const r = await buildIndex({ inputs: [list], out: spilled, builtAt, chunkKeys: 997, splitRecords: 50, tmpDir: dir });
    expect(r.sortRuns).toBeGreaterThan(50);
    expect(Buffer.compare(fs.readFileSync(spilled), fs.readFileSync(path.join(dir, "mem.idx")))).toBe(0);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith("zonewise-sort-"))).toEqual([]);
  });
});
