/**
 * The filtered 2-letter count reads the multi names through multi-pairs.ts: each list names
 * a multi name by where its count and postings start in one packed array. Held to the
 * brute-force answer on a list built for it, with 2-letter terms common enough to be
 * precomputed (the only ones that take this path): names in one to five extensions, runs
 * of names in one extension (absent from the lists), and names registered in 300
 * extensions (long postings).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIndex } from "../../index-builder/build.ts";
import { BruteForce } from "./brute-force.ts";
import { ZoneIndex } from "./index.ts";

let dir: string;
let index: ZoneIndex;
let brute: BruteForce;
const EXTS = ["com", "net", "org", ...Array.from({ length: 300 }, (_, i) => `x${i}`)];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-multi-"));
  let seed = 11;
  const rnd = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const letters = "ansbz";
  const domains: string[] = [];
  for (let i = 0; i < 6000; i++) {
    let name = "";
    const len = 3 + Math.floor(rnd() * 6);
    for (let k = 0; k < len; k++) name += letters[Math.floor(rnd() * letters.length)];
    name += i.toString(36); // distinct
    // long runs of names in one extension, then names in 2-5
    const multi = i % 500 < 120 ? 0 : 1 + Math.floor(rnd() * 5);
    const exts = new Set<string>([EXTS[Math.floor(rnd() * 6)]!]);
    while (exts.size < 1 + multi) exts.add(EXTS[Math.floor(rnd() * 12)]!);
    for (const e of exts) domains.push(`${name}.${e}`);
  }
  for (const brand of ["bananas", "mango", "zzan"]) for (const e of EXTS) domains.push(`${brand}.${e}`);
  brute = new BruteForce(domains);
  const list = path.join(dir, "list.txt");
  fs.writeFileSync(list, domains.join("\n"));
  await buildIndex({ inputs: [list], out: path.join(dir, "z.idx"), builtAt: new Date("2026-01-02T03:04:05Z") });
  index = ZoneIndex.open(path.join(dir, "z.idx"));
  index.prepare();
}, 60_000);
afterAll(() => {
  index?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("filtered 2-letter counts through the packed multi names equal brute force", () => {
  const filters = [["com", "net"], ["com", "net", "org", "x5"], ["x1", "x2", "x299"], EXTS.slice(0, 40), EXTS];
  let compared = 0;
  for (const t of ["an", "na", "ba", "zz", "mo", "s0", "qq"]) {
    for (const pos of ["contains", "ends"] as const) {
      for (const f of filters) {
        expect({ t, pos, f: f.length, got: index.count(t, pos, f) }).toEqual({ t, pos, f: f.length, got: brute.count(t, pos, f) });
        compared++;
      }
    }
  }
  expect(compared).toBe(70);
  // the case the byte counts cannot hold: a name in 300 extensions, counted once
  const all = index.count("zz", "contains", EXTS);
  expect(all.total_matches).toBeGreaterThanOrEqual(EXTS.length);
  expect(all.keyword_count).toBeLessThan(all.total_matches);
});

test("the lists' repeats equal total less distinct names, for pairs and common trigrams", () => {
  // what a filtered precomputed term takes from the lists: the domains of its names in the
  // filter beyond each name's first, which brute force gives as total_matches - keyword_count
  type Lists = { listOf(t: string, ends: boolean): number; repeats(k: number, flag: Uint8Array): number };
  const engine = (index as unknown as { e: { extIdOf(x: string): number; totalDomains: number; derived: { pairs(): Lists } } }).e;
  const lists = engine.derived.pairs();
  expect(lists.listOf("qqq", false)).toBe(-1); // no name holds it: no list
  expect(lists.listOf("abcd", false)).toBe(-1);
  let compared = 0;
  for (const t of ["an", "zz", "ana", "nsb", "zza", "ban", "sss"]) {
    for (const pos of ["contains", "ends"] as const) {
      const k = lists.listOf(t, pos === "ends");
      expect([t, k >= 0]).toEqual([t, true]);
      for (const f of [["com", "net"], ["com", "net", "org", "x5"], ["x1", "x2", "x299"], EXTS]) {
        const flag = new Uint8Array(EXTS.length + 1);
        for (const x of f) flag[engine.extIdOf(x)] = 1;
        const want = brute.count(t, pos, f);
        expect({ t, pos, f: f.length, repeats: lists.repeats(k, flag) }).toEqual({ t, pos, f: f.length, repeats: want.total_matches - want.keyword_count });
        compared++;
      }
    }
  }
  expect(compared).toBe(56);
});
