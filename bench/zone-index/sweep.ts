/**
 * zone/count over many terms rather than bench/zone's 4 per class: every 2-character term,
 * and --terms substrings of 3 to 8 characters cut from names drawn at random from the index
 * (seeded), each in every position, without a filter and under bench/zone's four
 * extensions. It finds the terms the fixed classes miss, such as "e-" as an ending, "ing" as
 * an ending under four extensions and "matin", each once 50-84 ms at 100 M with the classes
 * all fast.
 *
 *   node scripts/bun.cjs run bench/zone-index/sweep.ts --index FILE [--terms 1500] [--seed 5] [--runs 3]
 *       [--root DIR] [--before DIR]
 *
 * Each query runs --runs times back to back; its time is the median of those. Prints, per
 * set (2-character, sampled), the distribution over queries (p50, p99, max, how many over
 * 10 and 20 ms) and the slowest queries. The index is verified and its derived structures
 * built first, as the server does. --before DIR: a second copy of the reader (`git archive
 * <commit> src | tar -x -C DIR`) answers the same queries in the same process, alternating
 * query by query, and every answer is checked equal between the two.
 */
import path from "node:path";
import { arg } from "../support/args.ts";

const indexFile = arg("index");
if (!indexFile) throw new Error("usage: sweep.ts --index FILE [--terms 1500] [--seed 5] [--runs 3] [--root DIR] [--before DIR]");
const want = Number(arg("terms", "1500"));
const runs = Math.max(1, Number(arg("runs", "3")));
let seed = Number(arg("seed", "5")) >>> 0;
const root = path.resolve(arg("root", path.resolve(import.meta.dir, "../..")));
const before = arg("before");
const FILTER = ["com", "net", "co.uk", "nu"];
const POSITIONS = ["starts", "contains", "ends"] as const;

type Index = {
  verify(): string | null;
  prepare(): void;
  count(t: string, pos: (typeof POSITIONS)[number], tlds?: readonly string[] | null): unknown;
};
async function open(dir: string): Promise<Index> {
  const { ZoneIndex } = await import(path.join(dir, "src/zone-index/index.ts"));
  const idx = ZoneIndex.open(indexFile as string) as Index;
  const bad = idx.verify();
  if (bad !== null) throw new Error(bad);
  idx.prepare();
  return idx;
}
const systems: [string, Index][] = [["this", await open(root)]];
if (before) systems.push(["before", await open(path.resolve(before))]);

const rnd = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
// names from the index itself, read through its arrays (the reader's own layout)
const arrays = (systems[0][1] as unknown as { e: { a: { names: Uint8Array; nameOff: { length: number; at(i: number): number; span(i: number): number } } } }).e
  .a;
const nameCount = arrays.nameOff.length - 1;
const nameAt = (id: number) => {
  const s = arrays.nameOff.at(id);
  return Buffer.from(arrays.names.subarray(s, s + arrays.nameOff.span(id))).toString("latin1");
};
const sampled = new Set<string>();
for (let tries = 0; sampled.size < want && tries < want * 100; tries++) {
  const n = nameAt(Math.floor(rnd() * nameCount));
  const len = 3 + Math.floor(rnd() * 6);
  if (n.length < len) continue;
  const at = Math.floor(rnd() * (n.length - len + 1));
  sampled.add(n.slice(at, at + len));
}
const CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-";
const pairs = [...CHARS].flatMap((x) => [...CHARS].map((y) => x + y));

interface Measured {
  times: Map<string, number[]>;
  slowest: [number, string][];
}

function measure(terms: string[]): Measured {
  const times = new Map<string, number[]>(systems.map(([name]) => [name, []]));
  const slow: [number, string][] = [];
  for (const t of terms) {
    for (const pos of POSITIONS) {
      for (const f of [null, FILTER]) {
        let first: string | null = null;
        for (const [name, idx] of systems) {
          const ms: number[] = [];
          let answer: unknown;
          for (let r = 0; r < runs; r++) {
            const t0 = performance.now();
            answer = idx.count(t, pos, f);
            ms.push(performance.now() - t0);
          }
          const json = JSON.stringify(answer);
          if (first === null) first = json;
          else if (json !== first) throw new Error(`answers differ: ${pos} ${t} ${f ? "filtered" : ""}`);
          ms.sort((x, y) => x - y);
          const med = ms[Math.floor(runs / 2)];
          times.get(name)!.push(med);
          if (name === "this") slow.push([med, `${pos} "${t}"${f ? " under 4 extensions" : ""}`]);
        }
      }
    }
  }
  slow.sort((x, y) => y[0] - x[0]);
  return { times, slowest: slow.slice(0, 8) };
}

function summary(label: string, { times, slowest }: Measured): void {
  console.log(`\n${label}`);
  console.log("| reader | queries | p50 ms | p99 ms | max ms | over 10 ms | over 20 ms |");
  console.log("|---|---|---|---|---|---|---|");
  for (const [name, ms] of times) {
    const s = [...ms].sort((x, y) => x - y);
    const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)].toFixed(2);
    console.log(
      `| ${name} | ${s.length} | ${q(0.5)} | ${q(0.99)} | ${s[s.length - 1].toFixed(1)} | ${s.filter((x) => x > 10).length} | ${s.filter((x) => x > 20).length} |`,
    );
  }
  console.log(`slowest (this): ${slowest.map(([ms, k]) => `${k} ${ms.toFixed(1)}`).join("; ")}`);
}

console.log(`index ${indexFile}, ${nameCount.toLocaleString("en-US")} names; ${runs} runs a query, median; seed ${arg("seed", "5")}`);
summary(`every 2-character term (${pairs.length}) x 3 positions x (no filter, 4 extensions)`, measure(pairs));
summary(`${sampled.size} sampled terms of 3-8 characters x 3 positions x (no filter, 4 extensions)`, measure([...sampled]));
