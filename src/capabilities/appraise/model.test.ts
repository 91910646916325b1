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
    words: { words, zipf: opts.zipf ?? words.map(() => 0), phrase: false, commercial: false, placeZipf: 0, brand: false },
    idnLength: opts.idnLength ?? 0,
    classification: opts.classification ?? { vertical: "Uncategorized", subcategory: "General", type: "brandable" },
    intent: opts.intent ?? { tier: 0, source: "" },
    language: opts.language ?? null,
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
    const unregistered = { indexed: false, exactCount: 0, extSize: 100_000_000, typicalCount: 2.5, extComplete: true, containingPerMillion: -1 };
    for (const s of ["xqzvtkpl", "bzqxkwpt", "qwrtzpxk", "kkjjhhgg"]) {
      // Registered nowhere in an extension the index holds whole: down to the floor, a registration fee.
      expect(appraiseSignals(sig(s, { zone: unregistered })).value).toBe(10);
      expect(appraiseSignals(sig(s, { zone: unregistered }), true).explain!.map((e) => e.feature)).toContain("floor");
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
    expect(idn.value).toBeGreaterThan(appraiseSignals(sig("xn--mnchen-3ya")).value * 3);
    expect(appraiseSignals(sig("xn--fiqs8s", { idnLength: 2 })).value).toBeGreaterThan(idn.value);
  });

  test("zone demand: a name taken in many extensions is worth more", () => {
    const z = (exactCount: number): ZoneSignals => ({
      indexed: true,
      exactCount,
      extSize: 150_000_000,
      typicalCount: 2.5,
      extComplete: true,
      containingPerMillion: -1,
    });
    expect(word("lumen", 3.0, "com", z(200))).toBeGreaterThan(word("lumen", 3.0, "com", z(3)));
    expect(word("lumen", 3.0, "com", z(3))).toBeGreaterThan(
      word("lumen", 3.0, "com", { indexed: false, exactCount: 0, extSize: 150_000_000, typicalCount: 2.5, extComplete: true, containingPerMillion: -1 }),
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
          { indexed: false, exactCount: 0, extSize: 0, typicalCount: 1, extComplete: true, containingPerMillion: -1 },
          { indexed: true, exactCount: 5000, extSize: 1e9, typicalCount: 3, extComplete: true, containingPerMillion: -1 },
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
        zone: { indexed: true, exactCount: 40, extSize: 1e7, typicalCount: 2, extComplete: true, containingPerMillion: -1 },
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
    expect(JSON.stringify(appraiseSignals(sig("abc")))).toBe('{"value":30000,"low":13400,"high":67100,"explain":null}');
  });
});

describe("what the market pays for", () => {
  const withWords = (name: string, words: string[], zipf: number[], extra: Partial<AppraisalSignals["words"]>, intent = 0, type = "industry") =>
    appraiseSignals({
      ...sig(name, { words, zipf, intent: { tier: intent, source: "" }, classification: { vertical: "X", subcategory: "Y", type } }),
      words: { words, zipf, phrase: false, commercial: false, placeZipf: 0, brand: false, ...extra },
    });

  test("commercial intent: the same words are worth more where advertisers compete", () => {
    const plain = withWords("mortgagecalculator", ["mortgage", "calculator"], [4.7, 4.1], {}, 0);
    const exact = withWords("mortgagecalculator", ["mortgage", "calculator"], [4.7, 4.1], { commercial: true }, 4);
    expect(exact.value).toBeGreaterThan(plain.value * 20);
    expect(exact.value).toBeGreaterThan(5_000);
    // a higher tier is worth more, all else equal
    const low = withWords("mortgagecalculator", ["mortgage", "calculator"], [4.7, 4.1], { commercial: true }, 1);
    expect(exact.value).toBeGreaterThan(low.value);
  });

  test("place + service: a big city's service name is worth thousands, more than a small place's", () => {
    const big = withWords("chicagoplumber", ["chicago", "plumber"], [4.8, 3.5], { placeZipf: 4.8, commercial: true }, 3, "geo");
    const small = withWords("ottumwaplumber", ["ottumwa", "plumber"], [2.2, 3.5], { placeZipf: 2.2, commercial: true }, 3, "geo");
    expect(big.value).toBeGreaterThan(2_000);
    expect(big.value).toBeGreaterThan(small.value);
    const ex = appraiseSignals(
      {
        ...sig("chicagoplumber", {
          classification: { vertical: "Home & Garden", subcategory: "Plumbing", type: "geo" },
          intent: { tier: 3, source: "Plumbing" },
        }),
        words: { words: ["chicago", "plumber"], zipf: [4.8, 3.5], phrase: false, commercial: true, placeZipf: 4.8, brand: false },
      },
      true,
    ).explain!;
    expect(ex.map((e) => e.feature)).toContain("intent");
    expect(ex.map((e) => e.feature)).not.toContain("personal");
  });

  test("restricted registries are not for sale: value 0 with an explained step", () => {
    for (const ext of ["gov", "edu", "mil", "int", "gov.uk", "ac.uk", "edu.au"]) {
      const r = appraiseSignals(sig("whitehouse", { ext, words: ["white", "house"], zipf: [5.4, 5.6] }), true);
      expect([r.value, r.low, r.high]).toEqual([0, 0, 0]);
      expect(r.explain!.map((e) => e.feature)).toEqual(["restricted"]);
    }
    expect(appraiseSignals(sig("whitehouse", { ext: "com", words: ["white", "house"], zipf: [5.4, 5.6] })).value).toBeGreaterThan(0);
  });

  test("no name that can be sold is valued $0-$0", () => {
    for (const n of ["xqzvtkplwq", "a-b-c-d-e-f", "x".repeat(63)])
      for (const ext of ["com", "lol", "zz", "co.uk"]) {
        const r = appraiseSignals(
          sig(n, { ext, zone: { indexed: false, exactCount: 0, extSize: 1e6, typicalCount: 2, extComplete: true, containingPerMillion: -1 } }),
        );
        expect(r.value).toBeGreaterThanOrEqual(10);
        expect(r.low).toBeGreaterThanOrEqual(1);
      }
  });

  test("'registered nowhere' lowers a value only where the index holds the extension whole", () => {
    const z = (extComplete: boolean): ZoneSignals => ({
      indexed: false,
      exactCount: 0,
      extSize: 200_000,
      typicalCount: 2,
      extComplete,
      containingPerMillion: -1,
    });
    const sample = appraiseSignals(sig("zolabo", { ext: "nu", zone: z(false) }), true);
    const whole = appraiseSignals(sig("zolabo", { ext: "nu", zone: z(true) }), true);
    expect(sample.value).toBeGreaterThan(whole.value);
    expect(sample.explain!.map((e) => e.feature)).not.toContain("unregistered");
    expect(whole.explain!.map((e) => e.feature)).toContain("unregistered");
  });

  test("a well-known brand's exact name is worth more than its word frequency says", () => {
    const plain = withWords("icloud", ["icloud"], [2.3], {}, 0, "brandable");
    const brand = withWords("icloud", ["icloud"], [2.3], { brand: true }, 0, "brandable");
    expect(brand.value).toBeGreaterThan(plain.value * 4);
  });

  test("another language's words: a premium in their home extension, a discount in .com", () => {
    const de = (ext: string, language: AppraisalSignals["language"]) =>
      appraiseSignals(
        sig("versicherung", { ext, zipf: [4.5], language, classification: { vertical: "Insurance", subcategory: "General Insurance", type: "industry" } }),
        true,
      );
    const home = de("de", { lang: "de", home: true });
    const english = de("de", null);
    expect(home.value).toBeGreaterThan(english.value);
    expect(home.explain!.map((e) => e.feature)).toContain("language");
    expect(de("com", { lang: "de", home: false }).value).toBeLessThan(de("com", null).value);
  });

  test("keyword demand: a word many registered names are built on is worth more; never a penalty", () => {
    const z = (containingPerMillion: number): ZoneSignals => ({
      indexed: true,
      exactCount: 10,
      extSize: 1e6,
      typicalCount: 2,
      extComplete: true,
      containingPerMillion,
    });
    const w = (c: number) =>
      appraiseSignals(
        sig("hotel", { zipf: [5.2], zone: z(c), classification: { vertical: "Travel", subcategory: "Hotels & Lodging", type: "industry" } }),
        true,
      );
    expect(w(2000).value).toBeGreaterThan(w(100).value);
    expect(w(2000).explain!.map((e) => e.feature)).toContain("keyword_demand");
    expect(w(3).value).toBe(w(-1).value);
  });
});
