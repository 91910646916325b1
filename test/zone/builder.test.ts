/**
 * The index builder on hostile inputs: master-file zones ($ORIGIN, $TTL, relative and
 * absolute owners, blank owners, parentheses, comments, glue and DNSSEC, broken lines,
 * unknown types, a wrong $ORIGIN), plain lists (CRLF, case, trailing dots, duplicates,
 * over-long lines), multi-member gzip, standard input through the CLI, and the file checks
 * of `index stats` (truncated, corrupt, foreign, wrong version).
 */
import { afterAll, describe, expect, test } from "bun:test";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { buildIndex, EmptyBuildError } from "../../index-builder/build.ts";
import { buildFailure } from "../../index-builder/cli.ts";
import { writeBeside } from "../../index-builder/parallel.ts";
import { ZoneIndex } from "../../src/zone-index/index.ts";
import { readHeader } from "../../src/zone-index/open.ts";
import { FORMAT_VERSION } from "../../src/zone-index/format.ts";
import { offsetsBytes } from "../../src/zone-index/offsets.ts";
import { tempDir } from "../support/harness.ts";
import { REPO } from "../support/paths.ts";

const dir = tempDir("zw-builder-");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string | Uint8Array) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
};

const ZONE = `; a registry zone as subscribers get it
$ORIGIN example.
$TTL 3600
@ IN SOA ns1.nic.example. host.nic.example. ( 2024010101 ; serial
   7200 3600 1209600 3600 )
@ IN NS ns1.nic.example.
shop 86400 IN NS ns1.host.net.
shop IN NS ns2.host.net.
Bank.example. IN NS ns1.bank.example.
ns1.bank IN A 192.0.2.1
bank IN DS 12345 8 2 ABCDEF
\tIN NS ns2.bank.example.
bank 3600 IN RRSIG DS 8 2 3600 20250101 20240101 1 example. AAAA
deep.sub IN NS ns.x.
other.org. IN NS ns.x.
xn--caf-dma IN NS ns.x.
broken ( IN NS
foo IN WEIRD data
$ORIGIN bad
$ORIGIN com.example.
acme IN NS ( ns.y. )
"unterminated IN NS ns.z.
${"x".repeat(70_000)} IN NS ns.y.
`;

describe("zone files", () => {
  test("delegations are the registered domains; everything else is skipped and counted", async () => {
    // two gzip members: Bun.gunzipSync would stop after the first
    const half = ZONE.indexOf("deep.sub");
    const gz = Buffer.concat([zlib.gzipSync(ZONE.slice(0, half)), zlib.gzipSync(ZONE.slice(half))]);
    const out = path.join(dir, "zone.idx");
    const r = await buildIndex({ inputs: [file("example.zone.gz", gz)], out });
    expect(r.inputs[0]).toMatchObject({ format: "zone", compressed: true, domains: 6, invalidNames: 0, tooLongLines: 1 });
    expect(r.inputs[0].skipped).toEqual({ broken_line: 2, unknown_type: 1, bad_origin: 1, out_of_zone: 2 });
    expect([r.totalDomains, r.duplicates, r.totalTlds]).toEqual([4, 2, 2]);
    const index = ZoneIndex.open(out);
    for (const d of ["shop.example", "bank.example", "xn--caf-dma.example", "acme.com.example"]) expect(index.has(d)).toBe(true);
    for (const d of ["ns1.bank.example", "example", "sub.example", "deep.sub.example", "other.org", "foo.example"]) expect(index.has(d)).toBe(false);
    expect(index.stats().top_tlds).toEqual([
      { tld: "example", count: 3 },
      { tld: "com.example", count: 1 },
    ]);
    // a zone file holds its origin's whole zone; the names under com.example are a sample of it
    expect(index.stats()).toMatchObject({ sample: false, complete_tlds: ["example"] });
    expect([index.extensionComplete("example"), index.extensionComplete("com.example"), index.extensionComplete("org")]).toEqual([true, false, false]);
    index.close();
  });

  test("coverage: lists are samples unless named complete; a synthetic sample says so", async () => {
    const domains = ["a.nu", "b.nu", "c.ee", "d.lol"];
    const listed = path.join(dir, "listed.idx");
    await buildIndex({ inputs: [{ label: "list", domains }], out: listed, complete: ["nu", ".ee"] });
    const a = ZoneIndex.open(listed);
    expect(a.stats()).toMatchObject({ sample: false, complete_tlds: ["ee", "nu"] });
    expect([a.extensionComplete("nu"), a.extensionComplete("ee"), a.extensionComplete("lol")]).toEqual([true, true, false]);
    a.close();
    const plain = path.join(dir, "plain.idx");
    await buildIndex({ inputs: [{ label: "list", domains }], out: plain });
    const b = ZoneIndex.open(plain);
    expect(b.stats()).toMatchObject({ sample: false, complete_tlds: [] });
    b.close();
    const synthetic = path.join(dir, "synthetic.idx");
    await buildIndex({ inputs: [{ label: "list", domains }], out: synthetic, complete: ["nu"], sample: true });
    const c = ZoneIndex.open(synthetic);
    expect(c.sample).toBe(true);
    expect(c.stats()).toMatchObject({ sample: true, complete_tlds: [] });
    expect(c.extensionComplete("nu")).toBe(false);
    c.close();
  });

  test("a UTF-8 byte order mark before $ORIGIN is dropped, as in lists", async () => {
    const zone = "\ufeff$ORIGIN com.\n$TTL 3600\n@ IN SOA a. b. 1 2 3 4 5\nfoo IN NS ns1.foo\nbar.com. 3600 IN NS ns.x.\n";
    const r = await buildIndex({ inputs: [file("bom.zone", zone)], out: path.join(dir, "bom.idx") });
    expect(r.inputs[0]).toMatchObject({ format: "zone", origin: "com", lines: 5, domains: 2, skipped: {} });
  });
});

describe("plain lists", () => {
  test("case, trailing dots, CRLF, comments, duplicates, IDN, invalid and over-long lines", async () => {
    const list = [
      "# comment",
      "Shop.COM.\r",
      "shop.com",
      "shop.net",
      "",
      "bad..name",
      "-x.com",
      "a.b.co.uk",
      "x".repeat(70_000),
      "tail.nu",
      "bücher.DE",
      "xn--bcher-kva.de",
    ].join("\n");
    const out = path.join(dir, "list.idx");
    const r = await buildIndex({ inputs: [file("list.txt", list)], out });
    expect(r.inputs[0]).toMatchObject({ format: "list", compressed: false, domains: 7, invalidNames: 2, tooLongLines: 1 });
    expect([r.totalDomains, r.totalNames, r.duplicates]).toEqual([5, 4, 2]);
    const index = ZoneIndex.open(out);
    // UTF-8 IDN becomes punycode, the form requests are looked up with
    expect(["shop.com", "shop.net", "a.b.co.uk", "tail.nu", "xn--bcher-kva.de"].map((d) => index.has(d))).toEqual([true, true, true, true, true]);
    expect(index.extensionsRegistered("shop")).toBe(2);
    expect(index.extensionSize("b.co.uk")).toBe(1);
    index.close();
  });

  test("names in thousands of extensions (POSO blocks stored wide, offsets.ts) count exactly", async () => {
    // 40 names in 1,700 extensions: the first block of names holds 68,000 domains, past a
    // u16 distance; names after them sit in narrow blocks
    const exts = Array.from({ length: 1700 }, (_, i) => `x${String.fromCharCode(97 + Math.floor(i / 676), 97 + (Math.floor(i / 26) % 26), 97 + (i % 26))}`);
    const big = Array.from({ length: 40 }, (_, i) => `brand${i}`);
    const small = Array.from({ length: 3000 }, (_, i) => `shop${i}`);
    const lines = [...big.flatMap((n) => exts.map((e) => `${n}.${e}`)), ...small.map((n) => `${n}.com`)];
    const out = path.join(dir, "wide.idx");
    const r = await buildIndex({ inputs: [file("wide.txt", lines.join("\n"))], out });
    expect([r.totalDomains, r.totalNames]).toEqual([68_000 + 3000, 3040]);
    // the first of the three blocks is wide, the other two narrow
    expect(readHeader(out).sections.get("POSO")!.length).toBe(offsetsBytes(3041, 1024));
    const index = ZoneIndex.open(out);
    expect(index.verify()).toBeNull();
    expect(big.map((n) => index.extensionsRegistered(n))).toEqual(big.map(() => 1700));
    expect(index.extensionsRegistered("shop2999")).toBe(1);
    expect([index.has(`brand39.${exts[1699]}`), index.has("brand39.com"), index.has("shop0.com"), index.has("shop0.xaaa")]).toEqual([true, false, true, false]);
    const c = index.count("brand", "starts");
    expect([c.total_matches, c.keyword_count, c.tld_breakdown.length]).toEqual([68_000, 40, 1700]);
    expect(c.tld_breakdown.every((b) => b.count === 40)).toBe(true);
    expect(index.count("brand3", "starts", ["xaab"]).total_matches).toBe(11); // brand3, brand30..39
    expect(index.count("3", "ends").total_matches).toBe(1700 * 4 + 300); // brand3/13/23/33, shop...3
    index.close();
  });

  test("an empty input builds an empty but valid index when allowed", async () => {
    const out = path.join(dir, "empty.idx");
    const r = await buildIndex({ inputs: [file("empty.txt", "")], out, allowEmpty: true });
    expect(r.totalDomains).toBe(0);
    const index = ZoneIndex.open(out);
    expect(index.count("an", "contains").total_matches).toBe(0);
    expect(index.verify()).toBeNull();
    index.close();
  });

  test("inputs that yield no domain are refused unless allowEmpty: nothing is written", async () => {
    const out = path.join(dir, "refused-empty.idx");
    const inputs = [file("comments.txt", "# no domains here\n"), file("junk.txt", "bad..name\n")];
    const e = await buildIndex({ inputs, out }).catch((x) => x);
    expect(e).toBeInstanceOf(EmptyBuildError);
    expect((e as EmptyBuildError).inputs.map((i) => i.invalidNames)).toEqual([0, 1]);
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.readdirSync(dir).filter((f) => f.includes(".tmp-") || f.startsWith("zonewise-sort-"))).toEqual([]);
  });
});

function cli(args: string[], stdin?: Uint8Array) {
  const r = Bun.spawnSync([process.execPath, "run", path.join(REPO, "src/cli.ts"), "index", ...args], {
    stdin: stdin ?? "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
}

describe("cli index build and stats", () => {
  const good = path.join(dir, "cli.idx");

  test("build from standard input (gzip), atomically, then stats --json", () => {
    const r = cli(["build", "--out", good, "--json", "-"], zlib.gzipSync("a.com\nb.com\nB.NET.\nbad..x\n"));
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report).toMatchObject({ totalDomains: 3, totalNames: 2, totalTlds: 2, invalidNames: 1 });
    expect(fs.readdirSync(dir).filter((f) => f.includes(".tmp-"))).toEqual([]);
    const s = cli(["stats", good, "--json"]);
    expect(s.code).toBe(0);
    expect(JSON.parse(s.out)).toMatchObject({ format_version: FORMAT_VERSION, total_domains: 3, total_slds: 2, total_tlds: 2 });
  }, 30_000);

  test("a missing input refuses the build and writes nothing", () => {
    const out = path.join(dir, "never.idx");
    const r = cli(["build", "--out", out, path.join(dir, "no-such-file.txt")]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("no such file");
    expect(fs.existsSync(out)).toBe(false);
  }, 30_000);

  /** One line on stderr, no stack trace or code frame. */
  const oneLine = (err: string) => {
    expect(err.trimEnd().split("\n")).toHaveLength(1);
    expect(err).not.toMatch(/^\s+at /m);
  };
  const temps = (d: string) => fs.readdirSync(d).filter((f) => f.includes(".tmp-"));

  test("an output path that cannot be written is refused up front, in one line", () => {
    const input = file("two.txt", "a.com\nb.net\n");
    const missing = cli(["build", "--out", path.join(dir, "no-such-folder", "x.idx"), input]);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain("no-such-folder does not exist; nothing was written");
    oneLine(missing.err);
    // a folder as --out: the rename failed with EISDIR and left the temp file in the parent
    const parent = path.join(dir, "parent");
    fs.mkdirSync(path.join(parent, "sub.idx"), { recursive: true });
    const folder = cli(["build", "--out", path.join(parent, "sub.idx"), input]);
    expect(folder.code).toBe(1);
    expect(folder.err).toContain("sub.idx is a folder");
    oneLine(folder.err);
    expect(temps(parent)).toEqual([]);
  }, 30_000);

  test("--out naming one of the inputs (by any spelling) is refused and the input kept", () => {
    const input = file("list-in.txt", "a.com\nb.net\n");
    for (const out of [input, path.join(dir, ".", "list-in.txt")]) {
      const r = cli(["build", "--out", out, input]);
      expect(r.code).toBe(1);
      expect(r.err).toContain("is also an input");
      oneLine(r.err);
    }
    expect(fs.readFileSync(input, "utf8")).toBe("a.com\nb.net\n");
  }, 30_000);

  test("a build of no domains exits 1 and writes nothing", () => {
    const out = path.join(dir, "none.idx");
    const r = cli(["build", "--out", out, file("none.txt", "# nothing\n\n")]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("the inputs hold no domain");
    expect(r.err).toContain("none.txt: empty, 2 lines, 0 domains");
    expect(fs.existsSync(out)).toBe(false);
  }, 30_000);

  test("a system error while writing is one line naming the index and the cause", async () => {
    // the writer thread keeps the system's code (here EBADF), which the CLI words
    const w = writeBeside();
    const e = await w.writeAt(1_000_000, 0, new Uint8Array(4), false).catch((x) => x);
    w.close();
    expect(e.code).toBe("EBADF");
    const full = Object.assign(new Error("index writer: ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    expect(buildFailure(full, "/srv/zone.idx", ["list.txt"])).toBe("cannot write /srv/zone.idx: no space left on device (ENOSPC)");
    const unreadable = Object.assign(new Error("EACCES: permission denied, open 'list.txt'"), { code: "EACCES", path: "list.txt" });
    expect(buildFailure(unreadable, "/srv/zone.idx", ["list.txt"])).toBe("list.txt: cannot read it: permission denied (EACCES)");
    expect(buildFailure(new TypeError("a bug"), "/srv/zone.idx", [])).toBeNull(); // keeps its stack trace
  });

  test("temp files of builds whose process is gone are swept; a running one's are kept", () => {
    const gone = Bun.spawnSync(["true"]).pid; // exited: its pid is free
    const folder = path.join(dir, "sweep");
    fs.mkdirSync(folder);
    const stale = `.swept.idx.tmp-${gone}-1700000000000`;
    const running = `.swept.idx.tmp-${process.pid}-1700000000000`;
    const other = `.other.idx.tmp-${gone}-1700000000000`;
    for (const f of [stale, running, other]) fs.writeFileSync(path.join(folder, f), "partial index");
    const r = cli(["build", "--out", path.join(folder, "swept.idx"), file("sweep.txt", "a.com\n")]);
    expect(r.code).toBe(0);
    expect(temps(folder).sort()).toEqual([other, running].sort());
  }, 30_000);

  test("SIGINT and SIGTERM during a build remove the temp file and exit 130 / 143", async () => {
    const lines = Array.from({ length: 600_000 }, (_, i) => `n${((i * 7919) % 1_000_003).toString(36)}x${i}.${["com", "net", "org"][i % 3]}`);
    const input = file("signal.txt", lines.join("\n"));
    for (const [signal, status] of [
      ["SIGINT", 130],
      ["SIGTERM", 143],
    ] as const) {
      const folder = path.join(dir, `signal-${signal}`);
      fs.mkdirSync(folder);
      const p = Bun.spawn([process.execPath, "run", path.join(REPO, "src/cli.ts"), "index", "build", "--out", path.join(folder, "s.idx"), input], {
        stdout: "pipe",
        stderr: "pipe",
      });
      // the temp file appears after the sort, the build goes on for a while after that
      const until = Date.now() + 20_000;
      while (temps(folder).length === 0 && p.exitCode === null && Date.now() < until) await Bun.sleep(10);
      expect(temps(folder)).toHaveLength(1);
      p.kill(signal);
      expect(await p.exited).toBe(status);
      expect(await new Response(p.stderr).text()).toContain(`stopped by ${signal}`);
      expect(fs.readdirSync(folder)).toEqual([]);
    }
  }, 60_000);

  test("stats on a folder is one clear line", () => {
    const r = cli(["stats", dir]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("not a file (a folder)");
    oneLine(r.err);
  }, 30_000);

  test("usage errors exit 2", () => {
    expect(cli(["build", "x.txt"]).code).toBe(2);
    expect(cli(["stats"]).code).toBe(2);
    expect(cli(["frobnicate"]).code).toBe(2);
  }, 30_000);

  test("truncated, corrupt, foreign and future-version files are refused with a clear message", () => {
    const bytes = fs.readFileSync(good);
    const cases: [string, Uint8Array, RegExp][] = [
      ["truncated", bytes.subarray(0, bytes.length - 100), /truncated: \d+ bytes on disk, the header says \d+/],
      ["header-only", bytes.subarray(0, 64), /truncated/],
      ["appended", Buffer.concat([bytes, Buffer.from("junk")]), /unexpected bytes after the end/],
      ["foreign", Buffer.from("SQLite format 3\0" + "x".repeat(200)), /not a zonewise zone index/],
      ["empty", new Uint8Array(0), /not a zonewise zone index/],
    ];
    const flipped = Buffer.from(bytes);
    flipped[readHeader(good).sections.get("NAMB")!.offset] ^= 0xff; // first byte of the names
    cases.push(["flipped data byte", flipped, /section NAMB checksum mismatch/]);
    const header = Buffer.from(bytes);
    header[40] ^= 1; // total names
    cases.push(["flipped header byte", header, /header checksum mismatch/]);
    const future = Buffer.from(bytes);
    const v = FORMAT_VERSION;
    future.writeUInt32LE(v + 1, 8);
    cases.push(["next version", future, new RegExp(`format version ${v + 1}, this program reads version ${v}`)]);
    const older = Buffer.from(bytes);
    older.writeUInt32LE(v - 1, 8);
    cases.push(["previous version", older, new RegExp(`format version ${v - 1}, this program reads version ${v}; rebuild the index`)]);
    // one of the three containment sections renamed (header checksum recomputed): the others alone are refused
    const partial = Buffer.from(bytes);
    const sectionCount = partial.readUInt32LE(48);
    for (let i = 0; i < sectionCount; i++) {
      const o = 128 + 32 * i;
      if (partial.toString("latin1", o, o + 4) === "CNTO") partial.write("XXXX", o, "latin1");
    }
    partial.writeUInt32LE(0, 60);
    partial.writeUInt32LE(Bun.hash.crc32(partial.subarray(0, 128 + 32 * sectionCount)) >>> 0, 60);
    cases.push(["partial containment sections", partial, /section CNTO is missing beside CNTB, CNTD; the file is corrupt/]);
    for (const [name, content, message] of cases) {
      const r = cli(["stats", file(`${name}.idx`, content)]);
      expect({ name, code: r.code }).toEqual({ name, code: 1 });
      expect(r.err).toMatch(message);
    }
  }, 60_000);
});
