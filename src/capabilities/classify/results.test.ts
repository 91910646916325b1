/** The pure result builders: CamelCase rules and the frequency tables' order (the HTTP suites in test/classify cover the rows). */
import { describe, expect, test } from "bun:test";
import { splitName as parse } from "../../domain/name.ts";
import { camelName } from "./camel-name.ts";
import { camelcaseBatch, camelcaseBody, camelcaseOne, newWordTally, summarize, tldStats } from "./results.ts";

/** word_stats by its definition: every space-separated word of every row's split, count descending, then code-unit order. */
function wordStats(rows: readonly { split: string }[]): { word: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const r of rows) for (const w of r.split.split(" ")) if (w !== "") counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts].map(([word, count]) => ({ word, count })).sort((a, b) => b.count - a.count || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
}

describe("camelName", () => {
  test("capitalises each word; hyphens and digits stay; the result lower-cased is always the name", () => {
    expect(camelName("bestpizza", ["best", "pizza"])).toBe("BestPizza");
    expect(camelName("top10games", ["top", "10", "games"])).toBe("Top10Games");
    expect(camelName("best-pizza", ["best", "pizza"])).toBe("Best-Pizza");
    expect(camelName("888", ["888"])).toBe("888");
    expect(camelName("abc", ["x", "y"])).toBe("abc");
    expect(camelName("bestpizza", ["best"])).toBe("Bestpizza");
    expect(camelName("bestpizza", ["best", "pie", "zza"])).toBe("Bestpizza");
    expect(camelName("a-b", ["A", "B"])).toBe("A-B");
    expect(camelName("", [])).toBe("");
  });

  test("a word is found past hyphens only: words holding hyphens are searched for, not guessed", () => {
    expect(camelName("--best--pizza", ["best", "pizza"])).toBe("--Best--Pizza");
    expect(camelName("best-x-pizza", ["best", "pizza"])).toBe("Best-x-pizza"); // "x" is no hyphen: stop
    expect(camelName("a--b", ["a", "-b"])).toBe("A--b"); // "-b" after one hyphen
    expect(camelName("a-b", ["a", "--b"])).toBe("A-b");
    expect(camelName("ab", ["a", "b", "c"])).toBe("AB");
  });

  test("camelcaseBatch's word_stats count the words of the rows' splits", () => {
    const domains = ["bestpizza.com", "best-pizza.net", "top10games.org", "xn--bcher-kva.de", "bare", "888.com"].map(parse);
    const body = camelcaseBatch(domains);
    expect(body.word_stats).toEqual(wordStats(body.results));
    const words = newWordTally(domains.length);
    for (const r of domains.map((d) => camelcaseOne(d))) for (const w of r.split.split(" ")) if (w !== "") words.add(w);
    expect(body).toEqual(
      camelcaseBody(
        domains,
        domains.map((d) => camelcaseOne(d)),
        words,
      ),
    );
  });

  test("punycode labels are left as they are", () => {
    expect(camelcaseOne(parse("xn--bcher-kva.de")).converted).toBe("xn--bcher-kva.de");
  });
});

describe("tables", () => {
  test("count descending, then code-unit order (not locale order)", () => {
    expect(wordStats([{ split: "b a" }, { split: "a Z" }, { split: "" }])).toEqual([
      { word: "a", count: 2 },
      { word: "Z", count: 1 },
      { word: "b", count: 1 },
    ]);
    expect(tldStats(["x.com", "y.net", "z.com", "bare"].map(parse))).toEqual([
      { tld: "com", count: 2 },
      { tld: "net", count: 1 },
    ]);
    expect(tldStats([])).toEqual([]);
  });

  test("summary of nothing is zeros and empty lists; uncategorized counts the Uncategorized vertical", () => {
    expect(summarize([])).toEqual({ total: 0, categorized: 0, uncategorized: 0, verticals: [], subcategories: [], types: [] });
    const s = summarize([
      { vertical: "Uncategorized", subcategory: "General", type: "numeric" },
      { vertical: "Travel", subcategory: "Cruises", type: "industry" },
    ]);
    expect(s).toMatchObject({ total: 2, categorized: 1, uncategorized: 1 });
    expect(s.subcategories).toEqual([
      { vertical: "Travel", subcategory: "Cruises", count: 1 },
      { vertical: "Uncategorized", subcategory: "General", count: 1 },
    ]);
  });
});
