/**
 * The sample index of `npm start`: a sample we built that this version cannot read (an older
 * format) is rebuilt on the next start; an operator's own file never is, even one written
 * over the sample's path with the sample's marker still beside it.
 */
import { afterAll, expect, test } from "bun:test";
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../../src/config.ts";
import { ensureSampleIndex, markSample } from "../../src/sample-index.ts";
import { readHeader } from "../../src/zone-index/open.ts";
import { tempDir } from "../support/harness.ts";

const dir = tempDir("zw-sample-");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const quiet = () => {};

test("a sample this version cannot read is rebuilt; an operator's unreadable file is left alone", async () => {
  const config = loadConfig({ ZW_DATA_DIR: dir });
  await ensureSampleIndex(config, quiet);
  const built = readHeader(config.zoneIndex);
  expect(fs.existsSync(`${config.zoneIndex}.sample`)).toBe(true);

  // a sample an older version built, in a format this one cannot read: its marker names it
  fs.writeFileSync(config.zoneIndex, "an index in another version's format");
  markSample(config.zoneIndex);
  const lines: string[] = [];
  await ensureSampleIndex(config, (l) => lines.push(l));
  expect(lines.join("\n")).toContain("rebuilding it");
  expect(readHeader(config.zoneIndex).totalDomains).toBe(built.totalDomains);

  const own = path.join(dir, "own.idx");
  fs.writeFileSync(own, "the operator's file");
  await ensureSampleIndex(loadConfig({ ZW_DATA_DIR: dir, ZW_ZONE_INDEX: own }), quiet);
  expect(fs.readFileSync(own, "utf8")).toBe("the operator's file");
}, 60_000);

test("an operator's index written over the sample's path is never taken for the sample, marker or not", async () => {
  const config = loadConfig({ ZW_DATA_DIR: path.join(dir, "over") });
  await ensureSampleIndex(config, quiet);
  // `cli index build --out <data>/zone.idx` leaves the sample's marker beside the new file;
  // this one cannot be read by this version (another format version, say)
  fs.writeFileSync(config.zoneIndex, "the operator's index, in a format this version cannot read");
  const lines: string[] = [];
  await ensureSampleIndex(config, (l) => lines.push(l));
  expect(fs.readFileSync(config.zoneIndex, "utf8")).toBe("the operator's index, in a format this version cannot read");
  expect(lines.join("\n")).toContain("the file is left alone");
  expect(fs.existsSync(`${config.zoneIndex}.sample`)).toBe(false);
}, 60_000);
