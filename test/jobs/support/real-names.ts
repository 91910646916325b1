/** Real names for end-to-end jobs: the .nu list and the Tranco top list from ../shared/data. */
import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { SHARED_DATA } from "../../support/paths.ts";

let cache: string[] | null = null;

function all(): string[] {
  if (cache) return cache;
  const nu = gunzipSync(fs.readFileSync(path.join(SHARED_DATA, "domains/iis-nu_domains.txt.gz")))
    .toString("utf8")
    .split("\n");
  const tranco = gunzipSync(fs.readFileSync(path.join(SHARED_DATA, "domains/tranco_top_100k.csv.gz")))
    .toString("utf8")
    .split("\n");
  cache = [...tranco, ...nu].map((s) => s.trim()).filter((s) => s !== "" && /^[a-z0-9.-]+$/.test(s));
  return cache;
}

/** `n` names: real ones first, then the real ones again under other extensions (still valid). */
export function realNames(n: number): string[] {
  const base = all();
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
