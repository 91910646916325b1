/**
 * The sample zone index `npm start` builds when ZW_ZONE_INDEX does not exist: synthetic
 * domains streamed from the project's own generator (index-builder/generate.ts: real word
 * lists from npm packages, about 45 % .com, a long tail of extensions), no outside data,
 * built in a few seconds through the same builder and atomic write as `cli index build`.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { buildIndex } from "../index-builder/build.ts";
import { generateDomains } from "../index-builder/generate.ts";
import type { Config } from "./config.ts";
import { readHeader } from "./zone-index/open.ts";

export const SAMPLE_DOMAINS = 200_000;
export const SAMPLE_SEED = 20261122;

/** Beside a sample index we built: says which file is ours to rebuild. */
const markerOf = (indexPath: string) => `${indexPath}.sample`;

/** What the marker holds: the sample's recipe, and the identity of the very file we wrote. */
interface SampleMarker {
  count: number;
  seed: number;
  bytes: number;
  sha256: string;
}

function identity(file: string): { bytes: number; sha256: string } {
  const data = fs.readFileSync(file);
  return { bytes: data.length, sha256: createHash("sha256").update(data).digest("hex") };
}

/** Writes the marker for the file now at indexPath (the sample just built). */
export function markSample(indexPath: string): void {
  const marker: SampleMarker = { count: SAMPLE_DOMAINS, seed: SAMPLE_SEED, ...identity(indexPath) };
  fs.writeFileSync(markerOf(indexPath), JSON.stringify(marker) + "\n");
}

/**
 * Whether the file at indexPath is the sample we built: its marker names this very file
 * (size and SHA-256). The marker alone said too little: an operator who built an index over
 * the sample's path kept the sample's marker beside it, and the next start that could not
 * read that index took it for an old sample and replaced it with synthetic data.
 */
function isOurSample(indexPath: string, log: (line: string) => void): boolean {
  let marker: Partial<SampleMarker>;
  try {
    marker = JSON.parse(fs.readFileSync(markerOf(indexPath), "utf8")) as Partial<SampleMarker>;
  } catch {
    return false;
  }
  const now = identity(indexPath);
  if (marker.bytes === now.bytes && marker.sha256 === now.sha256) return true;
  log(`  ${markerOf(indexPath)} does not describe the file at ${indexPath} (another index was written there): the file is left alone and the marker removed`);
  fs.rmSync(markerOf(indexPath), { force: true });
  return false;
}

/**
 * Builds the sample index at config.zoneIndex unless a file is already there. A sample we
 * built earlier that this version cannot read (an older format) is rebuilt; an operator's
 * own index is never touched (the server refuses it with a message instead).
 */
export async function ensureSampleIndex(config: Config, log: (line: string) => void = (l) => process.stdout.write(l + "\n")): Promise<void> {
  if (fs.existsSync(config.zoneIndex)) {
    if (!fs.existsSync(markerOf(config.zoneIndex))) return;
    try {
      readHeader(config.zoneIndex);
      return;
    } catch (e) {
      if (!isOurSample(config.zoneIndex, log)) return;
      log(`  the sample index at ${config.zoneIndex} cannot be read by this version (${e instanceof Error ? e.message : e}): rebuilding it`);
    }
  } else log(`  no zone index at ${config.zoneIndex}: building the sample index (${SAMPLE_DOMAINS.toLocaleString("en")} synthetic domains)...`);
  fs.mkdirSync(path.dirname(config.zoneIndex), { recursive: true });
  const report = await buildIndex({
    inputs: [{ label: "sample (index-builder/generate.ts)", domains: generateDomains({ count: SAMPLE_DOMAINS, seed: SAMPLE_SEED }) }],
    out: config.zoneIndex,
    sample: true,
  });
  markSample(config.zoneIndex);
  log(
    `  sample index written in ${report.seconds.toFixed(1)} s (${report.totalTlds.toLocaleString("en")} extensions); build your own with \`npm run cli -- index build --out FILE INPUT...\``,
  );
}
