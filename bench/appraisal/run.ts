/**
 * bench/appraisal: the model's figures on sets a user would check.
 *   node scripts/bun.cjs bench/appraisal/run.ts [--index FILE] [--http] [--registered 20000]
 * 1. pattern medians (every LLL, NNNN and a 1-in-4 sample of LLLL .com) against the published figures;
 * 2. the distribution of values over real registered names (../shared/data/domains);
 * 3. pairwise ordering checks (shorter beats longer, .com beats the rest, common word beats random
 *    string) and the ranking of the most visited sites' names above ordinary registered names;
 * 4. throughput in-process on one core; 5. with --http, a 500-name bulk request over HTTP;
 * 6. the publicly reported sales of sales/sales.tsv, held-out part then fitting part (sales-eval.ts).
 * With --index the zone index FILE supplies the demand signals; without it the model runs as a
 * server with no index would.
 */
import { PATTERN_ANCHORS, ORDERING_FACTS } from "../../src/capabilities/appraise/calibration.ts";
import { appraiseRow, type AppraiseEnv } from "../../src/capabilities/appraise/appraiser.ts";
import { gather } from "../../src/capabilities/appraise/gather.ts";
import { lexiconView } from "../../src/capabilities/appraise/lexicon-view.ts";
import { appraiseSignals } from "../../src/capabilities/appraise/model.ts";
import { splitName } from "../../src/domain/name.ts";
import { ZoneIndex } from "../../src/zone-index/index.ts";
import { registeredSample, topSites } from "./data.ts";
import { REPORTED_SALES } from "./reported-sales.ts";
import { benchHttp } from "./http.ts";
import { printFigures, salesFigures } from "./sales-eval.ts";
import { isHeldOut, parseSales, SALES_FILE } from "./sales/split.ts";
import { readFileSync } from "node:fs";
import { arg } from "../support/args.ts";

const indexFile = arg("index");
const env: AppraiseEnv = { lex: lexiconView(), zone: indexFile ? ZoneIndex.open(indexFile) : null };
const value = (d: string) => appraiseRow(splitName(d), env).value;
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const fmt = (n: number) => "$" + n.toLocaleString("en-US");

function every(chars: string, n: number): string[] {
  let out = [""];
  for (let i = 0; i < n; i++) out = out.flatMap((p) => [...chars].map((c) => p + c));
  return out;
}

console.log(`# appraisal bench (index: ${indexFile ?? "none"}, version ${appraiseRow(splitName("a.com"), env).version})\n`);

console.log("## 1. Pattern medians (.com), published figures");
const L = "abcdefghijklmnopqrstuvwxyz",
  D = "0123456789";
for (const [p, names] of [
  ["LLL", every(L, 3)],
  ["NNNN", every(D, 4)],
  ["LLLL", every(L, 4).filter((_, i) => i % 4 === 0)],
] as const) {
  const a = PATTERN_ANCHORS[p];
  const rows = names.map((n) => appraiseRow(splitName(n + ".com"), env));
  const med = pct(sorted(rows.map((r) => r.value)), 0.5),
    lowMed = pct(sorted(rows.map((r) => r.low)), 0.5);
  const ratio = med / a.medianUsd;
  console.log(
    `${p}.com  n=${rows.length}  median ${fmt(med)} (published ${fmt(a.medianUsd)}, x${ratio.toFixed(2)} ${ratio >= 0.5 && ratio <= 2 ? "PASS" : "FAIL"})  median low ${fmt(lowMed)} (floor ${fmt(a.floorUsd)})`,
  );
}

const nReg = Number(arg("registered") ?? 20000);
const reg = registeredSample(nReg);
console.log(`\n## 2. Values over ${reg.length} real registered names`);
const regValues = sorted(reg.map(value));
console.log(
  ["p10", "p25", "p50", "p75", "p90", "p99", "max"].map((k, i) => `${k} ${fmt(pct(regValues, [0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 1][i]!))}`).join("  "),
);
const byExt = new Map<string, number[]>();
for (const d of reg) {
  const e = d.slice(d.indexOf(".") + 1);
  byExt.set(e, [...(byExt.get(e) ?? []), value(d)]);
}
for (const [e, xs] of [...byExt].sort((a, b) => b[1].length - a[1].length).slice(0, 8)) {
  const s = sorted(xs);
  console.log(`.${e.padEnd(5)} n=${String(s.length).padStart(5)}  median ${fmt(pct(s, 0.5))}  p90 ${fmt(pct(s, 0.9))}`);
}

console.log("\n## 3. Ordering checks");
let ok = 0;
for (const f of ORDERING_FACTS) {
  const good = value(f.higher) > value(f.lower);
  if (good) ok++;
  else console.log(`  FAIL ${f.higher} (${fmt(value(f.higher))}) <= ${f.lower} (${fmt(value(f.lower))}): ${f.why}`);
}
console.log(`calibration facts: ${ok}/${ORDERING_FACTS.length}`);
const regCom = reg
  .filter((d) => d.endsWith(".com"))
  .map((d) => d.slice(0, -4))
  .filter((n) => /^[a-z]+$/.test(n));
let sl = 0,
  slN = 0;
for (let i = 0; i + 1 < regCom.length; i += 2) {
  const [a, b] = [regCom[i]!, regCom[i + 1]!];
  if (Math.abs(a.length - b.length) < 4) continue;
  const [s, l] = a.length < b.length ? [a, b] : [b, a];
  slN++;
  if (value(s + ".com") > value(l + ".com")) sl++;
}
console.log(`shorter beats longer (letters-only .com pairs, length gap >= 4): ${((100 * sl) / slN).toFixed(1)}% of ${slN}`);
let cb = 0,
  cbN = 0;
for (const n of regCom.slice(0, 2000))
  for (const e of ["net", "org", "io", "de", "xyz", "online", "nu"]) {
    cbN++;
    if (value(`${n}.com`) > value(`${n}.${e}`)) cb++;
  }
console.log(`.com beats the rest (same name, 7 other extensions): ${((100 * cb) / cbN).toFixed(1)}% of ${cbN}`);
const common = [
  "money",
  "house",
  "music",
  "water",
  "light",
  "power",
  "happy",
  "green",
  "world",
  "river",
  "dream",
  "paper",
  "phone",
  "smart",
  "story",
  "table",
  "beach",
  "trust",
  "cloud",
  "sport",
];
let cw = 0;
let seed = 7;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
for (const w of common) {
  const r = Array.from({ length: w.length }, () => L[Math.floor(rnd() * 26)]).join("");
  if (value(w + ".com") > value(r + ".com")) cw++;
}
console.log(`common word beats random string of the same length (.com): ${cw}/${common.length}`);
const regV = reg.map(value);
/** Probability that a name of the set outranks a random ordinary registered name (ties count half). */
function auc(values: number[]): number {
  let wins = 0;
  for (const a of values) for (const b of regV) wins += a > b ? 1 : a === b ? 0.5 : 0;
  return wins / (values.length * regV.length);
}
console.log(`top-2,000 sites' names (Tranco) above ordinary registered names: AUC ${auc(topSites(2000).map(value)).toFixed(3)}`);
const salesV = REPORTED_SALES.map(value);
console.log(
  `${REPORTED_SALES.length} publicly reported $1M+ sales above ordinary registered names: AUC ${auc(salesV).toFixed(3)}; their median value ${fmt(pct(sorted(salesV), 0.5))}, lowest ${REPORTED_SALES[salesV.indexOf(Math.min(...salesV))]} ${fmt(Math.min(...salesV))}`,
);

console.log("\n## 4. Throughput in-process, one core (median and best of 5 passes over the sample)");
const names = reg.map((d) => splitName(d));
const signals = names.map((p) => gather({ ascii: p.ascii, name: p.name, ext: p.ext! }, env.lex, env.zone).signals);
/** Names per second of `f` over the sample: median and best of 5 timed passes after one warm-up pass. */
function rate(f: () => void): string {
  f();
  const r: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    f();
    r.push(names.length / ((performance.now() - t) / 1000));
  }
  const s = sorted(r).map((x) => Math.round(x).toLocaleString("en-US"));
  return `median ${s[2]}/s, best ${s[4]}/s`;
}
console.log(
  `whole appraisal (splitter + classifier + model${env.zone ? " + zone index" : ""}): ${rate(() => {
    for (const p of names) appraiseRow(p, env);
  })} (${names.length} real names)`,
);
console.log(
  `  classify's split + classification alone: ${rate(() => {
    for (const p of names) env.lex.analyse(p.name, p.ext!);
  })}`,
);
console.log(
  `  the value model alone: ${rate(() => {
    for (const s of signals) appraiseSignals(s);
  })}`,
);

console.log("\n## 6. Publicly reported sales (bench/appraisal/sales/sales.tsv), held-out part");
{
  const { sales, errors } = parseSales(readFileSync(SALES_FILE, "utf8"));
  if (errors.length > 0) throw new Error(errors.join("\n"));
  printFigures(
    "held-out (SHA-256(domain)[0] < 64)",
    salesFigures(
      sales.filter((x) => isHeldOut(x.domain)),
      env,
      reg,
    ),
  );
  printFigures(
    "fitting part",
    salesFigures(
      sales.filter((x) => !isHeldOut(x.domain)),
      env,
      reg,
    ),
  );
}

if (process.argv.includes("--http")) {
  console.log("\n## 5. POST /v1/appraise/bulk with 500 names over HTTP");
  console.log(await benchHttp(reg.slice(0, 500), indexFile));
}
