/**
 * The long-term candidates (found on a sample of the names) and the matcher the fill uses.
 * End to end, test/zone/counts.test.ts holds the stored long entries to brute force; these
 * pin the two pieces on inputs small enough to count by hand.
 */
import { expect, test } from "bun:test";
import { longTermsOf, matchLongAt, sampleLongTerms } from "./long-terms.ts";
import { ALPHABET, SYMBOL } from "../src/zone-index/format.ts";

/** Sorted, distinct names as NAMB/NAMO. */
function arrays(list: string[]): { names: Uint8Array; nameOff: Uint32Array } {
  const sorted = [...new Set(list)].sort();
  const names = new TextEncoder().encode(sorted.join(""));
  const nameOff = new Uint32Array(sorted.length + 1);
  sorted.forEach((s, i) => (nameOff[i + 1] = nameOff[i]! + s.length));
  return { names, nameOff };
}

test("candidates: every term of 4-12 characters held by enough names, counted once per name, most held first", () => {
  const list: string[] = [];
  for (let i = 0; i < 3000; i++) list.push(`shop${i}`);
  for (let i = 0; i < 1500; i++) list.push(`a${i}online`);
  for (let i = 0; i < 10; i++) list.push(`zzzz${i}q`);
  list.push("shopshopshop"); // holds "shop" three times: one name
  const { names, nameOff } = arrays(list);
  const got = sampleLongTerms(names, nameOff, 1000); // fewer names than the sample: every name is read
  const byTerm = new Map(got.map((c) => [c.term, c.names]));
  expect(byTerm.get("shop")).toBe(3001);
  expect(byTerm.get("online")).toBe(1500);
  for (const t of ["onli", "nlin", "line", "onlin", "nline"]) expect(byTerm.get(t)).toBe(1500);
  expect(byTerm.has("zzzz")).toBe(false);
  expect(got.every((c) => c.term.length >= 4 && c.term.length <= 12 && c.names >= 1000)).toBe(true);
  expect(got[0]!.term).toBe("shop");
  for (let i = 1; i < got.length; i++) expect(got[i - 1]!.names).toBeGreaterThanOrEqual(got[i]!.names);
});

test("candidates: the same as a brute-force count when the sample's table grows many times over", () => {
  // names of 12-20 letters over "abc": every window frequent, hundreds of thousands of distinct terms
  let seed = 7;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const list = Array.from({ length: 4000 }, () => Array.from({ length: 12 + Math.floor(next() * 9) }, () => "abc"[Math.floor(next() * 3)]).join(""));
  const { names, nameOff } = arrays(list);
  const minNames = 40;
  const want = new Map<string, number>();
  for (const name of new Set(list)) {
    const held = new Set<string>();
    for (let i = 0; i < name.length; i++) for (let l = 4; l <= 12 && i + l <= name.length; l++) held.add(name.slice(i, i + l));
    for (const t of held) want.set(t, (want.get(t) ?? 0) + 1);
  }
  const expected = [...want].filter(([, c]) => c >= minNames).sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
  const got = sampleLongTerms(names, nameOff, minNames).map((c) => [c.term, c.names]);
  expect(expected.length).toBeGreaterThan(100);
  expect(got).toEqual(expected);
});

test("matcher: a contains row once per name, an ends row only where the name ends", () => {
  const lt = longTermsOf(
    ["shop", "shopping", "online", "line"],
    [
      [0, 1],
      [2, 3],
      [4, 5],
      [6, 7],
    ],
  );
  const named = new Uint32Array(8);
  const rowsOf = (name: string, stamp: number, seen: Uint32Array): number[] => {
    const bytes = new TextEncoder().encode(name);
    const rows = new Int32Array(64);
    let nr = 0;
    for (let p = 0; p + 4 <= bytes.length; p++) {
      let g = 0;
      for (let i = 0; i < 4; i++) g = g * ALPHABET + SYMBOL[bytes[p + i]!]!;
      if ((lt.heads[g >>> 5]! & (1 << (g & 31))) !== 0) nr = matchLongAt(lt, bytes, p, bytes.length, g, stamp, seen, rows, nr, named);
    }
    return [...rows.subarray(0, nr)].sort((a, b) => a - b);
  };
  const seen = new Uint32Array(4);
  expect(rowsOf("shoponline", 1, seen)).toEqual([0, 4, 5, 6, 7]); // shop; online and line, both ending it
  expect(rowsOf("shopshopping", 2, seen)).toEqual([0, 2, 3]); // shop once; shopping, which ends it
  expect(rowsOf("onlineshop", 3, seen)).toEqual([0, 1, 4, 6]); // shop ends it; online and line do not
  expect(rowsOf("shopp", 4, seen)).toEqual([0]); // shopping runs past the end
  expect([...named]).toEqual([4, 1, 1, 1, 2, 1, 2, 1]); // names per row, over the four names
});
