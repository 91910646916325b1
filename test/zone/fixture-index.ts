/**
 * The real zone index the test server serves by default: built once from the committed
 * sample of real names (test/zone/real-domains.ts; a bench or data test may name other
 * inputs) and cached in the system temp folder under a key made of the inputs (path, size,
 * mtime) and the builder's and format's sources, so a test run builds it at most once and a
 * changed builder never reuses a stale file. The build writes through a temp file and a
 * rename, so concurrent test runs cannot see half a file. Servers get a hard link (or a
 * copy) in their own data folder.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIndex } from "../../index-builder/build.ts";
import { REPO } from "../support/paths.ts";
import { testInputs } from "./real-domains.ts";

const FIXED_BUILT_AT = new Date("2026-01-02T03:04:05Z");
/** One build (or cache check) per list of input paths in this process. */
const pending = new Map<string, Promise<string>>();

function cacheKey(inputs: string[]): string {
  const h = createHash("sha256");
  for (const f of inputs) {
    const st = fs.statSync(f);
    h.update(`${f}\0${st.size}\0${st.mtimeMs}\n`);
  }
  for (const dir of ["index-builder", "src/zone-index"]) {
    for (const f of fs
      .readdirSync(path.join(REPO, dir))
      .filter((x) => x.endsWith(".ts"))
      .sort()) {
      h.update(f).update(fs.readFileSync(path.join(REPO, dir, f)));
    }
  }
  return h.digest("hex").slice(0, 16);
}

/** Path of the cached index of `inputs` (built on first use in this process or machine). */
export function fixtureIndex(inputs: string[] = testInputs()): Promise<string> {
  const paths = inputs.join("\n");
  let p = pending.get(paths);
  if (!p) {
    p = (async () => {
      const file = path.join(os.tmpdir(), `zonewise-test-index-${cacheKey(inputs)}.idx`);
      if (!fs.existsSync(file)) await buildIndex({ inputs, out: file, builtAt: FIXED_BUILT_AT, tmpDir: os.tmpdir() });
      return file;
    })();
    pending.set(paths, p);
  }
  return p;
}

/** Puts the index of `inputs` at `dest` (a hard link when the filesystem allows, else a copy). */
export async function placeFixtureIndex(dest: string, inputs?: string[]): Promise<void> {
  const src = await fixtureIndex(inputs);
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  try {
    fs.linkSync(src, dest);
  } catch {
    fs.copyFileSync(src, dest);
  }
}

export const FIXTURE_BUILT_AT = FIXED_BUILT_AT.toISOString();
