/**
 * Packed offsets (offsets.ts): every entry reads back, in narrow and wide blocks and at the
 * block edges, and a section whose shape lies is refused with the problem named.
 */
import { describe, expect, test } from "bun:test";
import { NARROW, OFFSET_BLOCK, packOffsets, readOffsets, type Offsets } from "./offsets.ts";
import { lcg } from "../../test/support/random.ts";

/** Offsets read back from the section bytes the builder writes for `full`. */
function offsetsOf(full: Uint32Array): Offsets {
  const r = readOffsets("offsets", packOffsets(full), full.length, full[full.length - 1]);
  if (typeof r === "string") throw new Error(r);
  return r;
}

/** Prefix sums of `steps` gaps (entries = gaps + 1) drawn by step(i). */
function monotone(gaps: number, step: (i: number) => number): Uint32Array {
  const a = new Uint32Array(gaps + 1);
  for (let i = 0; i < gaps; i++) a[i + 1] = a[i] + step(i);
  return a;
}

describe("packed offsets", () => {
  test("every entry reads back, at every size around a block edge", () => {
    const rnd = lcg(7);
    for (const entries of [1, 2, OFFSET_BLOCK - 1, OFFSET_BLOCK, OFFSET_BLOCK + 1, 2 * OFFSET_BLOCK + 1, 5000]) {
      const full = monotone(entries - 1, () => Math.floor(rnd() * 64));
      const o = offsetsOf(full);
      expect(o.length).toBe(entries);
      const back = Array.from({ length: entries }, (_, i) => o.at(i));
      expect(back).toEqual(Array.from(full));
      const spans = Array.from({ length: entries - 1 }, (_, i) => o.span(i));
      expect(spans).toEqual(Array.from(full.subarray(1), (v, i) => v - full[i]));
      expect(o.wide.length).toBe(0);
    }
  });

  test("a block spanning 65,535 or more is stored wide, and the blocks around it stay narrow", () => {
    // block 1 holds one name with 70,000 postings; block 3 spans exactly 65,534 (narrow); the
    // short last block (101 entries) spans 65,535 (wide)
    const gaps = 4 * OFFSET_BLOCK + 100;
    const full = monotone(gaps, (i) => (i === OFFSET_BLOCK + 5 ? 70_000 : i === 3 * OFFSET_BLOCK ? 65_534 - 1022 : i === 4 * OFFSET_BLOCK ? 65_535 - 99 : 1));
    const span = (b: number) => full[Math.min((b + 1) * OFFSET_BLOCK, full.length) - 1] - full[b * OFFSET_BLOCK];
    expect([0, 1, 2, 3, 4].map(span)).toEqual([1023, 70_000 + 1022, 1023, 65_534, 65_535]);
    const o = offsetsOf(full);
    const kinds = Array.from(o.wideAt, (w) => (w === NARROW ? "narrow" : "wide"));
    expect(kinds).toEqual(["narrow", "wide", "narrow", "narrow", "wide"]);
    for (let i = 0; i < full.length; i++) if (o.at(i) !== full[i]) throw new Error(`entry ${i}: ${o.at(i)} != ${full[i]}`);
    for (let i = 0; i + 1 < full.length; i++) if (o.span(i) !== full[i + 1] - full[i]) throw new Error(`span ${i}: ${o.span(i)} != ${full[i + 1] - full[i]}`);
    expect(o.last()).toBe(full[full.length - 1]);
  });

  test("values near 2^32 read back exactly", () => {
    const full = monotone(3000, (i) => (i === 0 ? 2 ** 32 - 100_000 : i % 50));
    const o = offsetsOf(full);
    for (let i = 0; i < full.length; i++) expect(o.at(i)).toBe(full[i]);
  });

  test("a section whose header, size, wide blocks or ends disagree is refused with the problem named", () => {
    const full = monotone(3000, (i) => (i === 1500 ? 100_000 : 3));
    const good = packOffsets(full);
    const last = full[full.length - 1];
    expect(typeof readOffsets("POSO", good, full.length, last)).toBe("object");
    const bad = (edit: (w: Uint32Array) => void, bytes = good.slice()) => {
      edit(new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2));
      return readOffsets("POSO", bytes, full.length, last);
    };
    expect(readOffsets("POSO", good, full.length + 1, last)).toMatch(/POSO holds 3001 offsets where the header's names need 3002/);
    expect(readOffsets("POSO", good, full.length, last + 1)).toMatch(/POSO: offsets run from 0 to \d+ where 0 to \d+ was expected/);
    expect(readOffsets("POSO", good.subarray(0, good.length - 4), full.length, last)).toMatch(/POSO is \d+ bytes where its header says/);
    expect(readOffsets("POSO", good.subarray(0, 8), full.length, last)).toMatch(/too short/);
    expect(bad((w) => (w[1] = 9))).toMatch(/9 blocks where 3001 offsets need 3/);
    expect(bad((w) => (w[4 + 2 * 1 + 1] = 7))).toMatch(/wide block 1 starts at 7 where 0 was expected/);
    expect(bad((w) => (w[4 + 2 * 1 + 1] = NARROW))).toMatch(/its wide blocks hold 0 entries where its header says 1024/);
    const unmarked = good.slice();
    new Uint16Array(unmarked.buffer, 16 + 8 * 3 + 2 * 1030, 1)[0] = 5; // an entry of wide block 1
    expect(readOffsets("POSO", unmarked, full.length, last)).toMatch(/entry 1030 of wide block 1 is not marked wide/);
    expect(bad((w) => (w[4] = 5))).toMatch(/offsets run from 5/);
  });
});
