/**
 * The full data folder the data tests (`npm run test:data`), scripts/fixtures/make.ts and the
 * benches read: ../shared/data beside the repository (the domain lists, the Tranco list,
 * reference files). Without it, loading this module throws, so a data test run fails with a
 * message saying what is missing instead of passing on nothing.
 */
import fs from "node:fs";
import path from "node:path";
import { REPO } from "../../test/support/paths.ts";

export const SHARED_DATA = path.resolve(REPO, "../shared/data");

if (!fs.existsSync(path.join(SHARED_DATA, "domains"))) {
  throw new Error(
    `the data tests (npm run test:data) need the full data folder ../shared/data beside the repository, ` +
      `as do scripts/fixtures/make.ts and the benches: ${path.join(SHARED_DATA, "domains")} does not exist. ` +
      `\`npm test\` needs none of it.`,
  );
}

/** A file under the data folder. */
export function sharedFile(rel: string): string {
  return path.join(SHARED_DATA, rel);
}

/** The zone-walk files under 150 kB gzipped, in name order: many extensions, some multi-label. */
export function sharedWalkFiles(): string[] {
  const walks = sharedFile("domains/zone-walks");
  return fs
    .readdirSync(walks)
    .filter((f) => f.endsWith(".txt.gz"))
    .sort()
    .map((f) => path.join(walks, f))
    .filter((f) => fs.statSync(f).size < 150_000);
}

/** The .nu and .ee lists plus the small zone walks (~500k domains). */
export function sharedZoneInputs(): string[] {
  return [sharedFile("domains/iis-nu_domains.txt.gz"), sharedFile("domains/eif-ee_domains.txt.gz"), ...sharedWalkFiles()];
}
