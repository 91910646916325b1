/**
 * bench/appraisal/sales-eval.ts: the model against publicly reported sales (sales/sales.tsv).
 *   node scripts/bun.cjs bench/appraisal/sales-eval.ts [--index FILE] [--part fit|held|all] [--list]
 *
 * --part picks the rows: "fit" (default) is the part the model may be tuned on; "held" is the
 * held-out part (sales/split.ts: SHA-256(lower-case domain)[0] < 64), to be read only when
 * reporting, never while tuning. Figures:
 * - rank score: the probability that a sold name is valued above a random ordinary registered
 *   name of the same extension (ties count half; extensions without registered names in
 *   ../shared/data/domains are compared against the whole registered sample);
 * - Spearman's rank correlation between value and price within the sold names;
 * - median value/price per price band, and the share of prices inside low..high.
 * --list prints every row (domain, price, value, low, high) sorted by value/price.
 */
import { readFileSync } from "node:fs";
import { appraiseRow, type AppraiseEnv } from "../../src/capabilities/appraise/appraiser.ts";
import { lexiconView } from "../../src/capabilities/appraise/lexicon-view.ts";
import { splitName } from "../../src/domain/name.ts";
import { ZoneIndex } from "../../src/zone-index/index.ts";
import { arg } from "../support/args.ts";
import { registeredSample } from "./data.ts";
import { isHeldOut, parseSales, SALES_FILE, type Sale } from "./sales/split.ts";

export interface SalesFigures {
  rows: number;
  rankScore: number;
  spearman: number;
  coverage: number;
  bands: { band: string; n: number; medianRatio: number }[];
}

const PRICE_BANDS: readonly [string, number, number][] = [
  ["$500-2k", 500, 2_000],
  ["$2k-10k", 2_000, 10_000],
  ["$10k-120k", 10_000, 120_000],
  ["$120k-1M", 120_000, 1_000_000],
  [">= $1M", 1_000_000, Infinity],
];

function ranks(xs: number[]): number[] {
  const idx = xs.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(xs.length);
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j + 1 < idx.length && idx[j + 1]![0] === idx[i]![0]) j++;
    for (let k = i; k <= j; k++) r[idx[k]![1]] = (i + j) / 2;
    i = j + 1;
  }
  return r;
}

export function spearman(a: number[], b: number[]): number {
  const ra = ranks(a),
    rb = ranks(b);
  const n = a.length;
  const ma = ra.reduce((s, x) => s + x, 0) / n,
    mb = rb.reduce((s, x) => s + x, 0) / n;
  let num = 0,
    da = 0,
    db = 0;
  for (let i = 0; i < n; i++) {
    num += (ra[i]! - ma) * (rb[i]! - mb);
    da += (ra[i]! - ma) ** 2;
    db += (rb[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The figures for `sales` under `env`; `registered` is the comparison sample of ordinary names. */
export function salesFigures(sales: Sale[], env: AppraiseEnv, registered: string[], list = false): SalesFigures {
  const value = (d: string) => appraiseRow(splitName(d), env);
  const regByExt = new Map<string, number[]>();
  const regAll: number[] = [];
  for (const d of registered) {
    const v = value(d).value;
    const e = d.slice(d.indexOf(".") + 1);
    regAll.push(v);
    let xs = regByExt.get(e);
    if (xs === undefined) regByExt.set(e, (xs = []));
    xs.push(v);
  }
  let rankSum = 0,
    inside = 0;
  const values: number[] = [],
    prices: number[] = [];
  const lines: [number, string][] = [];
  for (const s of sales) {
    const r = value(s.domain);
    const e = s.domain.slice(s.domain.indexOf(".") + 1);
    const pool = (regByExt.get(e)?.length ?? 0) >= 200 ? regByExt.get(e)! : regAll;
    let wins = 0;
    for (const b of pool) wins += r.value > b ? 1 : r.value === b ? 0.5 : 0;
    rankSum += wins / pool.length;
    if (s.priceUsd >= r.low && s.priceUsd <= r.high) inside++;
    values.push(r.value);
    prices.push(s.priceUsd);
    if (list)
      lines.push([
        r.value / s.priceUsd,
        `${s.domain.padEnd(28)} price ${String(s.priceUsd).padStart(9)}  value ${String(r.value).padStart(9)}  ${String(r.low).padStart(9)}-${String(r.high).padEnd(9)}  x${(r.value / s.priceUsd).toFixed(2)}  ${r.classification.domain_type}/${r.classification.subcategory}`,
      ]);
  }
  if (list) for (const [, l] of lines.sort((a, b) => a[0] - b[0])) console.log(l);
  const bands = PRICE_BANDS.map(([band, lo, hi]) => {
    const ratios = sales
      .map((s, i) => [s, values[i]!] as const)
      .filter(([s]) => s.priceUsd >= lo && s.priceUsd < hi)
      .map(([s, v]) => v / s.priceUsd);
    return { band, n: ratios.length, medianRatio: median(ratios) };
  });
  return { rows: sales.length, rankScore: rankSum / sales.length, spearman: spearman(values, prices), coverage: inside / sales.length, bands };
}

export function printFigures(title: string, f: SalesFigures): void {
  console.log(`${title}: ${f.rows} sales`);
  console.log(`  rank score against registered names of the same extension: ${(100 * f.rankScore).toFixed(1)} %`);
  console.log(`  Spearman (value, price): ${f.spearman.toFixed(3)}`);
  console.log(`  prices inside low..high: ${(100 * f.coverage).toFixed(1)} %`);
  for (const b of f.bands) if (b.n > 0) console.log(`  ${b.band.padEnd(10)} n=${String(b.n).padStart(3)}  median value/price x${b.medianRatio.toFixed(2)}`);
}

if (import.meta.main) {
  const indexFile = arg("index");
  const part = arg("part") ?? "fit";
  const env: AppraiseEnv = { lex: lexiconView(), zone: indexFile ? ZoneIndex.open(indexFile) : null };
  const { sales, errors } = parseSales(readFileSync(SALES_FILE, "utf8"));
  if (errors.length > 0) throw new Error(errors.join("\n"));
  const rows = sales.filter((s) => part === "all" || (part === "held") === isHeldOut(s.domain));
  const reg = registeredSample(Number(arg("registered") ?? 20000));
  printFigures(`${part} part (index: ${indexFile ?? "none"})`, salesFigures(rows, env, reg, process.argv.includes("--list")));
}
