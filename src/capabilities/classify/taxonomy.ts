/**
 * The published taxonomy (GET /v1/taxonomy, docs/classify.md): built once from taxonomy-data.ts.
 *
 * Every subcategory gets a dense numeric id (its position in TAXONOMY.nodes) so the classifier
 * can score with typed arrays; id 0 is always Uncategorized / General. The GET body is built
 * once and frozen: it is the same object for every request.
 */
import { TAXONOMY_ROWS, UNCATEGORIZED_SUBCATEGORY, UNCATEGORIZED_VERTICAL } from "./taxonomy-data.ts";

/** Version of the taxonomy and keyword tables together: bump on any change that moves results. */
export const TAXONOMY_VERSION = "tax-2026.11.28";

export interface TaxonomyNode {
  /** Dense id, 0 = Uncategorized / General. */
  id: number;
  /** Index of the vertical in TAXONOMY.verticals. */
  verticalId: number;
  vertical: string;
  subcategory: string;
  /** IAB source node, e.g. "content-3.1:34" or "ad-product-2.0:1563". */
  iab?: string;
}

export interface TaxonomyBody {
  version: string;
  verticals: { vertical: string; iab?: string; subcategories: { subcategory: string; iab?: string }[] }[];
}

export interface Taxonomy {
  version: string;
  verticals: readonly string[];
  nodes: readonly TaxonomyNode[];
  /** Subcategory name -> node (names are unique). */
  bySubcategory: ReadonlyMap<string, TaxonomyNode>;
}

/** "c34" -> "content-3.1:34", "a1563" -> "ad-product-2.0:1563", "" -> undefined. */
export function expandIab(code: string): string | undefined {
  if (code === "") return undefined;
  if (code[0] === "c") return `content-3.1:${code.slice(1)}`;
  if (code[0] === "a") return `ad-product-2.0:${code.slice(1)}`;
  throw new Error(`taxonomy: bad IAB code ${JSON.stringify(code)}`);
}

function build(): { taxonomy: Taxonomy; body: TaxonomyBody } {
  const verticals: string[] = [UNCATEGORIZED_VERTICAL];
  const nodes: TaxonomyNode[] = [{ id: 0, verticalId: 0, vertical: UNCATEGORIZED_VERTICAL, subcategory: UNCATEGORIZED_SUBCATEGORY }];
  const body: TaxonomyBody = { version: TAXONOMY_VERSION, verticals: [] };
  for (const [vertical, vIab, subs] of TAXONOMY_ROWS) {
    const verticalId = verticals.length;
    verticals.push(vertical);
    const entry: TaxonomyBody["verticals"][number] = { vertical, subcategories: [] };
    const vi = expandIab(vIab);
    if (vi) entry.iab = vi;
    for (const [subcategory, sIab] of subs) {
      const node: TaxonomyNode = { id: nodes.length, verticalId, vertical, subcategory };
      const si = expandIab(sIab);
      if (si) node.iab = si;
      nodes.push(node);
      entry.subcategories.push(si ? { subcategory, iab: si } : { subcategory });
    }
    body.verticals.push(entry);
  }
  body.verticals.push({ vertical: UNCATEGORIZED_VERTICAL, subcategories: [{ subcategory: UNCATEGORIZED_SUBCATEGORY }] });
  const bySubcategory = new Map<string, TaxonomyNode>();
  for (const n of nodes) {
    if (bySubcategory.has(n.subcategory)) throw new Error(`taxonomy: duplicate subcategory ${n.subcategory}`);
    bySubcategory.set(n.subcategory, n);
  }
  return { taxonomy: { version: TAXONOMY_VERSION, verticals, nodes, bySubcategory }, body: deepFreeze(body) };
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === "object") {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}

const built = build();

export const TAXONOMY: Taxonomy = built.taxonomy;
export const UNCATEGORIZED: TaxonomyNode = TAXONOMY.nodes[0]!;

/** The body of GET /v1/taxonomy (frozen; Uncategorized / General is the last vertical). */
export function taxonomyBody(): TaxonomyBody {
  return built.body;
}

export { UNCATEGORIZED_SUBCATEGORY, UNCATEGORIZED_VERTICAL };
