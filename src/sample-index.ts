/**
 * The sample zone index `npm start` builds when ZW_ZONE_INDEX does not exist: synthetic
 * domains streamed from the project's own generator (index-builder/generate.ts: real word
 * lists from npm packages, about 45 % .com, a long tail of extensions), no outside data,
 * built in a few seconds through the same builder and atomic write as `cli index build`.
 */
import fs from "node:fs";
import path from "node:path";
import { buildIndex } from "../index-builder/build.ts";
import { generateDomains } from "../index-builder/generate.ts";
import type { Config } from "./config.ts";
import { readHeader } from "./zone-index/open.ts";

export const SAMPLE_DOMAINS = 200_000;
export const SAMPLE_SEED = 20261122;

/** Beside a sample index we built: says the file is ours to rebuild. */
const markerOf = (indexPath: string) => `${indexPath}.sample`;

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
      log(`  the sample index at ${config.zoneIndex} cannot be read by this version (${e instanceof Error ? e.message : e}): rebuilding it`);
    }
  } else log(`  no zone index at ${config.zoneIndex}: building the sample index (${SAMPLE_DOMAINS.toLocaleString("en")} synthetic domains)...`);
  fs.mkdirSync(path.dirname(config.zoneIndex), { recursive: true });
  const report = await buildIndex({
    inputs: [{ label: "sample (index-builder/generate.ts)", domains: generateDomains({ count: SAMPLE_DOMAINS, seed: SAMPLE_SEED }) }],
    out: config.zoneIndex,
  });
  fs.writeFileSync(markerOf(config.zoneIndex), JSON.stringify({ count: SAMPLE_DOMAINS, seed: SAMPLE_SEED }) + "\n");
  log(`  sample index written in ${report.seconds.toFixed(1)} s (${report.totalTlds.toLocaleString("en")} extensions); build your own with \`npm run cli -- index build --out FILE INPUT...\``);
}
