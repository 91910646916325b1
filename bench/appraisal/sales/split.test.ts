import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { BANDS, HEADER, SALES_FILE, band, extension, isHeldOut, parseSales } from "./split.ts";

const head = HEADER.join("\t");

describe("sales.tsv", () => {
  const { sales, errors } = parseSales(readFileSync(SALES_FILE, "utf8"));

  test("every row parses: lower-case ASCII domain, whole-dollar price, year, venue, source", () => {
    expect(errors).toEqual([]);
    expect(sales.length).toBeGreaterThan(100);
  });

  test("both sides of the split are populated and every sale of a domain falls on one side", () => {
    const held = sales.filter((s) => isHeldOut(s.domain)).length;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(sales.length);
    const side = new Map<string, boolean>();
    for (const s of sales) {
      const h = isHeldOut(s.domain);
      expect(side.get(s.domain) ?? h).toBe(h);
      side.set(s.domain, h);
    }
  });
});

describe("split rule", () => {
  test("held out exactly when the first SHA-256 byte of the lower-case domain is below 64", () => {
    // First bytes computed with sha256sum: "voice.com" -> 0x33 (51), "a.com" -> 0xd6 (214).
    expect(isHeldOut("voice.com")).toBe(true);
    expect(isHeldOut("VOICE.com")).toBe(true);
    expect(isHeldOut("a.com")).toBe(false);
  });
});

describe("parseSales rejects bad rows and names the line", () => {
  const bad = (row: string) => parseSales(`${head}\n${row}\n`, 2026).errors;

  test("accepts a good row", () => {
    expect(bad("pizza.com\t2600000\t2008\tSedo auction\thttps://example.org/report")).toEqual([]);
  });
  test.each([
    ["Pizza.com\t1\t2008\tv\ts", /line 2: domain "Pizza.com"/],
    ["bücher.de\t1\t2008\tv\ts", /domain/],
    ["pizza\t1\t2008\tv\ts", /domain/],
    ["pizza.com\t2,600,000\t2008\tv\ts", /price_usd/],
    ["pizza.com\t0\t2008\tv\ts", /price_usd/],
    ["pizza.com\t12.5\t2008\tv\ts", /price_usd/],
    ["pizza.com\t100\t1989\tv\ts", /year/],
    ["pizza.com\t100\t2031\tv\ts", /year/],
    ["pizza.com\t100\t2008\t \ts", /venue/],
    ["pizza.com\t100\t2008\tv\t", /source/],
    ["pizza.com\t100\t2008\tv", /4 fields/],
  ])("%s", (row, message) => {
    const errors = bad(row);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join("\n")).toMatch(message);
  });
  test("a repeated (domain, price, year) is reported with the first line", () => {
    const errors = parseSales(`${head}\na.com\t5\t2020\tv\ts\na.com\t5\t2020\tw\tt\n`, 2026).errors;
    expect(errors).toEqual(["line 3: same domain, price and year as line 2"]);
  });
  test("a wrong header is reported", () => {
    expect(parseSales("domain\tprice\n", 2026).errors[0]).toMatch(/line 1: header/);
  });
});

describe("summary helpers", () => {
  test("bands cover every positive price once", () => {
    expect(band(100)).toBe(BANDS[0]![0]);
    expect(band(1_000)).toBe("$1k-10k");
    expect(band(30_000_000)).toBe(">= $10M");
  });
  test("extension keeps multi-label suffixes", () => {
    expect(extension("free.co.uk")).toBe("co.uk");
    expect(extension("x.com")).toBe("com");
  });
});
