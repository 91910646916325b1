/** Real registered names for the classify benchmarks: the Tranco top list, then the .nu zone (../shared/data/domains). */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { normaliseDomain } from "../../src/domain/name.ts";

const DATA = path.resolve(import.meta.dir, "../../../shared/data/domains");

export function realDomains(limit: number): string[] {
  const out: string[] = [];
  for (const file of ["tranco_top_100k.csv.gz", "iis-nu_domains.txt.gz"]) {
    for (const line of gunzipSync(readFileSync(path.join(DATA, file)))
      .toString("utf8")
      .split("\n")) {
      const ascii = normaliseDomain(line.trim().split(",").at(-1)!);
      if (ascii?.includes(".")) out.push(ascii);
      if (out.length >= limit) return out;
    }
  }
  return out;
}
