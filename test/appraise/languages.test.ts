/**
 * Other languages through the shipped lexicon: German, Spanish, French and Dutch words are read
 * by their own language's frequencies, with their home extension's premium; English names are
 * not taken for another language.
 */
import { describe, expect, test } from "bun:test";
import { appraiseRow, type AppraiseEnv } from "../../src/capabilities/appraise/appraiser.ts";
import { lexiconView } from "../../src/capabilities/appraise/lexicon-view.ts";
import { splitName } from "../../src/domain/name.ts";

const env: AppraiseEnv = { lex: lexiconView(), zone: null };
const row = (d: string) => appraiseRow(splitName(d), env, true);
const steps = (d: string) => row(d).explain!.map((e) => e.feature);

describe("other languages", () => {
  test("dictionary words of other languages are worth what words are, not what coinages are", () => {
    for (const d of ["versicherung.de", "ferienwohnung.de", "immobilier.fr", "abogados.com", "hotelesbaratos.com", "autoverzekering.nl"]) {
      const r = row(d);
      expect({ d, low: r.value >= 1_000 }).toEqual({ d, low: true });
      expect(r.explain![0]!.detail.startsWith("words")).toBe(true);
    }
  });

  test("the home extension carries a premium; the same words elsewhere do not", () => {
    expect(steps("versicherung.de")).toContain("language");
    const de = row("versicherung.de").value;
    expect(de).toBeGreaterThan(row("versicherung.nu").value);
    expect(de).toBeGreaterThan(row("versicherung.fr").value);
    expect(row("immobilier.fr").value).toBeGreaterThan(row("immobilier.de").value);
  });

  test("English names stay English", () => {
    for (const d of ["insurance.com", "bestpizza.com", "music.de", "chicagoplumber.com"])
      expect({ d, s: steps(d).includes("language") }).toEqual({ d, s: false });
  });
});
