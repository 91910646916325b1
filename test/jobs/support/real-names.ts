/** Real names for end-to-end jobs: the committed sample of real names (test/fixtures/SOURCES.md). */
import fs from "node:fs";
import { gunzipSync } from "node:zlib";
import { testInputs } from "../../zone/real-domains.ts";

let cache: string[] | null = null;

/** The lines of `files` (gzip) that are plain lower-case ASCII names, in file order. */
export function namesOf(files: string[]): string[] {
  return files
    .flatMap((f) => gunzipSync(fs.readFileSync(f)).toString("utf8").split("\n"))
    .map((s) => s.trim())
    .filter((s) => s !== "" && /^[a-z0-9.-]+$/.test(s));
}

/** `n` names: real ones first, then the real ones again under other extensions (still valid). */
export function realNames(n: number, base: string[] = (cache ??= namesOf(testInputs()))): string[] {
  const out: string[] = [];
  const exts = ["", ".net", ".org", ".io", ".co.uk"];
  for (let round = 0; out.length < n; round++) {
    const ext = exts[round % exts.length]! + (round >= exts.length ? String(round) : "");
    for (const d of base) {
      if (out.length >= n) break;
      out.push(round === 0 ? d : d.split(".")[0] + (ext || ".com"));
    }
  }
  return out;
}
