/**
 * How a chunk of camelcase rows crosses from a worker to the HTTP thread: as columns, not as
 * objects. A 1,000-name request is two chunks of 500 rows, and turning 1,000 rows back into
 * objects was the HTTP thread's largest cost (JSON.parse of their text: 0.8-1.5 ms, as much
 * again as validating, merging and serialising the rest). Columns rebuild them from two
 * strings split once and one Int32Array, with no string allocated per field:
 * - original: not sent; it is the domain the HTTP thread itself sent (normalised ASCII);
 * - converted, split: one string each, the rows' values joined by newlines (neither can
 *   hold a newline: both are made of the name's letters, digits, hyphens, dots and spaces);
 * - word_count, confidence, domain_type and the taxonomy node of category/subcategory: two
 *   integers per row.
 * - the chunk's words, counted (word_stats): its Tally's parts, which the HTTP thread merges
 *   into the request's tally instead of cutting and hashing every row's split again (0.33
 *   against 0.50 ms of its time for a 1,000-name request; bench/classify/RESULTS.md).
 * fromColumns(toColumns(rows)) deep-equals rows, in the same key order (camelcase-columns.test.ts).
 */
import type { ParsedName } from "../../domain/name.ts";
import { DOMAIN_TYPES, type DomainType } from "./classifier.ts";
import type { CamelcaseRow } from "./results.ts";
import type { Tally, TallyParts } from "./tally.ts";
import { TAXONOMY } from "./taxonomy.ts";

const CONFIDENCES: readonly CamelcaseRow["confidence"][] = ["HIGH", "MEDIUM", "LOW"];
const TYPE_INDEX = new Map<DomainType, number>(DOMAIN_TYPES.map((t, i) => [t, i]));
const CONFIDENCE_INDEX = new Map<string, number>(CONFIDENCES.map((c, i) => [c, i]));

/** keys, counts, ids: the chunk's words counted (Tally.toParts; top-level fields, as the pool's codec wants typed arrays). */
export interface CamelcaseColumns extends TallyParts {
  converted: string;
  split: string;
  /** Per row: word_count, then confidence | domain_type << 2 | taxonomy node id << 8. */
  codes: Int32Array;
}

/** The rows as columns, with `words`: the tally camelcaseRows() counted their words in. */
export function toColumns(rows: readonly CamelcaseRow[], words: Tally): CamelcaseColumns {
  const codes = new Int32Array(rows.length * 2);
  let converted = "",
    split = "";
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const node = TAXONOMY.bySubcategory.get(r.subcategory);
    if (node === undefined || node.vertical !== r.category) throw new Error(`camelcase row outside the taxonomy: ${r.category} / ${r.subcategory}`);
    if (i > 0) {
      converted += "\n";
      split += "\n";
    }
    converted += r.converted;
    split += r.split;
    codes[2 * i] = r.word_count;
    codes[2 * i + 1] = CONFIDENCE_INDEX.get(r.confidence)! | (TYPE_INDEX.get(r.domain_type)! << 2) | (node.id << 8);
  }
  return { converted, split, codes, ...words.toParts() };
}

/** The rows again; `domains` are the chunk's domains, whose ASCII form is each row's original. */
export function fromColumns(domains: readonly ParsedName[], cols: CamelcaseColumns): CamelcaseRow[] {
  const n = domains.length;
  if (cols.codes.length !== 2 * n) throw new Error(`camelcase chunk: ${cols.codes.length / 2} rows for ${n} domains`);
  const converted = cols.converted.split("\n"),
    split = cols.split.split("\n");
  const rows = new Array<CamelcaseRow>(n);
  for (let i = 0; i < n; i++) {
    const code = cols.codes[2 * i + 1]!;
    const node = TAXONOMY.nodes[code >>> 8]!;
    rows[i] = {
      original: domains[i]!.ascii,
      converted: converted[i]!,
      split: split[i]!,
      word_count: cols.codes[2 * i]!,
      confidence: CONFIDENCES[code & 3]!,
      category: node.vertical,
      subcategory: node.subcategory,
      domain_type: DOMAIN_TYPES[(code >>> 2) & 63]!,
    };
  }
  return rows;
}
