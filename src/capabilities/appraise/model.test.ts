/**
 * The model against its calibration (calibration.ts): published pattern medians within a
 * factor of 2, the range invariants, the ordering the market shows, explanations that add up.
 * Signals are built by hand here (no lexicon, no index) so that these tests pin the model alone.
 */
import { describe, expect, test } from "bun:test";
import { PATTERN_ANCHORS } from "./calibration.ts";
import { appraiseSignals } from "./model.ts";
import type { AppraisalSignals, ZoneSignals } from "./signals.ts";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";

function every(chars: string, n: number): string[] {
  let out = [""];
  for (let i = 0; i < n; i++) out = out.flatMap((p) => [...chars].map((c) => p + c));
  return out;
}

function sig(name: string, opts: Partial<Omit<AppraisalSignals, "words">> & { zipf?: number[]; words?: string[] } = {}): AppraisalSignals {
  const words = opts.words ?? [name];
  return {
    name,
    ext: opts.ext ?? "com",
    words: { words, zipf: opts.zipf ?? words.map(() => 0), phrase: false },
    idnLength: opts.idnLength ?? 0,
    classification: opts.classification ?? { vertical: "Uncategorized", subcategory: "General", type: "brandable" },
    zone: opts.zone ?? null,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

describe("calibration: published pattern medians (within a factor of 2)", () => {
  const cases: [string, string, number][] = [
    ["LLL", LETTERS, 3],
    ["NNNN", DIGITS, 4],
    ["LLLL", LETTERS, 4],
  ];
  for (const [pattern, chars, len] of cases) {
    test(`${pattern}.com`, () => {
      const anchor = PATTERN_ANCHORS[pattern as "LLL"];
      expect(anchor.published).toBe(true);
      const rows = every(chars, len).map((n) => appraiseSignals(sig(n)));
      const m = median(rows.map((r) => r.value));
      expect(m).toBeGreaterThanOrEqual(anchor.medianUsd / 2);
      expect(m).toBeLessThanOrEqual(anchor.medianUsd * 2);
      // The published floor sits near the low end of the range (the 20th percentile).
      const lowMedian = median(rows.map((r) => r.low));
      expect(lowMedian).toBeGreaterThanOrEqual(anchor.floorUsd / 2);
      expect(lowMedian).toBeLessThanOrEqual(anchor.floorUsd * 2);
    });
  }
});

describe("market ordering", () => {
  const word = (name: string, z: number, ext = "com", zone: ZoneSignals | null = null) =>
    appraiseSignals(sig(name, { ext, zipf: [z], zone, classification: { vertical: "Uncategorized", subcategory: "General", type: "generic" } })).value;

  test("a one-word dictionary .com is worth far more than the same word in a new extension", () => {
    expect(word("music", 5.2)).toBeGreaterThan(20 * word("music", 5.2, "xyz"));
    expect(word("music", 5.2)).toBeGreaterThan(10 * word("music", 5.2, "online"));
  });

  test("random unregistered-looking strings are worth close to nothing", () => {
    const unregistered = { indexed: false, exactCount: 0, extSize: 100_000_000, typicalCount: 2.5 };
    for (const s of ["xqzvtkpl", "bzqxkwpt", "qwrtzpxk", "kkjjhhgg"]) {
      expect(appraiseSignals(sig(s, { zone: unregistered })).value).toBeLessThanOrEqual(5);
      expect(appraiseSignals(sig(s)).value).toBeLessThanOrEqual(25);
    }
  });

  test("shorter beats longer, common beats rare, words beat random, .com beats the rest", () => {
    expect(appraiseSignals(sig("abc")).value).toBeGreaterThan(appraiseSignals(sig("abcd")).value);
    expect(appraiseSignals(sig("123")).value).toBeGreaterThan(appraiseSignals(sig("1234")).value);
    expect(word("home", 5.8)).toBeGreaterThan(word("abode", 2.9));
    expect(word("sunshine", 4.0)).toBeGreaterThan(appraiseSignals(sig("zqxwvbnm")).value * 100);
    for (const ext of ["net", "org", "io", "ai", "de", "info", "xyz", "unknownext"]) expect(word("music", 5.2)).toBeGreaterThan(word("music", 5.2, ext));
    const two = appraiseSignals(sig("bestpizza", { words: ["best", "pizza"], zipf: [5.6, 4.4] })).value;
    const three = appraiseSignals(sig("bestpizzaplace", { words: ["best", "pizza", "place"], zipf: [5.6, 4.4, 5.2] })).value;
    expect(word("pizza", 4.4)).toBeGreaterThan(two);
    expect(two).toBeGreaterThan(three);
    expect(appraiseSignals(sig("best-pizza", { words: ["best", "-", "pizza"], zipf: [5.6, 0, 4.4] })).value).toBeLessThan(two);
  });

  test("an internationalised name is read by its length in its own script, without hyphen or digit penalties", () => {
    const idn = appraiseSignals(sig("xn--mnchen-3ya", { idnLength: 7 }), true);
    expect(idn.explain!.map((e) => e.feature)).toEqual(["base"]);
    expect(idn.value).toBeGreaterThan(appraiseSignals(sig("xn--mnchen-3ya")).value * 50);
    expect(appraiseSignals(sig("xn--fiqs8s", { idnLength: 2 })).value).toBeGreaterThan(idn.value);
  });

  test("zone demand: a name taken in many extensions is worth more", () => {
    const z = (exactCount: number): ZoneSignals => ({ indexed: true, exactCount, extSize: 150_000_000, typicalCount: 2.5 });
    expect(word("lumen", 3.0, "com", z(200))).toBeGreaterThan(word("lumen", 3.0, "com", z(3)));
    expect(word("lumen", 3.0, "com", z(3))).toBeGreaterThan(
      word("lumen", 3.0, "com", { indexed: false, exactCount: 0, extSize: 150_000_000, typicalCount: 2.5 }),
    );
  });
});

describe("range, determinism and explanations", () => {
  const names = ["a", "zz", "abc", "qxzj", "0000", "9", "kodak", "zolabo", "xqzvtkpl", "a1-b2-c3", "x".repeat(63), "123456789012"];
  test("0 <= low <= value <= high, whole USD, for every shape and extension", () => {
    for (const n of names)
      for (const ext of ["com", "net", "co.uk", "xyz", "zz"]) {
        for (const zone of [
          null,
          { indexed: false, exactCount: 0, extSize: 0, typicalCount: 1 },
          { indexed: true, exactCount: 5000, extSize: 1e9, typicalCount: 3 },
        ]) {
          const r = appraiseSignals(sig(n, { ext, zone }));
          expect(Number.isInteger(r.value) && Number.isInteger(r.low) && Number.isInteger(r.high)).toBe(true);
          expect(0 <= r.low && r.low <= r.value && r.value <= r.high).toBe(true);
          expect(r.explain).toBeNull();
          // Explaining changes nothing but adds the steps, which add up to the value.
          const e = appraiseSignals(sig(n, { ext, zone }), true);
          expect([e.value, e.low, e.high]).toEqual([r.value, r.low, r.high]);
          expect(e.explain!.reduce((sum, x) => sum + x.effect, 0)).toBe(r.value);
        }
      }
  });

  test("explanations: base plus effects equal the value; factors show the direction", () => {
    const r = appraiseSignals(
      sig("bestpizza", {
        ext: "net",
        words: ["best", "pizza"],
        zipf: [5.6, 4.4],
        zone: { indexed: true, exactCount: 40, extSize: 1e7, typicalCount: 2 },
        classification: { vertical: "Food & Drink", subcategory: "Restaurants", type: "industry" },
      }),
      true,
    );
    const ex = r.explain!;
    expect(ex[0]!.feature).toBe("base");
    expect(ex.reduce((s, e) => s + e.effect, 0)).toBe(r.value);
    const ext = ex.find((e) => e.feature === "extension")!;
    expect(ext.factor).toBeLessThan(1);
    expect(ext.effect).toBeLessThan(0);
    expect(ex.find((e) => e.feature === "demand")!.factor).toBeGreaterThan(1);
    expect(appraiseSignals(sig("bestpizza"), false).explain).toBeNull();
  });

  test("golden output: same signals, same bytes", () => {
    const r = appraiseSignals(sig("bestpizza", { words: ["best", "pizza"], zipf: [5.6, 4.4] }));
    expect(JSON.stringify(r)).toBe(JSON.stringify(appraiseSignals(sig("bestpizza", { words: ["best", "pizza"], zipf: [5.6, 4.4] }))));
    expect(JSON.stringify(appraiseSignals(sig("abc")))).toBe('{"value":30000,"low":22700,"high":39600,"explain":null}');
  });
});
