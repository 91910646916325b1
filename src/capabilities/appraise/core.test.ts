/** The readings of a name (core.ts), the shape features under them, and the extension tiers. */
import { describe, expect, test } from "bun:test";
import { coreValue, patternOf } from "./core.ts";
import { extensionTier } from "./extensions.ts";
import { Kind, shapeOf, Speech } from "./features.ts";
import type { WordSignals } from "./signals.ts";

const words = (ws: string[], zipf: number[], phrase = false): WordSignals => ({ words: ws, zipf, phrase, commercial: false, placeZipf: 0, brand: false });
const none = (name: string) => words([name], [0]);

describe("shape features", () => {
  test("character classes, speech and digit quality", () => {
    expect(shapeOf("kodak")).toMatchObject({ kind: Kind.Letters, speech: Speech.Alternating, len: 5 });
    expect(shapeOf("xqzvtkpl").speech).toBe(Speech.Unpronounceable);
    expect(shapeOf("best-pizza")).toMatchObject({ kind: Kind.Mixed, hyphens: 1, letters: 9 });
    expect(shapeOf("8888")).toMatchObject({ kind: Kind.Digits, repeated: true, eights: 4 });
    expect(shapeOf("1234").sequence).toBe(true);
    expect(shapeOf("0123").leadingZero).toBe(true);
    expect(shapeOf("1212").pairs).toBe(true);
    expect(shapeOf("bcdf").premiumLetters).toBe(true);
    expect(shapeOf("qxzj").weakLetters).toBe(4);
  });

  test("patterns", () => {
    const p = (s: string) => patternOf(shapeOf(s));
    expect(["a", "ab", "abc", "abcd", "kodo", "kodak", "xqzvt", "1", "12", "123", "1234", "12345", "123456", "1234567", "a1", "ab-c", "zolbe"].map(p)).toEqual([
      "L",
      "LL",
      "LLL",
      "LLLL",
      "CVCV",
      "CVCVC",
      "LLLLL",
      "N",
      "NN",
      "NNN",
      "NNNN",
      "NNNNN",
      "NNNNNN",
      null,
      "LN",
      null,
      null,
    ]);
  });
});

describe("readings", () => {
  test("the highest reading wins: a common short word beats its letter pattern", () => {
    expect(coreValue("blue", words(["blue"], [5.1])).kind).toBe("words");
    expect(coreValue("qxzj", none("qxzj")).kind).toBe("pattern");
    expect(coreValue("zolabo", none("zolabo")).kind).toBe("brandable");
    expect(coreValue("xqzvtkpl", none("xqzvtkpl")).kind).toBe("random");
  });

  test("digits are parts, not a free ride: '000pas' is not the single word 'pas'", () => {
    const single = coreValue("pas", words(["pas"], [4.9])).mb;
    expect(coreValue("000pas", words(["000", "pas"], [0, 4.9])).mb).toBeLessThan(single - 3000);
    // A strong word with a number tacked on is far below the word, and below two real words.
    const music = coreValue("music", words(["music"], [5.7])).mb;
    expect(coreValue("music2024", words(["music", "2024"], [5.7, 0])).mb).toBeLessThan(music - 8000);
    expect(coreValue("music2024", words(["music", "2024"], [5.7, 0])).mb).toBeLessThan(coreValue("musicbox", words(["music", "box"], [5.7, 4.9])).mb);
  });

  test("a known phrase reads almost like one word; the same words unrelated read far lower", () => {
    const phrase = coreValue("realestate", words(["real", "estate"], [5.5, 4.1], true)).mb;
    const loose = coreValue("realestate", words(["real", "estate"], [5.5, 4.1], false)).mb;
    expect(phrase).toBeGreaterThan(loose + 2000);
    expect(phrase).toBeLessThan(coreValue("estate", words(["estate"], [4.1])).mb);
  });

  test("function words are capped at the commonest nouns", () => {
    expect(coreValue("there", words(["there"], [6.9])).mb).toBe(coreValue("house", words(["house"], [6.0])).mb);
  });

  test("every extra word, unknown part and letter costs", () => {
    const two = coreValue("bluefish", words(["blue", "fish"], [5.1, 4.6])).mb;
    expect(coreValue("bluefishing", words(["blue", "fishing"], [5.1, 4.6])).mb).toBeLessThan(two);
    expect(coreValue("bluefishbowl", words(["blue", "fish", "bowl"], [5.1, 4.6, 4.6])).mb).toBeLessThan(two);
    expect(coreValue("bluexqfish", words(["blue", "xq", "fish"], [5.1, 0, 4.6])).mb).toBeLessThan(two);
  });
});

describe("extension tiers", () => {
  test("known standing first, then size in the index", () => {
    expect(extensionTier("com", null).mb).toBe(0);
    expect(extensionTier("io", null).mb).toBeGreaterThan(extensionTier("net", null).mb);
    expect(extensionTier("net", null).mb).toBeGreaterThan(extensionTier("de", null).mb);
    expect(extensionTier("co.uk", 0).tier).toBe(3);
    expect(extensionTier("xyz", 5_000_000).tier).toBe(5);
    expect(extensionTier("unlisted", 2_000_000).tier).toBe(4);
    expect(extensionTier("unlisted", 200_000).tier).toBe(5);
    expect(extensionTier("unlisted", 10).tier).toBe(7);
    expect(extensionTier("unlisted", null).tier).toBe(6);
  });
});
