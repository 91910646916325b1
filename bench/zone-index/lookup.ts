/**
 * zone/lookup without counts on one core, the way the endpoint and the zone.lookup task see
 * it: 5,000-name batches of whole domains through `ZoneIndex.lookupDomains`, every name of
 * the run distinct (so the index's pages are as cold as in a server answering many
 * different callers), each batch's strings fresh and warm (split from one string just
 * before the timed call, as the task's decoded input or the endpoint's parsed body is).
 *
 *   node scripts/bun.cjs run bench/zone-index/lookup.ts --index FILE --list FILE
 *       [--root DIR] [--before DIR] [--names 1000000] [--rounds 3]
 *
 * Names are taken from --list with a stride (streamed: a 1.9 GB list is never held whole),
 * then shuffled: half are registered domains as listed, half a listed name under an
 * extension drawn from the sample (mostly unregistered). The reader is imported from --root
 * (this checkout by default); --before DIR: a second copy of the reader (`git archive
 * <commit> src | tar -x -C DIR`) answers the same batches, the two alternating round by
 * round, and every row is checked equal between them. Prints
 * names per second of wall time and per CPU second (user + sys of this process, the
 * timed calls only).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { arg } from "../support/args.ts";

const indexFile = arg("index");
const list = arg("list");
if (!indexFile || !list) throw new Error("usage: lookup.ts --index FILE --list FILE [--root DIR] [--before DIR] [--names 1000000] [--rounds 3]");
const want = Number(arg("names", "1000000"));
const rounds = Number(arg("rounds", "3"));
const BATCH = 5000;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

/** Every stride-th line of the file, read in 16 MB chunks; the stride from its size and 16 probes of its line length. */
function sampleLines(file: string, count: number): string[] {
  const fd = fs.openSync(file, "r");
  const buf = Buffer.alloc(16 << 20);
  const size = fs.fstatSync(fd).size;
  let bytes = 0;
  let newlines = 0;
  for (let p = 0; p < 16; p++) {
    const got = fs.readSync(fd, buf, 0, 1 << 16, Math.floor((size * p) / 16));
    bytes += got;
    for (let i = 0; i < got; i++) if (buf[i] === 10) newlines++;
  }
  const stride = Math.max(1, Math.floor(size / (bytes / Math.max(1, newlines)) / count));
  const out: string[] = [];
  let carry = "";
  let line = 0;
  for (let pos = 0; pos < size && out.length < count; ) {
    const got = fs.readSync(fd, buf, 0, buf.length, pos);
    pos += got;
    const parts = (carry + buf.toString("latin1", 0, got)).split("\n");
    carry = parts.pop()!;
    for (const p of parts) if (line++ % stride === 0 && p) out.push(p);
  }
  fs.closeSync(fd);
  return out.slice(0, count);
}

let seed = 42;
const rnd = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
const sample = sampleLines(list, want);
for (let i = sample.length - 1; i > 0; i--) {
  const j = Math.floor(rnd() * (i + 1));
  [sample[i], sample[j]] = [sample[j]!, sample[i]!];
}
const exts = [...new Set(sample.slice(0, 50_000).map((d) => d.slice(d.indexOf(".") + 1)))];
const joined: string[] = [];
for (let i = 0; i < sample.length; i += BATCH) {
  const b = sample.slice(i, i + BATCH).map((d, k) => (k % 2 === 0 ? d : `${d.slice(0, d.indexOf("."))}.${exts[Math.floor(rnd() * exts.length)]}`));
  joined.push(b.join("\n"));
}
const total = sample.length;
sample.length = 0;

interface Reader {
  label: string;
  lookupDomains(d: string[], counts: boolean): Uint32Array;
}
async function open(root: string, label: string): Promise<Reader> {
  const { ZoneIndex } = await import(path.join(path.resolve(root), "src/zone-index/index.ts"));
  const index = ZoneIndex.open(indexFile!);
  index.prepare(); // the derived structures, as the serving thread and the workers have them
  return { label, lookupDomains: (d, c) => index.lookupDomains(d, c) };
}
const root = arg("root");
const readers = [await open(root ?? path.resolve(import.meta.dir, "../.."), root ? `root (${root})` : "this checkout")];
const before = arg("before");
if (before) readers.push(await open(before, `before (${before})`));

/** One pass over every batch; rows kept when check is given (to compare the readers). */
function pass(r: Reader, check: Uint32Array[] | null): { wall: number; cpu: number } {
  let wall = 0;
  let cpu = 0;
  joined.forEach((j, bi) => {
    const batch = j.split("\n");
    let warm = 0;
    for (const d of batch) warm += d.charCodeAt(d.length - 1);
    if (warm === 0) throw new Error("empty batch");
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const rows = r.lookupDomains(batch, false);
    wall += performance.now() - t0;
    const c = process.cpuUsage(c0);
    cpu += c.user + c.system;
    if (check === null) return;
    if (check[bi] === undefined) check[bi] = rows;
    else if (!rows.every((v, k) => v === check[bi]![k])) throw new Error(`${r.label}: rows of batch ${bi} differ between the readers`);
  });
  return { wall: total / (wall / 1000), cpu: total / (cpu / 1e6) };
}

console.log(`${total.toLocaleString("en-US")} distinct names in ${joined.length} batches of ${BATCH}, ${exts.length} extensions; load ${load()}`);
const rows: Uint32Array[] = [];
for (const r of readers) pass(r, rows); // warm-up (JIT, page cache) and the equality check
for (let round = 0; round < rounds; round++) {
  for (const r of readers) {
    const f = pass(r, null);
    console.log(
      `${r.label}: ${Math.round(f.wall).toLocaleString("en-US")} names/s wall, ${Math.round(f.cpu).toLocaleString("en-US")} per CPU second (load ${load()})`,
    );
  }
}
