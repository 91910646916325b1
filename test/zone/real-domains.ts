/** Real domain names for the zone-index tests, read from the shared data folder (never copied). */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { SHARED_DATA } from "../support/paths.ts";
import { normaliseDomain } from "../../index-builder/normalise.ts";

export const DOMAINS_DIR = path.join(SHARED_DATA, "domains");

/** The .nu and .ee lists plus every zone walk file under 150 kB (many extensions, some multi-label). */
export function testInputs(): string[] {
  const walks = path.join(DOMAINS_DIR, "zone-walks");
  const small = fs
    .readdirSync(walks)
    .filter((f) => f.endsWith(".txt.gz"))
    .sort()
    .map((f) => path.join(walks, f))
    .filter((f) => fs.statSync(f).size < 150_000);
  return [path.join(DOMAINS_DIR, "iis-nu_domains.txt.gz"), path.join(DOMAINS_DIR, "eif-ee_domains.txt.gz"), ...small];
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
