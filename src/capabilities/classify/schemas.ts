/** Response schemas of POST /v1/camelcase, POST /v1/categorize and GET /v1/taxonomy (OpenAPI, MCP output schemas). */
import { Type, type TInteger, type TString } from "@sinclair/typebox";
import { DOMAIN_TYPES } from "./classifier.ts";

const pair = Type.Object({ vertical: Type.String(), subcategory: Type.String() });
const domainType = Type.Union(
  DOMAIN_TYPES.map((t) => Type.Literal(t)),
  { description: "Domain type" },
);

export const CategorizeRowSchema = Type.Object({
  domain: Type.String({ description: "Input domain (normalised ASCII form)" }),
  sld: Type.String({ description: "Second-level name: the first label" }),
  split: Type.String({ description: "Space-separated words" }),
  vertical: Type.String({ description: "Primary vertical (GET /v1/taxonomy); Uncategorized when nothing matched" }),
  subcategory: Type.String({ description: "Primary subcategory; General when uncategorized" }),
  confidence: Type.Union([Type.Literal("high"), Type.Literal("medium"), Type.Literal("low")]),
  matched: Type.Array(Type.String(), { description: "Lexicon keywords that drove the result" }),
  source: Type.Union([Type.Literal("lexicon"), Type.Literal("rule"), Type.Literal("none")], {
    description: "lexicon: keywords; rule: a pattern (numeric, acronym); none: uncategorized",
  }),
  type: domainType,
  tags: Type.Array(pair, { description: "Secondary vertical/subcategory pairs, strongest first" }),
});

const counted = <K extends string>(key: K) => Type.Object({ [key]: Type.String(), count: Type.Integer() } as Record<K, TString> & { count: TInteger });

export const CategorizeResponse = Type.Object({
  results: Type.Array(CategorizeRowSchema, { description: "One result per input domain, input order" }),
  summary: Type.Object({
    total: Type.Integer(),
    categorized: Type.Integer(),
    uncategorized: Type.Integer(),
    verticals: Type.Array(counted("vertical"), { description: "Count descending, then vertical" }),
    subcategories: Type.Array(Type.Object({ vertical: Type.String(), subcategory: Type.String(), count: Type.Integer() }), {
      description: "Count descending, then vertical and subcategory",
    }),
    types: Type.Array(counted("type"), { description: "Count descending, then type" }),
  }),
});

export const CamelcaseRowSchema = Type.Object({
  original: Type.String({ description: "Input domain (normalised ASCII form)" }),
  converted: Type.String({ description: "The words capitalised and joined, then the extension unchanged" }),
  split: Type.String({ description: "Space-separated words" }),
  word_count: Type.Integer(),
  confidence: Type.Union([Type.Literal("HIGH"), Type.Literal("MEDIUM"), Type.Literal("LOW")], {
    description: "How clearly the best split beats the next one",
  }),
  category: Type.String({ description: "Vertical of the name" }),
  subcategory: Type.String(),
  domain_type: domainType,
});

export const CamelcaseResponse = Type.Object({
  results: Type.Array(CamelcaseRowSchema, { description: "One result per input domain, input order" }),
  word_stats: Type.Array(counted("word"), { description: "Every word of the batch, count descending then word" }),
  tld_stats: Type.Array(counted("tld"), { description: "Every extension of the batch, count descending then tld" }),
});

export const TaxonomyResponse = Type.Object({
  version: Type.String({ description: "Taxonomy version; results change only with it or the lexicon version" }),
  verticals: Type.Array(
    Type.Object({
      vertical: Type.String(),
      iab: Type.Optional(Type.String({ description: "Closest IAB node, e.g. content-3.1:34" })),
      subcategories: Type.Array(Type.Object({ subcategory: Type.String(), iab: Type.Optional(Type.String()) })),
    }),
  ),
  domain_types: Type.Array(Type.String(), { description: "Every domain_type value" }),
});
