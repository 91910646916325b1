/** The committed samples in test/fixtures are what scripts/fixtures/make.ts makes from the full data. */
import { expect, test } from "bun:test";
import fs from "node:fs";
import path from "node:path";
import { fixtures } from "../scripts/fixtures/make.ts";
import { FIXTURES } from "../test/support/paths.ts";

test("every fixture file equals what the fixed rule picks from ../shared/data", () => {
  const made = fixtures();
  expect(made.size).toBe(5);
  for (const [rel, bytes] of made) {
    const file = path.join(FIXTURES, rel);
    expect({ rel, same: fs.existsSync(file) && Buffer.compare(fs.readFileSync(file), bytes) === 0 }).toEqual({ rel, same: true });
  }
});
