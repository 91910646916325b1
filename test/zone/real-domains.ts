/** Real domain names for the zone-index tests: the committed sample (test/fixtures/SOURCES.md). */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { FIXTURES } from "../support/paths.ts";
import { normaliseDomain } from "../../index-builder/normalise.ts";

/** The .nu and .ee samples plus the zone-walk sample (many extensions, some multi-label). */
export function testInputs(): string[] {
  return ["nu.txt.gz", "ee.txt.gz", "zone-walks.txt.gz"].map((f) => path.join(FIXTURES, "domains", f));
}

/** The distinct normalised domains of those inputs (what the index must hold). */
export function readDomains(files: string[]): string[] {
  const out: string[] = [];
  for (const f of files) {
    for (const line of zlib.gunzipSync(fs.readFileSync(f)).toString("utf8").split("\n")) {
      const d = normaliseDomain(line.trim());
      if (d !== null) out.push(d);
    }
  }
  return [...new Set(out)];
}
