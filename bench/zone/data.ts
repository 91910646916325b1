/**
 * The benchmark's datasets: one file per dataset of distinct, normalised domains, one per
 * line, sorted by name and then extension (bytewise), cached under bench/out/zone: every
 * name's domains are adjacent and the names are in ascending order.
 * - synthetic: index-builder/generate.ts at any size and seed;
 * - real: every list under ../shared/data/domains (gz, xz, zone walks, plain lists),
 *   normalised with the API's own rules (src/domain/name.ts);
 * - sample: one domain in k of another dataset (for peers too slow to build at full size).
 */
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import zlib from "node:zlib";
import { spawn, spawnSync } from "node:child_process";
import type { Readable } from "node:stream";
import { generateDomains } from "../../index-builder/generate.ts";
import { normaliseDomain } from "../../src/domain/name.ts";

export const OUT_DIR = path.resolve(import.meta.dir, "../out/zone");
export const REAL_DIR = path.resolve(import.meta.dir, "../../../shared/data/domains");

export interface Dataset {
  label: string;
  file: string;
  domains: number;
}

/** Writes lines through a buffer with synchronous writes (the data never sits in memory). */
class LineWriter {
  private fd: number;
  private batch: string[] = [];
  constructor(file: string) {
    this.fd = fs.openSync(file, "w");
  }
  push(line: string): void {
    this.batch.push(line);
    if (this.batch.length === 65_536) this.flush();
  }
  private flush(): void {
    if (this.batch.length > 0) fs.writeSync(this.fd, this.batch.join("\n") + "\n");
    this.batch = [];
  }
  close(): void {
    this.flush();
    fs.closeSync(this.fd);
  }
}

/** LC_ALL=C sort -u of `input` into `out` by name then extension, on both cores. */
function sortUnique(input: string, out: string): void {
  const r = spawnSync("sort", ["-u", "-t", ".", "-k1,1", "-k2", "-S", "25%", "--parallel=2", "-T", path.dirname(out), "-o", out, input], {
    env: { ...process.env, LC_ALL: "C" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (r.status !== 0) throw new Error(`sort failed on ${input}`);
  fs.rmSync(input);
}

function lineCount(file: string): number {
  const r = spawnSync("wc", ["-l", file], { encoding: "utf8" });
  return Number(r.stdout.trim().split(/\s+/)[0]);
}

function cached(label: string, file: string, make: () => void | Promise<void>): Promise<Dataset> | Dataset {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (fs.existsSync(file)) return { label, file, domains: lineCount(file) };
  const done = () => ({ label, file, domains: lineCount(file) });
  const r = make();
  return r instanceof Promise ? r.then(done) : done();
}

export function syntheticDataset(count: number, seed: number, dir = OUT_DIR): Promise<Dataset> | Dataset {
  const file = path.join(dir, `synthetic-${count}-${seed}.txt`);
  return cached(`${count.toLocaleString("en")} synthetic (seed ${seed})`, file, () => {
    const tmp = `${file}.unsorted`;
    const w = new LineWriter(tmp);
    for (const d of generateDomains({ count, seed })) w.push(d);
    w.close();
    sortUnique(tmp, file);
  });
}

function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return sources(p);
      return /\.(gz|xz|txt|csv)$/.test(e.name) ? [p] : [];
    })
    .sort();
}

function open(file: string): Readable {
  if (file.endsWith(".xz")) return spawn("xz", ["-dc", file], { stdio: ["ignore", "pipe", "inherit"] }).stdout;
  const s = fs.createReadStream(file);
  return file.endsWith(".gz") ? s.pipe(zlib.createGunzip()) : s;
}

/** About 2.4 M real domains: the first field of every line that is a valid name with an extension. */
export function realDataset(): Promise<Dataset> | Dataset {
  const file = path.join(OUT_DIR, "real.txt");
  return cached("real domains (../shared/data/domains)", file, async () => {
    const tmp = `${file}.unsorted`;
    const w = new LineWriter(tmp);
    for (const src of sources(REAL_DIR)) {
      for await (const line of readline.createInterface({ input: open(src), crlfDelay: Infinity })) {
        const first = line.trim().split(/[\s,]+/)[0];
        const d = first ? normaliseDomain(first) : null;
        if (d?.includes(".")) w.push(d);
      }
    }
    w.close();
    sortUnique(tmp, file);
  });
}

/** One domain in `every` of `base` (still sorted and distinct). */
export async function sampleDataset(base: Dataset, every: number): Promise<Dataset> {
  if (every <= 1) return base;
  const file = base.file.replace(/\.txt$/, `.1-in-${every}.txt`);
  return cached(`${base.label}, 1 domain in ${every}`, file, async () => {
    const w = new LineWriter(file);
    let i = 0;
    for await (const line of readline.createInterface({ input: fs.createReadStream(base.file), crlfDelay: Infinity })) {
      if (i++ % every === 0) w.push(line);
    }
    w.close();
  });
}

/** Streams a dataset's lines as [name, ext]. */
export async function* domainsOf(ds: Dataset): AsyncGenerator<[string, string]> {
  for await (const line of readline.createInterface({ input: fs.createReadStream(ds.file), crlfDelay: Infinity })) {
    const dot = line.indexOf(".");
    if (dot > 0) yield [line.slice(0, dot), line.slice(dot + 1)];
  }
}
