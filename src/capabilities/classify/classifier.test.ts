import { afterAll, describe, expect, test } from "bun:test";
import { readDomains, testInputs } from "../../../test/zone/real-domains.ts";
import { KEYWORDS } from "./keywords.ts";
import { classify, DOMAIN_TYPES, type Classification } from "./classifier.ts";
import { FALLBACK_WORD_INFO, setWordInfo, W_COMMON, W_FIRST, W_PLACE, W_SURNAME, W_WORD, type WordInfo } from "./classifier-words.ts";
import { TAXONOMY } from "./taxonomy.ts";

/** A tiny lexicon standing in for the real one: only what these tests need. */
const TABLE: Record<string, number> = {
  denver: W_PLACE,
  paris: W_PLACE,
  london: W_PLACE,
  texas: W_PLACE,
  chicago: W_PLACE,
  bath: W_PLACE | W_WORD | W_COMMON,
  reading: W_PLACE | W_WORD | W_COMMON,
  john: W_FIRST,
  mary: W_FIRST,
  david: W_FIRST,
  rose: W_FIRST | W_WORD | W_COMMON,
  smith: W_SURNAME,
  miller: W_SURNAME,
  baker: W_SURNAME | W_WORD,
  hill: W_SURNAME | W_WORD | W_COMMON,
  blue: W_WORD | W_COMMON,
  sky: W_WORD | W_COMMON,
  happy: W_WORD | W_COMMON,
  ocean: W_WORD | W_COMMON,
  house: W_WORD | W_COMMON,
  cloud: W_WORD | W_COMMON,
};
const TEST_INFO: WordInfo = { flags: (w) => (TABLE[w] ?? 0) | FALLBACK_WORD_INFO.flags(w) };
const c = (sld: string, words: string[]): Classification => classify(sld, words, TEST_INFO);

describe("classify: industry keywords", () => {
  const examples: [string, string[], string, string][] = [
    ["bestpizza", ["best", "pizza"], "Food & Drink", "Pizza"],
    ["joescoffee", ["joes", "coffee"], "Food & Drink", "Cafes & Coffee"],
    ["cheapflights", ["cheap", "flights"], "Travel", "Flights & Airlines"],
    ["carinsurance", ["car", "insurance"], "Insurance", "Auto Insurance"],
    ["realestate", ["real", "estate"], "Real Estate", "Homes for Sale"],
    ["webhosting", ["web", "hosting"], "Technology", "Web Hosting & Domains"],
    ["carwash", ["car", "wash"], "Automotive", "Car Wash & Detailing"],
    ["autorepairshop", ["auto", "repair", "shop"], "Automotive", "Auto Repair"],
    ["injurylawyers", ["injury", "lawyers"], "Legal", "Personal Injury Law"],
    ["lawyers", ["lawyers"], "Legal", "Law Firms"],
    ["cryptonews", ["crypto", "news"], "Media & Entertainment", "News"],
    ["bitcoinwallet", ["bitcoin", "wallet"], "Finance", "Cryptocurrency"],
    ["yogastudio", ["yoga", "studio"], "Fitness & Wellness", "Yoga & Pilates"],
    ["dogtraining", ["dog", "training"], "Pets & Animals", "Dogs"],
    ["solarpanels", ["solar", "panels"], "Construction & Industry", "Solar & Renewables"],
    ["weddingphotography", ["wedding", "photography"], "Arts & Hobbies", "Photography"],
    ["plumbers", ["plumbers"], "Home & Garden", "Plumbing"],
    ["onlinecasino", ["online", "casino"], "Gambling", "Casinos"],
    ["golfclubs", ["golf", "clubs"], "Sports", "Golf"],
    ["mathtutor", ["math", "tutor"], "Education", "Tutoring & Test Prep"],
    ["vapeshop", ["vape", "shop"], "Regulated Goods", "Tobacco & Vaping"],
  ];
  for (const [sld, words, vertical, subcategory] of examples) {
    test(`${sld} -> ${vertical} / ${subcategory}`, () => {
      const r = c(sld, words);
      expect({ vertical: r.vertical, subcategory: r.subcategory, source: r.source, type: r.type }).toEqual({
        vertical,
        subcategory,
        source: "lexicon",
        type: "industry",
      });
      expect(r.matched.length).toBeGreaterThan(0);
    });
  }

  test("the longest phrase wins and matched holds the keywords that drove it", () => {
    expect(c("carinsurance", ["car", "insurance"]).matched).toEqual(["car insurance"]);
    expect(c("realestate", ["realestate"]).matched).toEqual(["realestate"]);
    expect(c("carwashes", ["car", "washes"]).matched).toEqual(["car wash"]);
    expect(c("bestpizza", ["best", "pizza"]).matched).toEqual(["pizza"]);
  });

  test("a keyword the splitter cut into a word and a fragment is still read; two words are not joined", () => {
    expect(c("barber", ["bar", "ber"]).subcategory).toBe("Barbers & Grooming");
    expect(c("carpet", ["car", "pet"]).matched).toEqual(["car", "pet"]);
  });

  test("secondary matches become distinct tags, stable order, never the primary", () => {
    const r = c("pizzadeliverybar", ["pizza", "delivery", "bar"]);
    expect(r.subcategory).toBe("Pizza");
    expect(r.tags).toEqual([
      { vertical: "Food & Drink", subcategory: "Food Delivery" },
      { vertical: "Food & Drink", subcategory: "Spirits & Bars" },
    ]);
    const twice = c("pizzapizzeria", ["pizza", "pizzeria"]);
    expect(twice.tags).toEqual([]);
    expect(twice.matched).toEqual(["pizza", "pizzeria"]);
  });

  test("the head word (last) decides an even contest; confidence drops", () => {
    const r = c("pizzainsurance", ["pizza", "insurance"]);
    expect([r.vertical, r.confidence]).toEqual(["Insurance", "medium"]);
    expect(r.tags).toEqual([{ vertical: "Food & Drink", subcategory: "Pizza" }]);
    expect(c("insurancepizza", ["insurance", "pizza"]).subcategory).toBe("Pizza");
  });

  test("confidence: decisive keyword high, default medium, weak low, unknown letters lower it", () => {
    expect(c("dentist", ["dentist"]).confidence).toBe("high");
    expect(c("dentalclinic", ["dental", "clinic"]).confidence).toBe("high");
    expect(c("bestcar", ["best", "car"]).confidence).toBe("medium");
    expect(c("myhome", ["my", "home"]).confidence).toBe("low");
    expect(c("zqxjvpizza", ["zqxjv", "pizza"]).confidence).toBe("high"); // 5 unknown letters vs 5
    expect(c("zqxjvkpizza", ["zqxjvk", "pizza"]).confidence).toBe("medium");
  });
});

describe("classify: domain types", () => {
  test("geo: a place leads a name without keywords; place + industry keyword is geo with the industry kept", () => {
    expect(c("paris", ["paris"])).toEqual({
      vertical: "Uncategorized",
      subcategory: "General",
      confidence: "low",
      matched: [],
      source: "none",
      type: "geo",
      tags: [],
    });
    expect(c("mylondon", ["my", "london"]).type).toBe("geo");
    const r = c("denverdentist", ["denver", "dentist"]);
    expect([r.type, r.vertical, r.subcategory, r.source]).toEqual(["geo", "Health & Medical", "Dental Care", "lexicon"]);
    expect(c("bathplumbing", ["bath", "plumbing"]).type).toBe("industry"); // an everyday word is not read as a place
  });

  test("personal: first name + surname, or a first name alone; a surname that is a keyword does not make it industry", () => {
    expect(c("johnsmith", ["john", "smith"]).type).toBe("personal");
    expect(c("mary", ["mary"]).type).toBe("personal");
    expect(c("david1985", ["david", "1985"]).type).toBe("personal");
    expect(c("johnbaker", ["john", "baker"])).toMatchObject({ type: "personal", vertical: "Uncategorized", source: "none" });
    expect(c("rose", ["rose"]).type).toBe("generic"); // everyday word first
    expect(c("rosehill", ["rose", "hill"]).type).toBe("generic");
  });

  test("generic, brandable, numeric, acronym", () => {
    expect(c("bluesky", ["blue", "sky"])).toMatchObject({ type: "generic", source: "none", vertical: "Uncategorized" });
    expect(c("zorvexa", ["zorvexa"])).toMatchObject({ type: "brandable", source: "none" });
    expect(c("123456", ["123456"])).toMatchObject({
      type: "numeric",
      source: "rule",
      vertical: "Uncategorized",
      subcategory: "General",
      confidence: "low",
      matched: [],
    });
    expect(c("365a", ["365", "a"]).type).toBe("numeric");
    expect(c("ibm", ["ibm"])).toMatchObject({ type: "acronym", source: "rule" });
    expect(c("a1", ["a1"]).type).toBe("acronym");
    expect(c("1800pizza", ["1800", "pizza"]).type).toBe("industry"); // a keyword beats digits
  });

  test("every domain type is reachable and listed", () => {
    const seen = new Set(
      [
        c("pizza", ["pizza"]),
        c("paris", ["paris"]),
        c("johnsmith", ["john", "smith"]),
        c("bluesky", ["blue", "sky"]),
        c("zorvexa", ["zorvexa"]),
        c("888", ["888"]),
        c("ibm", ["ibm"]),
      ].map((r) => r.type),
    );
    expect([...seen].sort()).toEqual([...DOMAIN_TYPES].sort());
  });
});

describe("classify: hostile input and determinism", () => {
  test("63-character labels, hyphens, punycode, single letters, empty word lists", () => {
    const long = "a".repeat(63);
    expect(c(long, [long]).type).toBe("brandable");
    const longPizza = "pizza".repeat(12) + "abc";
    expect(c(longPizza, [...Array(12).fill("pizza"), "abc"])).toMatchObject({ subcategory: "Pizza", matched: ["pizza"], tags: [] });
    expect(c("9".repeat(63), ["9".repeat(63)]).type).toBe("numeric");
    expect(c("best-pizza", ["best", "-", "pizza"]).subcategory).toBe("Pizza");
    expect(c("best-pizza", ["best-pizza"]).subcategory).toBe("Pizza"); // cut at the hyphen
    expect(c("-", ["-"])).toMatchObject({ type: "acronym", matched: [] });
    expect(c("xn--bcher-kva", ["xn", "bcher", "kva"])).toMatchObject({ type: "brandable", source: "none", matched: [] });
    expect(c("x", ["x"]).type).toBe("acronym");
    expect(c("a", ["a"]).type).toBe("generic");
    expect(c("pizza", [])).toMatchObject({ source: "none", type: "brandable" });
    expect(c("", []).type).toBe("acronym");
    expect(c("BestPizza", ["Best", "Pizza"]).subcategory).toBe("Pizza");
  });

  test("same input, same bytes; the shared score arrays do not leak between calls", () => {
    const inputs: [string, string[]][] = [
      ["pizzainsurance", ["pizza", "insurance"]],
      ["denverdentist", ["denver", "dentist"]],
      ["bestpizza", ["best", "pizza"]],
    ];
    const first = inputs.map(([s, w]) => JSON.stringify(c(s, w)));
    for (let round = 0; round < 3; round++) expect(inputs.map(([s, w]) => JSON.stringify(c(s, w)))).toEqual(first);
    expect(JSON.stringify(c("bestpizza", ["best", "pizza"]))).toBe(
      '{"vertical":"Food & Drink","subcategory":"Pizza","confidence":"high","matched":["pizza"],"source":"lexicon","type":"industry","tags":[]}',
    );
  });

  test("real names: order of calls does not matter, matched are keyword texts", () => {
    // 3,000 labels spread over the committed sample of real names (test/fixtures/SOURCES.md)
    const labels = [...new Set(readDomains(testInputs()).map((d) => d.slice(0, d.indexOf("."))))];
    const slds = labels.filter((_, i) => i % Math.floor(labels.length / 3000) === 0).slice(0, 3000);
    expect(slds.length).toBe(3000);
    // Stand-in split: hyphens, then each part halved, so phrases, joins and fragments all occur.
    const words = (s: string) => s.split("-").flatMap((p) => (p.length > 7 ? [p.slice(0, p.length >> 1), p.slice(p.length >> 1)] : [p]));
    const forward = slds.map((s) => JSON.stringify(c(s, words(s))));
    const backward = [...slds]
      .reverse()
      .map((s) => JSON.stringify(c(s, words(s))))
      .reverse();
    expect(backward).toEqual(forward);
    const texts = new Set(KEYWORDS.map((k) => k.text));
    const categorized = forward.map((j) => JSON.parse(j) as Classification).filter((r) => r.source === "lexicon");
    expect(categorized.length).toBeGreaterThan(100);
    for (const r of categorized) for (const m of r.matched) expect(texts.has(m)).toBe(true);
  });

  test("every result names a real taxonomy pair", () => {
    const pairs = new Set(TAXONOMY.nodes.map((n) => `${n.vertical}/${n.subcategory}`));
    for (const [s, w] of [
      ["pizzadeliverybar", ["pizza", "delivery", "bar"]],
      ["zz", ["zz"]],
      ["lawncare", ["lawn", "care"]],
    ] as const) {
      const r = c(s, [...w]);
      expect(pairs.has(`${r.vertical}/${r.subcategory}`)).toBe(true);
      for (const t of r.tags) expect(pairs.has(`${t.vertical}/${t.subcategory}`)).toBe(true);
    }
  });

  test("the default word source is the lexicon and can be replaced", () => {
    setWordInfo(TEST_INFO);
    expect(classify("paris", ["paris"]).type).toBe("geo");
    setWordInfo(FALLBACK_WORD_INFO);
    expect(classify("paris", ["paris"]).type).toBe("brandable");
    setWordInfo(null);
    expect(classify("paris", ["paris"]).type).toBe("geo");
  });
  afterAll(() => setWordInfo(null));
});
