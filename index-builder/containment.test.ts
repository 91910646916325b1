/**
 * The containment counts against a brute force over the same names: periodic and
 * self-overlapping names ("abab", "aaaa"), names equal past 8 characters, every bucket
 * edge, groups smaller than a bucket's records, and real names (the committed sample, test/fixtures).
 */
import { describe, expect, test } from "bun:test";
import { innerProblem, readInner } from "../src/zone-index/inner.ts";
import { bucketCounts, bucketNames, encodeInner, innerCounts, splitBuckets, type ContainInput, type InnerCounts } from "./containment.ts";
import { readDomains, testInputs } from "../test/zone/real-domains.ts";

function input(list: string[], seed = 1): { a: ContainInput; sorted: string[]; weight: number[] } {
  const sorted = [...new Set(list)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const bytes = new TextEncoder().encode(sorted.join(""));
  const nameOff = new Uint32Array(sorted.length + 1);
  const postStart = new Uint32Array(sorted.length + 1);
  let s = seed;
  const weight = sorted.map(() => {
    s = (s * 1103515245 + 12345) >>> 0;
    return 1 + (s % 5);
  });
  sorted.forEach((n, i) => {
    nameOff[i + 1] = nameOff[i] + n.length;
    postStart[i + 1] = postStart[i] + weight[i];
  });
  return { a: { names: bytes, nameOff, postStart }, sorted, weight };
}

function brute(sorted: string[], weight: number[]): Map<number, [number, number, number]> {
  const want = new Map<number, [number, number, number]>();
  sorted.forEach((m, id) => {
    if (m.length < 2) return;
    let names = 0;
    let domains = 0;
    let ends = 0;
    sorted.forEach((n, k) => {
      if (n === m) return;
      if (n.includes(m) && !n.startsWith(m)) {
        names++;
        domains += weight[k];
      }
      if (n.endsWith(m)) ends += weight[k];
    });
    if (names || domains || ends) want.set(id, [names, domains, ends]);
  });
  return want;
}

function computed(a: ContainInput, groupRecords?: number): Map<number, [number, number, number]> {
  const counts = bucketCounts(a);
  const first = bucketNames(a);
  const half = splitBuckets(counts);
  const parts: InnerCounts[] = [innerCounts(a, counts, first, 0, half, groupRecords), innerCounts(a, counts, first, half, counts.length, groupRecords)];
  const got = new Map<number, [number, number, number]>();
  let last = -1;
  for (const p of parts) {
    p.ids.forEach((id, i) => {
      expect(id).toBeGreaterThan(last); // ascending across both halves
      last = id;
      got.set(id, [p.names[i], p.domains[i], p.ends[i]]);
    });
  }
  return got;
}

const tricky = [
  "a",
  "b",
  "z",
  "-",
  "9",
  "ab",
  "aa",
  "aaa",
  "aaaa",
  "aaaaa",
  "abab",
  "ababab",
  "aba",
  "bab",
  "ba",
  "abc",
  "abcabc",
  "cabc",
  "bcab",
  "abcdefgh",
  "abcdefghi",
  "abcdefghij",
  "xabcdefgh",
  "xabcdefghi",
  "xabcdefghij",
  "xxabcdefghijk",
  "abcdefghijk",
  "zzzzzzzzzzzz",
  "zzzzzzzzz",
  "zz",
  "zzz",
  "az",
  "za",
  "z-",
  "-z",
  "a-b-a-b",
  "-b",
  "b-",
  "a-b",
  "9z9z9",
  "z9",
  "9z",
  "shopping",
  "shop",
  "hop",
  "hopping",
  "ping",
  "bestshop",
  "shopshop",
  "theshopshop",
  "mississippi",
  "issi",
  "ssi",
  "sip",
  "ppi",
  "ippi",
  "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
  "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
];

describe("containment counts", () => {
  test("equal a brute force on periodic, overlapping and long names", () => {
    const { a, sorted, weight } = input(tricky);
    expect(computed(a)).toEqual(brute(sorted, weight));
  });

  test("the same with a group smaller than one bucket's records", () => {
    const { a, sorted, weight } = input(tricky, 5);
    expect(computed(a, 3)).toEqual(brute(sorted, weight));
  });

  test("equal a brute force on one bucket sorted in several runs of parts (8,192+ records)", () => {
    // 1,100 names holding "ab" 8 times each after their first character: 8,800 records in bucket "ab", in 37 parts
    let s = 7;
    const pick = () => {
      s = (s * 1103515245 + 12345) >>> 0;
      return "abcdefghijklmnopqrstuvwxyz0123456789-"[s % 37];
    };
    const list: string[] = [];
    for (let i = 0; i < 1100; i++) {
      let n = pick() === "-" ? "x" : pick();
      for (let k = 0; k < 8; k++) n += "ab" + pick();
      list.push(n.replace(/-$/, "z"), n.slice(0, 9 + (i % 7)));
    }
    const { a, sorted, weight } = input(list, 3);
    const counts = bucketCounts(a);
    expect(Math.max(...counts)).toBeGreaterThan(8192);
    expect(computed(a)).toEqual(brute(sorted, weight));
  });

  test("equal a brute force on 3,000 real names", () => {
    const all = [...new Set(readDomains(testInputs()).map((d) => d.slice(0, d.indexOf("."))))];
    const names = all.filter((_, i) => i % Math.max(1, Math.floor(all.length / 3000)) === 0).slice(0, 3000);
    const { a, sorted, weight } = input(names, 9);
    const want = brute(sorted, weight);
    expect(want.size).toBeGreaterThan(40); // the sample does hold names inside others
    expect(computed(a, 5000)).toEqual(want);
  });

  test("encoding: one bit per name with counts, each block's first entry, one-byte entries", () => {
    const parts: InnerCounts[] = [
      { ids: Uint32Array.of(3, 70), names: Uint32Array.of(1, 2), domains: Uint32Array.of(4, 2), ends: Uint32Array.of(0, 300) },
      { ids: Uint32Array.of(200), names: Uint32Array.of(0), domains: Uint32Array.of(0), ends: Uint32Array.of(1) },
    ];
    const { bitmap, blocks, data } = encodeInner(256, parts);
    expect([...bitmap]).toEqual([8, 0, 1 << 6, 0, 0, 0, 1 << 8, 0]);
    expect([...blocks]).toEqual([0, 8]); // one block of 512 names, then the end of the data
    // (1, +3, 0) and (2, +0, 300) as three varints, the first doubled; (0, +0, 1) in one odd byte
    expect([...data]).toEqual([2, 3, 0, 4, 0, 0xac, 0x02, 3]);
  });

  test("every name reads back its counts (and zeros) across blocks, small and large entries", () => {
    const n = 5000;
    let s = 3;
    const rnd = () => (s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const ids: number[] = [];
    for (let id = 0; id < n; id++) if (rnd() < (id < 1024 ? 0.9 : 0.1)) ids.push(id);
    const val = (i: number, k: number) => (i % 3 === 0 ? [1, 0, 1][k] : Math.floor(rnd() * [9, 3, 9][k] * (i % 7 === 0 ? 100000 : 1)));
    const names = ids.map((_, i) => val(i, 0));
    const extra = ids.map((_, i) => val(i, 1));
    const ends = ids.map((_, i) => (names[i] + extra[i] === 0 ? 1 + val(i, 2) : val(i, 2)));
    const half = Math.floor(ids.length / 2);
    const part = (from: number, to: number): InnerCounts => ({
      ids: Uint32Array.from(ids.slice(from, to)),
      names: Uint32Array.from(names.slice(from, to)),
      domains: Uint32Array.from(names.slice(from, to).map((x, i) => x + extra[from + i])),
      ends: Uint32Array.from(ends.slice(from, to)),
    });
    const enc = encodeInner(n, [part(0, half), part(half, ids.length)]);
    expect(innerProblem(enc, n)).toBeNull();
    const want = new Map(ids.map((id, i) => [id, { names: names[i], domains: names[i] + extra[i], ends: ends[i] }]));
    const out = { names: -1, domains: -1, ends: -1 };
    for (let id = 0; id < n; id++) {
      readInner(enc, id, out);
      expect({ id, ...out }).toEqual({ id, ...(want.get(id) ?? { names: 0, domains: 0, ends: 0 }) });
    }
  });
});
