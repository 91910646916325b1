import { describe, expect, test } from "bun:test";
import { add, emptyTally, loadLabels, normaliseSplit, parseLabels, partOf, wilson, type Label } from "./sample.ts";

const HEADER = "domain\tlanguage\tverticals\tnote\tsplit\n";

describe("labels.tsv", () => {
  test("labels every drawn name once, in order, with taxonomy verticals and splits that spell the name", () => {
    const labels = loadLabels(); // throws on any malformed row
    expect(labels.length).toBeGreaterThanOrEqual(1500);
    const langs = new Set(labels.map((l) => l.language));
    for (const l of ["en", "de", "fr", "es", "it", "nl", "pt", "sv"]) expect(langs.has(l as Label["language"])).toBe(true);
  });

  test("both parts are about half of the sample", () => {
    const labels = loadLabels();
    const tune = labels.filter((l) => partOf(l.domain) === "tune").length;
    expect(tune).toBeGreaterThan(labels.length * 0.4);
    expect(tune).toBeLessThan(labels.length * 0.6);
  });
});

describe("parseLabels", () => {
  test("refuses a vertical the taxonomy does not have, naming the line", () => {
    expect(() => parseLabels(HEADER + "bestpizza.com\ten\tFood & Drink\t\tbest pizza\nx.com\ten\tFood\t\t\n")).toThrow(
      'labels.tsv line 3: "Food" is not a vertical of the taxonomy',
    );
  });
  test("refuses a split that does not spell the name", () => {
    expect(() => parseLabels(HEADER + "hotelesbaratos.es\tes\tTravel\t\thotel es baratox\n")).toThrow("does not spell");
  });
  test("refuses an unknown language and a repeated domain", () => {
    expect(() => parseLabels(HEADER + "a.com\tzz\tnone\t\t\n")).toThrow("unknown language");
    expect(() => parseLabels(HEADER + "a.com\ten\tnone\t\t\na.com\ten\tnone\t\t\n")).toThrow("listed twice");
  });
});

describe("scoring", () => {
  const [pizza, brand, none] = parseLabels(
    HEADER + "bestpizza.com\ten\tFood & Drink,Shopping\t\tbest pizza\n" + "k9shop.se\ten\tPets & Animals\t\tk9 shop\n" + "xqzt.com\tnone\tnone\t\t\n",
  ) as [Label, Label, Label];

  test("a vertical in the accepted list is right, another is wrong, a none label categorized is wrong", () => {
    const t = emptyTally();
    add(t, pizza, { vertical: "Shopping", confidence: "high", split: "best pizza" });
    add(t, brand, { vertical: "Shopping", confidence: "medium", split: "k 9 shop" });
    add(t, none, { vertical: "Technology", confidence: "low", split: "xqzt" });
    expect(t).toEqual({ names: 3, worded: 2, wordedCategorized: 2, categorized: 3, correct: 1, splits: 2, splitsRight: 2 });
  });

  test("an uncategorized worded name lowers coverage and leaves precision alone", () => {
    const t = emptyTally();
    add(t, pizza, { vertical: "Uncategorized", confidence: "low", split: "bestpizza" });
    add(t, none, { vertical: "Uncategorized", confidence: "low", split: "xqzt" });
    expect(t).toEqual({ names: 2, worded: 1, wordedCategorized: 0, categorized: 0, correct: 0, splits: 1, splitsRight: 0 });
  });

  test("splits compare word boundaries, not letter-digit cuts or hyphens", () => {
    expect(normaliseSplit("k9 produkter")).toBe(normaliseSplit("k 9 produkter"));
    expect(normaliseSplit("liam-music")).toBe("liam music");
    expect(normaliseSplit("hotel esbaratos")).not.toBe(normaliseSplit("hoteles baratos"));
  });

  test("the part rule reads the first byte of the unsalted SHA-256 of the domain", () => {
    // sha256 first bytes: example.com a3, bestpizza.com d0, denverdentist.com 76
    expect(partOf("example.com")).toBe("heldout");
    expect(partOf("bestpizza.com")).toBe("heldout");
    expect(partOf("denverdentist.com")).toBe("tune");
  });

  test("Wilson interval brackets the proportion", () => {
    const [lo, hi] = wilson(80, 100)!;
    expect(lo).toBeLessThan(80);
    expect(hi).toBeGreaterThan(80);
    expect(lo).toBeCloseTo(71.1, 0);
    expect(hi).toBeCloseTo(86.7, 0);
    expect(wilson(0, 0)).toBeNull();
  });
});
