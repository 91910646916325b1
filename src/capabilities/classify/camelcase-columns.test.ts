/** Camelcase rows survive the trip through columns exactly: same values, same key order, same JSON bytes. */
import { describe, expect, test } from "bun:test";
import { splitName as parse } from "../../domain/name.ts";
import { fromColumns, toColumns } from "./camelcase-columns.ts";
import { camelcaseOne, newWordTally } from "./results.ts";

const NAMES = [
  "bestpizza.com",
  "top10games.net",
  "best-pizza.co.uk",
  "cheapflights",
  "denverdentist.com",
  "xn--bcher-kva.de",
  "888.com",
  "ibm.com",
  "johnsmith.org",
  "qzxv.io",
  "a.b.c.example",
  "-x-",
  "0-0.nu",
  "realestate.com.au",
];

describe("camelcase columns", () => {
  test("fromColumns(toColumns(rows)) gives the rows back, byte for byte", () => {
    const domains = NAMES.map((n) => parse(n));
    const rows = domains.map(camelcaseOne);
    const back = fromColumns(domains, toColumns(rows, newWordTally(0)));
    expect(back).toEqual(rows);
    expect(JSON.stringify(back)).toBe(JSON.stringify(rows));
    // Several domain types and categories really went through.
    expect(new Set(rows.map((r) => r.domain_type)).size).toBeGreaterThan(3);
    expect(new Set(rows.map((r) => r.category)).size).toBeGreaterThan(3);
  });

  test("a single row with an empty split, and a count that does not match, are handled", () => {
    const one = [parse("xn--a")];
    const rows = one.map(camelcaseOne);
    expect(fromColumns(one, toColumns(rows, newWordTally(0)))).toEqual(rows);
    expect(() => fromColumns([...one, ...one], toColumns(rows, newWordTally(0)))).toThrow("1 rows for 2 domains");
  });

  test("a row outside the taxonomy is refused rather than sent wrong", () => {
    const row = { ...camelcaseOne(parse("bestpizza.com")), category: "Travel" };
    expect(() => toColumns([row], newWordTally(0))).toThrow("outside the taxonomy");
  });
});
