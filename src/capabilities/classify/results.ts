/**
 * Pure result builders for POST /v1/categorize and POST /v1/camelcase (docs/classify.md,
 * "Endpoints"). No I/O, no clock: the same names give the same
 * JSON, so REST, MCP, jobs and workers can all call these.
 *
 * Sorting of every table: count descending, then code-unit order of the name (not locale order,
 * which would depend on the runtime's ICU data).
 */
import type { ParsedName } from "../../domain/name.ts";
import { classificationsOf, countWords, splitBatch, topicsOf } from "./batch-stages.ts";
import { camelDomain } from "./camel-name.ts";
import { DOMAIN_TYPES, isPunycode, type Classification, type DomainType } from "./classifier.ts";
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

/** The categorize rows of a batch, in input order (batch-stages.ts: stage by stage). */
export function categorizeRows(domains: readonly ParsedName[]): CategorizeRow[] {
  const b = splitBatch(domains),
    classes = classificationsOf(domains, b);
  const rows = new Array<CategorizeRow>(domains.length);
  for (let i = 0; i < domains.length; i++) {
    const domain = domains[i]!,
      c = classes[i]!;
    rows[i] = {
      domain: domain.ascii,
      sld: domain.name,
      split: splitText(b.splits[i]!.words),
      vertical: c.vertical,
      subcategory: c.subcategory,
      confidence: c.confidence,
      matched: c.matched,
      source: c.source,
      type: c.type,
      tags: c.tags,
    };
  }
  return rows;
}

const NO_WORDS: readonly string[] = [];

/**
 * The `split` field: the words joined by spaces. One word is the word itself; two or three
 * are concatenated, which JavaScriptCore does lazily (a rope, flattened once when the body is
 * serialised): Array.prototype.join is a runtime call that cost as much as the rest of the
 * row builders (paired: 1.10x for camelcase with and without JSON.stringify of the body).
 */
function splitText(words: readonly string[]): string {
  switch (words.length) {
    case 1:
      return words[0]!;
    case 2:
      return words[0]! + " " + words[1]!;
    case 3:
      return words[0]! + " " + words[1]! + " " + words[2]!;
    default:
      return words.join(" ");
  }
}

/**
 * The camelcase rows of a batch, in input order; `counts`, when given, counts their words
 * (word_stats). Stage by stage (batch-stages.ts), the row builders too: the converted forms,
 * then the split texts, then the objects. Only the node and the domain type of each
 * classification are computed (classifyTopic: no matched, tags or confidence).
 */
export function camelcaseRows(domains: readonly ParsedName[], counts?: Tally): CamelcaseRow[] {
  const n = domains.length,
    b = splitBatch(domains),
    topics = topicsOf(domains, b);
  if (counts !== undefined) countWords(b, counts);
  const converted = new Array<string>(n),
    texts = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const d = domains[i]!;
    // A punycode label is an encoding, not words: it stays as it is.
    converted[i] = camelDomain(d.ascii, d.name, d.ext, isPunycode(d.name) ? NO_WORDS : b.splits[i]!.words);
  }
  for (let i = 0; i < n; i++) texts[i] = splitText(b.splits[i]!.words);
  const rows = new Array<CamelcaseRow>(n);
  for (let i = 0; i < n; i++) {
    const { words, confidence } = b.splits[i]!,
      topic = topics[i]!,
      node = TAXONOMY.nodes[topic >>> 3]!;
    rows[i] = {
      original: domains[i]!.ascii,
      converted: converted[i]!,
      split: texts[i]!,
      word_count: words.length,
      confidence,
      category: node.vertical,
      subcategory: node.subcategory,
      domain_type: DOMAIN_TYPES[topic & 7]!,
    };
  }
  return rows;
}

export function camelcaseOne(domain: ParsedName): CamelcaseRow {
  return camelcaseRows([domain])[0]!;
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

/**
 * The camelcase body from its rows, the request's domains and `words`: the rows' words
 * counted (camelcaseRows' counts, or the tallies of the pool's shares merged into one).
 */
export function camelcaseBody(domains: readonly ParsedName[], results: CamelcaseRow[], words: Tally): CamelcaseBody {
  return { results, word_stats: words.ranked(WORD), tld_stats: tldStats(domains) };
}

export function categorizeBatch(domains: readonly ParsedName[]): CategorizeBody {
  return categorizeBody(categorizeRows(domains));
}

export function camelcaseBatch(domains: readonly ParsedName[]): CamelcaseBody {
  const words = newWordTally(domains.length);
  return camelcaseBody(domains, camelcaseRows(domains, words), words);
}

/** A tally for the words of `names` names (real names have 1.8 words each, fewer distinct: room for two per name). */
export function newWordTally(names: number): Tally {
  return new Tally(names * 2);
}
