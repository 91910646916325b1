/**
 * bench/validate: the job submit path's validation of a 1,000,000-name list, from bytes to
 * normalised names: JSON.parse of the body, the TypeBox schema check, then every name
 * through src/domain/name.ts. Real names from ../shared/data (tranco top 100k, repeated
 * with distinct prefixes), plus some upper-case, trailing-dot and IDN inputs.
 *   node scripts/bun.cjs bench/validate/run.ts [--names 1000000]
 */
import { Type } from "@sinclair/typebox";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { parseDomainList } from "../../src/domain/name.ts";
import { validator } from "../../src/http/validate.ts";

const i = process.argv.indexOf("--names");
const N = i > 0 ? Number(process.argv[i + 1]) : 1_000_000;
const shared = path.resolve(import.meta.dir, "../../../shared/data/domains/tranco_top_100k.csv.gz");
const base = gunzipSync(await Bun.file(shared).arrayBuffer())
  .toString()
  .split("\n")
  .filter(Boolean);
const names: string[] = new Array(N);
for (let k = 0; k < N; k++) {
  const b = base[k % base.length]!;
  const round = Math.floor(k / base.length);
  let s = round === 0 ? b : `r${round}.${b}`;
  if (k % 50 === 0) s = s.toUpperCase();
  if (k % 97 === 0) s += ".";
  if (k % 1000 === 0) s = `bücher${k}.de`;
  names[k] = s;
}
const body = JSON.stringify({ type: "zone_lookup", domains: names });
const schema = validator(
  Type.Object({ type: Type.String(), domains: Type.Array(Type.String(), { minItems: 1, maxItems: 1_000_000 }) }, { additionalProperties: false }),
);

const runs: number[][] = [];
for (let r = 0; r < 5; r++) {
  const t0 = performance.now();
  const obj = JSON.parse(body);
  const t1 = performance.now();
  const v = schema.parse(obj) as { domains: string[] };
  const t2 = performance.now();
  const parsed = parseDomainList(v.domains, "domains");
  const t3 = performance.now();
  if (parsed.length !== N) throw new Error("lost names");
  runs.push([t1 - t0, t2 - t1, t3 - t2, t3 - t0]);
}
runs.sort((a, b) => a[3]! - b[3]!);
const m = runs[2]!;
console.log(`bench/validate: ${N.toLocaleString("en")} names, ${(body.length / 1e6).toFixed(1)} MB JSON, median of 5 runs`);
console.log(
  `  JSON.parse ${m[0]!.toFixed(0)} ms, schema ${m[1]!.toFixed(0)} ms, names ${m[2]!.toFixed(0)} ms, total ${m[3]!.toFixed(0)} ms (target < 1000 ms)`,
);
