/**
 * Pure result builders for POST /v1/categorize and POST /v1/camelcase (spec "Categorization
 * result", "Word-split result"; decisions §4). No I/O, no clock: the same names give the same
 * JSON, so REST, MCP, jobs and workers can all call these.
 *
 * Sorting of every table: count descending, then code-unit order of the name (not locale order,
 * which would depend on the runtime's ICU data).
 */
import type { ParsedName } from "../../domain/name.ts";
import { classify, type Classification, type DomainType } from "./classifier.ts";
import { splitName } from "./splitter.ts";
import { UNCATEGORIZED_VERTICAL } from "./taxonomy.ts";

export interface CategorizeRow {
  domain: string;
  sld: string;
  split: string;
  vertical: string;
  subcategory: string;
  confidence: Classification["confidence"];
  matched: string[];
  source: Classification["source"];
  type: DomainType;
  tags: { vertical: string; subcategory: string }[];
}

export interface CamelcaseRow {
  original: string;
  converted: string;
  split: string;
  word_count: number;
  confidence: "HIGH" | "MEDIUM" | "LOW";
  category: string;
  subcategory: string;
  domain_type: DomainType;
}

export interface CategorizeSummary {
  total: number;
  categorized: number;
  uncategorized: number;
  verticals: { vertical: string; count: number }[];
  subcategories: { vertical: string; subcategory: string; count: number }[];
  types: { type: string; count: number }[];
}

export function categorizeOne(domain: ParsedName): CategorizeRow {
  const { words } = splitName(domain.name);
  const c = classify(domain.name, words);
  return {
    domain: domain.ascii,
    sld: domain.name,
    split: words.join(" "),
    vertical: c.vertical,
    subcategory: c.subcategory,
    confidence: c.confidence,
    matched: c.matched,
    source: c.source,
    type: c.type,
    tags: c.tags,
  };
}

export function camelcaseOne(domain: ParsedName): CamelcaseRow {
  const { words, confidence } = splitName(domain.name);
  const c = classify(domain.name, words);
  return {
    original: domain.ascii,
    // A punycode label is an encoding, not words: it stays as it is.
    converted: (domain.name.startsWith("xn--") ? domain.name : camelName(domain.name, words)) + (domain.ext === null ? "" : `.${domain.ext}`),
    split: words.join(" "),
    word_count: words.length,
    confidence,
    category: c.vertical,
    subcategory: c.subcategory,
    domain_type: c.type,
  };
}

/**
 * The name with the first letter of each word in upper case ("bestpizza" -> "BestPizza",
 * "top10games" -> "Top10Games"). Characters between words (hyphens) stay where they are, and
 * if a word does not continue the name the rest is kept as it is, so the result lower-cased
 * is always the name: the converted domain still resolves to the same domain.
 */
export function camelName(sld: string, words: readonly string[]): string {
  let out = "";
  let at = 0;
  for (const raw of words) {
    const w = raw.toLowerCase();
    if (w === "") continue;
    const found = sld.indexOf(w, at);
    if (found < 0 || !onlyHyphens(sld, at, found)) break;
    out += sld.slice(at, found) + capitalise(w);
    at = found + w.length;
  }
  return out + sld.slice(at);
}

function onlyHyphens(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (s.charCodeAt(i) !== 45) return false;
  return true;
}

const UPPER: readonly string[] = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c).toUpperCase());

function capitalise(w: string): string {
  const c = w.charCodeAt(0);
  return (c < 128 ? UPPER[c]! : w[0]!.toUpperCase()) + w.slice(1);
}

/** count desc, then name in code-unit order. */
function ranked<K extends string>(counts: Map<string, number>, key: K): ({ [P in K]: string } & { count: number })[] {
  const entries = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return entries.map(([k, count]) => ({ [key]: k, count }) as { [P in K]: string } & { count: number });
}

function bump(m: Map<string, number>, k: string): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}

export function summarize(results: readonly { vertical: string; subcategory: string; type: string }[]): CategorizeSummary {
  const verticals = new Map<string, number>();
  const subs = new Map<string, number>();
  const types = new Map<string, number>();
  let uncategorized = 0;
  for (const r of results) {
    if (r.vertical === UNCATEGORIZED_VERTICAL) uncategorized++;
    bump(verticals, r.vertical);
    bump(subs, `${r.vertical}\u0000${r.subcategory}`); // NUL sorts first: vertical, then subcategory
    bump(types, r.type);
  }
  return {
    total: results.length,
    categorized: results.length - uncategorized,
    uncategorized,
    verticals: ranked(verticals, "vertical"),
    subcategories: ranked(subs, "pair").map(({ pair, count }) => {
      const [vertical, subcategory] = pair.split("\u0000") as [string, string];
      return { vertical, subcategory, count };
    }),
    types: ranked(types, "type"),
  };
}

/** word_stats: every word of every row's split, counted. */
export function wordStats(rows: readonly { split: string }[]): { word: string; count: number }[] {
  const m = new Map<string, number>();
  for (const r of rows) if (r.split !== "") for (const w of r.split.split(" ")) if (w !== "") bump(m, w);
  return ranked(m, "word");
}

/** tld_stats: the extension of every name that has one (the whole rest, e.g. "co.uk"). */
export function tldStats(domains: readonly ParsedName[]): { tld: string; count: number }[] {
  const m = new Map<string, number>();
  for (const d of domains) if (d.ext !== null) bump(m, d.ext);
  return ranked(m, "tld");
}

export interface CategorizeBody {
  results: CategorizeRow[];
  summary: CategorizeSummary;
}

export interface CamelcaseBody {
  results: CamelcaseRow[];
  word_stats: { word: string; count: number }[];
  tld_stats: { tld: string; count: number }[];
}

/** The categorize body from its rows (computed here or on the pool, in input order). */
export function categorizeBody(results: CategorizeRow[]): CategorizeBody {
  return { results, summary: summarize(results) };
}

/** The camelcase body from its rows and the request's domains. */
export function camelcaseBody(domains: readonly ParsedName[], results: CamelcaseRow[]): CamelcaseBody {
  return { results, word_stats: wordStats(results), tld_stats: tldStats(domains) };
}

export function categorizeBatch(domains: readonly ParsedName[]): CategorizeBody {
  return categorizeBody(domains.map(categorizeOne));
}

export function camelcaseBatch(domains: readonly ParsedName[]): CamelcaseBody {
  return camelcaseBody(domains, domains.map(camelcaseOne));
}
