/**
 * bench/appraisal/sales: reads sales.tsv, checks every row, and splits it into a fitting set and a
 * held-out set.
 *   node scripts/bun.cjs run bench/appraisal/sales/split.ts
 *
 * The split rule is the only record of the split (no flag column is stored, so it cannot drift):
 * a row is held out when the first byte of SHA-256(lower-case domain) is below 64, which holds out
 * about a quarter of the domains. The rule never looks at the price, the year or the source, and it
 * puts every sale of one domain on the same side.
 *
 * Exits 1 and names the line when a row is malformed, so a bad edit to sales.tsv is caught here.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

export const SALES_FILE = path.resolve(import.meta.dir, "sales.tsv");
export const HEADER = ["domain", "price_usd", "year", "venue", "source"] as const;

export interface Sale {
  domain: string;
  priceUsd: number;
  year: number;
  venue: string;
  source: string;
}

/** Held out when the first byte of SHA-256 of the lower-case domain is below 64 (about 25 %). */
export function isHeldOut(domain: string): boolean {
  return createHash("sha256").update(domain.toLowerCase()).digest()[0]! < 64;
}

// Lower-case ASCII labels (punycode for IDNs), at least two labels, no empty label.
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const FIRST_YEAR = 1990;

/** Parses sales.tsv text; returns the rows and one message per malformed line (1-based line numbers). */
export function parseSales(text: string, lastYear = new Date().getUTCFullYear()): { sales: Sale[]; errors: string[] } {
  const lines = text.split("\n");
  const errors: string[] = [];
  const sales: Sale[] = [];
  if (lines[0] !== HEADER.join("\t")) errors.push(`line 1: header must be "${HEADER.join("\\t")}"`);
  const seen = new Map<string, number>();
  lines.slice(1).forEach((line, i) => {
    const at = `line ${i + 2}`;
    if (line === "") return;
    const f = line.split("\t");
    if (f.length !== HEADER.length) return void errors.push(`${at}: ${f.length} fields, expected ${HEADER.length}`);
    const [domain, price, year, venue, source] = f as [string, string, string, string, string];
    if (!DOMAIN.test(domain)) errors.push(`${at}: domain "${domain}" is not a lower-case ASCII/punycode name`);
    if (!/^[1-9][0-9]*$/.test(price)) errors.push(`${at}: price_usd "${price}" is not a whole number of dollars`);
    const y = Number(year);
    if (!/^[0-9]{4}$/.test(year) || y < FIRST_YEAR || y > lastYear) errors.push(`${at}: year "${year}" is not in ${FIRST_YEAR}-${lastYear}`);
    if (venue.trim() === "") errors.push(`${at}: venue is empty`);
    if (source.trim() === "") errors.push(`${at}: source is empty`);
    const key = `${domain}\t${price}\t${year}`;
    const first = seen.get(key);
    if (first !== undefined) errors.push(`${at}: same domain, price and year as line ${first}`);
    else seen.set(key, i + 2);
    sales.push({ domain, priceUsd: Number(price), year: y, venue, source });
  });
  return { sales, errors };
}

export const BANDS: readonly [string, number][] = [
  ["< $1k", 1_000],
  ["$1k-10k", 10_000],
  ["$10k-100k", 100_000],
  ["$100k-1M", 1_000_000],
  ["$1M-10M", 10_000_000],
  [">= $10M", Infinity],
];
export const band = (usd: number) => BANDS.find(([, below]) => usd < below)![0];
/** The registrable suffix as the file uses it: everything after the first label (co.uk, com, ...). */
export const extension = (domain: string) => domain.slice(domain.indexOf(".") + 1);

if (import.meta.main) {
  const { sales, errors } = parseSales(readFileSync(SALES_FILE, "utf8"));
  if (errors.length > 0) {
    for (const e of errors) console.error(`sales.tsv ${e}`);
    process.exit(1);
  }
  const held = sales.filter((s) => isHeldOut(s.domain));
  const fit = sales.filter((s) => !isHeldOut(s.domain));
  const domains = (xs: Sale[]) => new Set(xs.map((s) => s.domain)).size;
  console.log(`sales.tsv: ${sales.length} sales of ${domains(sales)} domains`);
  console.log(`held-out (sha256(domain)[0] < 64): ${held.length} sales of ${domains(held)} domains`);
  console.log(`fitting:                           ${fit.length} sales of ${domains(fit)} domains`);
  const table = (title: string, key: (s: Sale) => string, order?: string[]) => {
    const count = (xs: Sale[]) => xs.reduce((m, s) => m.set(key(s), (m.get(key(s)) ?? 0) + 1), new Map<string, number>());
    const all = count(sales),
      h = count(held);
    const keys = order ?? [...all.keys()].sort((a, b) => all.get(b)! - all.get(a)! || a.localeCompare(b));
    console.log(`\n${title.padEnd(12)} ${"all".padStart(5)} ${"held".padStart(5)}`);
    for (const k of keys) if (all.has(k)) console.log(`${k.padEnd(12)} ${String(all.get(k)).padStart(5)} ${String(h.get(k) ?? 0).padStart(5)}`);
  };
  table(
    "price band",
    (s) => band(s.priceUsd),
    BANDS.map(([b]) => b),
  );
  table("extension", (s) => extension(s.domain));
}
