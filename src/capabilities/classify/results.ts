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
import { camelDomain } from "./camel-name.ts";
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
    split: splitText(words),
    vertical: c.vertical,
    subcategory: c.subcategory,
    confidence: c.confidence,
    matched: c.matched,
    source: c.source,
    type: c.type,
    tags: c.tags,
  };
}

const NO_WORDS: readonly string[] = [];

/** The spec's `split`: the words joined by spaces (one word: the word itself, no new string). */
function splitText(words: readonly string[]): string {
  return words.length === 1 ? words[0]! : words.join(" ");
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
    converted: camelDomain(domain.ascii, name, domain.ext, isPunycode(name) ? NO_WORDS : words),
    split: splitText(words),
    word_count: words.length,
    confidence,
    category: node.vertical,
    subcategory: node.subcategory,
    domain_type: DOMAIN_TYPES[topic & 7]!,
  };
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
  // Real names have 1.8 words each on average (fewer distinct ones): room for two per name.
  const words = new Tally(domains.length * 2);
  const results = domains.map((d) => camelcaseRow(d, words));
  return { results, word_stats: words.ranked(WORD), tld_stats: tldStats(domains) };
}
