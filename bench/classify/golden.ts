/**
 * Output fingerprint of the classify core, for changes that must not move a single result
 * (speed work): every output of splitName, classifyName, camelcaseBatch and categorizeBatch
 * over the segmentation inputs (train.txt + eval.txt, lower-cased, spaces removed) and real
 * registered names (Tranco top 100k, then .nu) is hashed, one line per input set.
 *
 *   node scripts/bun.cjs run bench/classify/golden.ts [names=200000] > before.txt
 *   ... change ...
 *   node scripts/bun.cjs run bench/classify/golden.ts [names=200000] | diff before.txt -
 *
 * Any difference is a regression: the change moved an output.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { splitName as parseName } from "../../src/domain/name.ts";
import { classifyName, splitName } from "../../src/capabilities/classify/api.ts";
import { camelcaseBatch, categorizeBatch } from "../../src/capabilities/classify/results.ts";
import { realDomains } from "./names.ts";

const LIMIT = Number(process.argv[2] ?? 200_000);
const SEG = path.resolve(import.meta.dir, "../../../shared/data/segmentation");

/** The inputs of a segmentation file: each line's phrase, lower-cased, spaces removed. */
function segmentationNames(file: string): string[] {
  return readFileSync(path.join(SEG, file), "utf8")
    .split("\n")
    .map((l) => l.toLowerCase().replace(/\s+/g, ""))
    .filter((s) => s !== "");
}

function fingerprint(label: string, names: readonly string[]): void {
  const h = createHash("sha256");
  for (const n of names) {
    const s = splitName(n);
    h.update(`${n}\t${s.words.join(" ")}\t${s.confidence}\t${JSON.stringify(classifyName(n))}\n`);
  }
  console.log(`${label.padEnd(12)} ${String(names.length).padStart(7)} ${h.digest("hex")}`);
}

fingerprint("train", segmentationNames("train.txt"));
fingerprint("eval", segmentationNames("eval.txt"));
const domains = realDomains(LIMIT);
fingerprint(
  "real",
  domains.map((d) => parseName(d).name),
);
// The endpoints' bodies over the same names, in their batch sizes.
const parsed = domains.map(parseName);
const h = createHash("sha256");
for (let i = 0; i < parsed.length; i += 1000) h.update(JSON.stringify(camelcaseBatch(parsed.slice(i, i + 1000))));
for (let i = 0; i < parsed.length; i += 100) h.update(JSON.stringify(categorizeBatch(parsed.slice(i, i + 100))));
console.log(`${"bodies".padEnd(12)} ${String(parsed.length).padStart(7)} ${h.digest("hex")}`);
