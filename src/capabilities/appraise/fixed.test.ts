import { describe, expect, test } from "bun:test";
import { exp2mb, log2mb, roundUsd } from "./fixed.ts";

describe("deterministic log2 / exp2", () => {
  test("log2mb agrees with Math.log2 to the millibit", () => {
    for (const x of [1, 1.5, 2, 3, 7, 10, 110, 300, 25_500, 30_000, 1e6, 0.25, 0.001, 123_456_789]) {
      expect(Math.abs(log2mb(x) - Math.round(1000 * Math.log2(x)))).toBeLessThanOrEqual(1);
    }
    expect(log2mb(0)).toBe(0);
    expect(log2mb(-5)).toBe(0);
  });

  test("exp2mb agrees with Math.pow to 1e-12 relative", () => {
    for (const mb of [0, 1, 999, 1000, 1001, 14_873, -5_800, 20_931, -1, 123_456 % 30_000]) {
      const want = 2 ** (mb / 1000);
      expect(Math.abs(exp2mb(mb) - want) / want).toBeLessThan(1e-12);
    }
  });

  test("exp2mb inverts log2mb", () => {
    for (const x of [5, 300, 14_000, 30_000, 2_000_000]) expect(Math.abs(exp2mb(log2mb(x)) / x - 1)).toBeLessThan(0.0007);
  });

  test("golden values: the same bits on every machine", () => {
    // Computed once with this code; a change here means output changed and MODEL_VERSION must move.
    expect(exp2mb(14_873)).toBe(30006.761436549154);
    expect(log2mb(14_000)).toBe(13_773);
  });
});

describe("roundUsd", () => {
  test("whole dollars to three significant digits, monotone", () => {
    expect(roundUsd(0)).toBe(0);
    expect(roundUsd(-3)).toBe(0);
    expect(roundUsd(0.4)).toBe(0);
    expect(roundUsd(7.5)).toBe(8);
    expect(roundUsd(999.4)).toBe(999);
    expect(roundUsd(999.6)).toBe(1000);
    expect(roundUsd(30_007)).toBe(30_000);
    expect(roundUsd(123_456)).toBe(123_000);
    let prev = 0;
    for (let x = 0; x < 200_000; x += 7.3) {
      const r = roundUsd(x);
      expect(r).toBeGreaterThanOrEqual(prev);
      prev = r;
    }
  });
});
