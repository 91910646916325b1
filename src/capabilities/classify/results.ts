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
import { Tally } from "./tally.ts";
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

const VERTICAL = (vertical: string, count: number) => ({ vertical, count });
const TYPE = (type: string, count: number) => ({ type, count });
const WORD = (word: string, count: number) => ({ word, count });
const TLD = (tld: string, count: number) => ({ tld, count });

export function summarize(results: readonly { vertical: string; subcategory: string; type: string }[]): CategorizeSummary {
  const verticals = new Tally();
  const subs = new Tally();
  const types = new Tally();
  let uncategorized = 0;
  for (const r of results) {
    if (r.vertical === UNCATEGORIZED_VERTICAL) uncategorized++;
    verticals.add(r.vertical);
    subs.add(`${r.vertical}\u0000${r.subcategory}`); // NUL sorts first: vertical, then subcategory
    types.add(r.type);
  }
  return {
    total: results.length,
    categorized: results.length - uncategorized,
    uncategorized,
    verticals: verticals.ranked(VERTICAL),
    subcategories: subs.ranked((pair, count) => {
      const cut = pair.indexOf("\u0000");
      return { vertical: pair.slice(0, cut), subcategory: pair.slice(cut + 1), count };
    }),
    types: types.ranked(TYPE),
  };
}

/** word_stats: every word of every row's split, counted. */
export function wordStats(rows: readonly { split: string }[]): { word: string; count: number }[] {
  const t = new Tally();
  for (const r of rows) t.addWords(r.split);
  return t.ranked(WORD);
}

/** tld_stats: the extension of every name that has one (the whole rest, e.g. "co.uk"). */
export function tldStats(domains: readonly ParsedName[]): { tld: string; count: number }[] {
  const t = new Tally();
  for (const d of domains) if (d.ext !== null) t.add(d.ext);
  return t.ranked(TLD);
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
