/**
 * The sample zone index `npm start` builds when ZW_ZONE_INDEX does not exist: synthetic
 * names from the project's own generator (no outside data), in a few seconds.
 */
import fs from "node:fs";
import type { Config } from "./config.ts";

export const SAMPLE_DOMAINS = 200_000;
export const SAMPLE_SEED = 20261122;

export async function ensureSampleIndex(config: Config): Promise<void> {
  if (fs.existsSync(config.zoneIndex)) return;
  const gen = await import("../index-builder/generate.ts").catch(() => null);
  const build = await import("../index-builder/build.ts").catch(() => null);
  if (!gen || !build) {
    process.stdout.write("  (no zone index and no index builder in this build: zone endpoints are off)\n");
    return;
  }
  process.stdout.write(`  building the sample zone index (${SAMPLE_DOMAINS.toLocaleString("en")} synthetic domains)...\n`);
  const t0 = performance.now();
  await build.buildSampleIndex(config.zoneIndex, SAMPLE_DOMAINS, SAMPLE_SEED);
  process.stdout.write(`  sample index written to ${config.zoneIndex} in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
}
