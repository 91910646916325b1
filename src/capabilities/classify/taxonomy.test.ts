import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { TAXONOMY, TAXONOMY_VERSION, UNCATEGORIZED, taxonomyBody } from "./taxonomy.ts";
import { TAXONOMY_ROWS } from "./taxonomy-data.ts";

/** The IAB Tech Lab files the codes point into, committed whole (test/fixtures/SOURCES.md). */
const IAB_DIR = path.resolve(import.meta.dir, "../../../test/fixtures/iab");

/** Unique ID -> Name from one IAB TSV file (ids are the first column, names the third). */
function iabNames(file: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const line of readFileSync(path.join(IAB_DIR, file), "utf8").split(/\r?\n/)) {
    const cols = line.split("\t");
    if (cols.length >= 3 && cols[0] !== "" && cols[2] !== "") m.set(cols[0]!, cols[2]!);
  }
  return m;
}

describe("taxonomy", () => {
  const body = taxonomyBody();

  test("has at least 20 verticals and 150 subcategories besides Uncategorized", () => {
    const real = body.verticals.filter((v) => v.vertical !== "Uncategorized");
    expect(real.length).toBeGreaterThanOrEqual(20);
    expect(real.reduce((n, v) => n + v.subcategories.length, 0)).toBeGreaterThanOrEqual(150);
  });

  test("names are unique: verticals, and subcategories across the whole taxonomy", () => {
    const verticals = body.verticals.map((v) => v.vertical);
    expect(new Set(verticals).size).toBe(verticals.length);
    const subs = body.verticals.flatMap((v) => v.subcategories.map((s) => s.subcategory));
    expect(new Set(subs).size).toBe(subs.length);
    for (const s of [...verticals, ...subs]) expect(s).toBe(s.trim());
  });

  test("body is versioned and ends with the fixed Uncategorized / General entry", () => {
    expect(body.version).toBe(TAXONOMY_VERSION);
    expect(body.version).toMatch(/^tax-\d{4}\.\d+\.\d+$/);
    expect(body.verticals.at(-1)).toEqual({ vertical: "Uncategorized", subcategories: [{ subcategory: "General" }] });
    expect(UNCATEGORIZED).toMatchObject({ id: 0, vertical: "Uncategorized", subcategory: "General" });
    expect(Object.isFrozen(body)).toBe(true);
    expect(taxonomyBody()).toBe(body);
  });

  test("nodes mirror the data: dense ids, vertical ids, lookup by subcategory", () => {
    expect(TAXONOMY.nodes.length).toBe(1 + TAXONOMY_ROWS.reduce((n, r) => n + r[2].length, 0));
    TAXONOMY.nodes.forEach((n, i) => {
      expect(n.id).toBe(i);
      expect(TAXONOMY.verticals[n.verticalId]).toBe(n.vertical);
      expect(TAXONOMY.bySubcategory.get(n.subcategory)).toBe(n);
    });
    expect(TAXONOMY.bySubcategory.get("Auto Repair")).toMatchObject({ vertical: "Automotive", iab: "content-3.1:34" });
  });

  test("every IAB reference names a node that exists in the IAB files", () => {
    const content = iabNames("content-taxonomy-3.1.tsv");
    const adProduct = iabNames("ad-product-taxonomy-2.0.tsv");
    let checked = 0;
    const refs = body.verticals.flatMap((v) => [v.iab, ...v.subcategories.map((s) => s.iab)]);
    for (const ref of refs) {
      if (ref === undefined) continue;
      const [file, id] = ref.split(":") as [string, string];
      const table = file === "content-3.1" ? content : file === "ad-product-2.0" ? adProduct : undefined;
      expect(table, ref).toBeDefined();
      expect(table!.has(id), ref).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(150);
    // Spot checks that the ids point at the intended IAB nodes.
    expect(content.get("34")).toBe("Auto Repair");
    expect(adProduct.get("1563")).toBe("Car Wash");
    expect(adProduct.get("1417")).toBe("Lawyers");
  });
});
