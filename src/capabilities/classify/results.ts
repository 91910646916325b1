/**
 * Pure result builders for POST /v1/categorize and POST /v1/camelcase (spec "Categorization
 * result", "Word-split result"; decisions §4). No I/O, no clock: the same names give the same
 * JSON, so REST, MCP, jobs and workers can all call these.
 *
 * Sorting of every table: count descending, then code-unit order of the name (not locale order,
 * which would depend on the runtime's ICU data).
 */
import type { ParsedName } from "../../domain/name.ts";
import { splitAndClassify } from "./api.ts";
import { classifyTopic, DOMAIN_TYPES, isPunycode, type Classification, type DomainType } from "./classifier.ts";
import { getWordInfo } from "./classifier-words.ts";
import { getLexicon, NOT_LOOKED_UP } from "./lexicon.ts";
import { getSplitter } from "./splitter.ts";
import { Tally } from "./tally.ts";
import { TAXONOMY, UNCATEGORIZED_VERTICAL } from "./taxonomy.ts";

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
  const { split: { words }, classification: c } = splitAndClassify(domain.name);
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
  return camelcaseRow(domain, undefined);
}

/**
 * One camelcase row; `wordCounts`, when given, counts the row's words (word_stats). Only the
 * node and the domain type of the classification are computed (classifyTopic: no matched,
 * tags or confidence), and the splitter's word indexes serve the classifier and the count.
 */
function camelcaseRow(domain: ParsedName, wordCounts: Tally | undefined): CamelcaseRow {
  const splitter = getSplitter(), name = domain.name;
  const { words, confidence } = splitter.split(name);
  const indexes = splitter.tokenWords();
  const topic = classifyTopic(name, words, getWordInfo(), indexes);
  // The splitter's words are never empty and hold no space: counting them counts the words
  // of `split`, as wordStats() does, without cutting the string again; a lexicon word is
  // counted by its index (the splitter's, or looked up when it did not look the token up).
  if (wordCounts !== undefined) {
    const lex = getLexicon();
    for (let k = 0; k < words.length; k++) {
      const w = words[k]!;
      const id = indexes[k] === NOT_LOOKED_UP ? lex.indexOf(w) : indexes[k]!;
      if (id >= 0) wordCounts.addIndexed(w, id);
      else wordCounts.add(w);
    }
  }
  const node = TAXONOMY.nodes[topic >>> 3]!;
  return {
    original: domain.ascii,
    // A punycode label is an encoding, not words: it stays as it is.
    converted: (isPunycode(name) ? name : camelName(name, words, true)) + (domain.ext === null ? "" : `.${domain.ext}`),
    split: words.join(" "),
    word_count: words.length,
    confidence,
    category: node.vertical,
    subcategory: node.subcategory,
    domain_type: DOMAIN_TYPES[topic & 7]!,
  };
}

/**
 * The name with the first letter of each word in upper case ("bestpizza" -> "BestPizza",
 * "top10games" -> "Top10Games"). Characters between words (hyphens) stay where they are, and
 * if a word does not continue the name the rest is kept as it is, so the result lower-cased
 * is always the name: the converted domain still resolves to the same domain.
 * `lower` (for speed): the words are lower case already (the splitter's).
 */
export function camelName(sld: string, words: readonly string[], lower = false): string {
  let out = "";
  let at = 0;
  for (let k = 0; k < words.length; k++) {
    const w = lower ? words[k]! : words[k]!.toLowerCase();
    if (w === "") continue;
    const found = wordAt(sld, w, at);
    if (found < 0) break;
    const cap = capitalise(w);
    out += found === at ? cap : sld.slice(at, found) + cap;
    at = found + w.length;
  }
  return at === sld.length ? out : out + sld.slice(at);
}

/**
 * Where w occurs in s at or after `at` with only hyphens before it, or -1. A word that does
 * not begin with a hyphen can only be at the first other character (the usual case: one
 * comparison, no search).
 */
function wordAt(s: string, w: string, at: number): number {
  if (w.charCodeAt(0) !== 45) {
    let p = at;
    while (s.charCodeAt(p) === 45) p++;
    return startsAt(s, w, p) ? p : -1;
  }
  const found = s.indexOf(w, at);
  if (found < 0) return -1;
  for (let i = at; i < found; i++) if (s.charCodeAt(i) !== 45) return -1;
  return found;
}

/** s.startsWith(w, p), by character codes (the builtin is a runtime call: 2x the whole of camelName). */
function startsAt(s: string, w: string, p: number): boolean {
  if (p + w.length > s.length) return false;
  for (let i = 0; i < w.length; i++) if (s.charCodeAt(p + i) !== w.charCodeAt(i)) return false;
  return true;
}

const UPPER: readonly string[] = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c).toUpperCase());

/** w with its first letter in upper case; a word that begins with no a-z letter is w itself. */
function capitalise(w: string): string {
  const c = w.charCodeAt(0);
  if (c >= 97 && c <= 122) return UPPER[c]! + w.slice(1);
  return c < 128 ? w : w[0]!.toUpperCase() + w.slice(1);
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
  const words = new Tally();
  const results = domains.map((d) => camelcaseRow(d, words));
  return { results, word_stats: words.ranked(WORD), tld_stats: tldStats(domains) };
}
