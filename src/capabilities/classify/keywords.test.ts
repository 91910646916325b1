import { describe, expect, test } from "bun:test";
import { KEYWORD_DATA } from "./keywords-data.ts";
import { KEYWORDS, KEYWORD_PHRASES, PHRASES_BY_FIRST, SINGLE, sameWord, singleKeyword } from "./keywords.ts";
import { MODIFIERS } from "./keywords-modifiers.ts";
import { TAXONOMY } from "./taxonomy.ts";

describe("industry keywords", () => {
  test("every keyword points at an existing subcategory (not Uncategorized)", () => {
    for (const sub of Object.keys(KEYWORD_DATA)) expect(TAXONOMY.bySubcategory.has(sub), sub).toBe(true);
    for (const k of KEYWORDS) {
      expect(k.node).toBeGreaterThan(0);
      expect(TAXONOMY.nodes[k.node]).toBeDefined();
      expect([1, 2, 3]).toContain(k.weight);
    }
  });

  test("every subcategory has several keywords; a few thousand in all, phrases included", () => {
    const perNode = new Map<number, number>();
    for (const k of KEYWORDS) perNode.set(k.node, (perNode.get(k.node) ?? 0) + 1);
    for (const n of TAXONOMY.nodes.slice(1)) expect(perNode.get(n.id) ?? 0, n.subcategory).toBeGreaterThanOrEqual(3);
    expect(KEYWORDS.length).toBeGreaterThan(1000);
    expect(KEYWORDS.filter((k) => k.words.length > 1).length).toBeGreaterThan(200);
  });

  test("phrases are unique and exported as word sequences", () => {
    const texts = KEYWORDS.map((k) => k.text);
    expect(new Set(texts).size).toBe(texts.length);
    expect(KEYWORD_PHRASES.length).toBe(KEYWORDS.length);
    expect(KEYWORD_PHRASES).toContainEqual(["real", "estate"]);
    expect(KEYWORD_PHRASES).toContainEqual(["web", "hosting"]);
    expect(KEYWORD_PHRASES).toContainEqual(["pizza"]);
    for (const p of KEYWORD_PHRASES) for (const w of p) expect(w).toMatch(/^[a-z0-9]+$/);
  });

  test("lookups: joined phrases, plural folding, longest phrase first", () => {
    expect(SINGLE.get("realestate")?.text).toBe("realestate");
    expect(SINGLE.get("webhosting")?.text).toBe("web hosting");
    expect(singleKeyword("plumber")?.text).toBe("plumber");
    expect(singleKeyword("evs")).toBeUndefined(); // under 4 letters: not folded
    expect(singleKeyword("lawyer")?.text).toBe("lawyer");
    expect(singleKeyword("bakeries")?.text).toBe("bakeries");
    expect(singleKeyword("florists")?.text).toBe("florists");
    expect(singleKeyword("dentistries")?.text).toBe("dentistry");
    expect(singleKeyword("zzzzs")).toBeUndefined();
    expect(singleKeyword("carwashes")?.text).toBe("carwash");
    expect(singleKeyword("pestcontrol")?.text).toBe("pest control");
    expect(singleKeyword("xyz")).toBeUndefined();
    const car = PHRASES_BY_FIRST.get("car")!;
    for (let i = 1; i < car.length; i++) expect(car[i - 1]!.words.length).toBeGreaterThanOrEqual(car[i]!.words.length);
    expect(sameWord("washes", "wash")).toBe(true);
    expect(sameWord("cars", "car")).toBe(true);
    expect(sameWord("cart", "car")).toBe(false);
  });

  test("modifiers are plain lower-case words without duplicates", () => {
    expect(new Set(MODIFIERS).size).toBe(MODIFIERS.length);
    for (const m of MODIFIERS) expect(m).toMatch(/^[a-z]+$/);
    expect(MODIFIERS).toContain("best");
  });
});
