/**
 * The sample index of `npm start`: a sample we built that this version cannot read (an older
 * format, a damaged file) is rebuilt on the next start; an operator's own file never is.
 */
import { afterAll, expect, test } from "bun:test";
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../../src/config.ts";
import { ensureSampleIndex } from "../../src/sample-index.ts";
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

  fs.writeFileSync(config.zoneIndex, "an index from another version, or half a file");
  const lines: string[] = [];
  await ensureSampleIndex(config, (l) => lines.push(l));
  expect(lines.join("\n")).toContain("rebuilding it");
  expect(readHeader(config.zoneIndex).totalDomains).toBe(built.totalDomains);

  const own = path.join(dir, "own.idx");
  fs.writeFileSync(own, "the operator's file");
  await ensureSampleIndex(loadConfig({ ZW_DATA_DIR: dir, ZW_ZONE_INDEX: own }), quiet);
  expect(fs.readFileSync(own, "utf8")).toBe("the operator's file");
}, 60_000);
