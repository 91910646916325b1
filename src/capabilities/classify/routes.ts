/**
 * POST /v1/camelcase, POST /v1/categorize and GET /v1/taxonomy (docs/classify.md,
 * "Endpoints"). Schemas come from src/schema/requests.ts, costs and limits from the operation table;
 * the pipeline does auth, rate, validation and credits. Bare names are accepted.
 */
import { parseDomainList, type ParsedName } from "../../domain/name.ts";
import { defineEndpoint, ONE } from "../../http/endpoint.ts";
import { OPERATIONS } from "../../operations.ts";
import { Schemas } from "../../schema/requests.ts";
import { DOMAIN_TYPES } from "./classifier.ts";
import { CamelcaseResponse, CategorizeResponse, TaxonomyResponse } from "./schemas.ts";
import { classifyServiceOf } from "./service.ts";
import { taxonomyBody } from "./taxonomy.ts";

interface ListBody {
  domains: string[];
}

const prepareList = (b: ListBody) => ({ input: parseDomainList(b.domains, "domains"), units: { items: b.domains.length } });

export const camelcase = defineEndpoint({
  op: OPERATIONS.camelcase,
  body: (limit) => Schemas.camelcase(limit),
  summary: "Split names into words and write them in CamelCase",
  description:
    "For each domain or bare name: the words inside the name (digits are their own words, hyphens are boundaries, " +
    "acronyms and unknown runs stay whole), the CamelCase form with the extension unchanged, the split's " +
    "confidence (HIGH, MEDIUM, LOW), and the name's category and domain type; plus word and extension frequency " +
    "tables for the batch. Deterministic.",
  response: CamelcaseResponse,
  prepare: prepareList,
  handle: async (domains: ParsedName[], ctx) => ({ body: await classifyServiceOf(ctx.services).camelcase(domains) }),
});

export const categorize = defineEndpoint({
  op: OPERATIONS.categorize,
  body: (limit) => Schemas.categorize(limit),
  summary: "Industry classification of domain names",
  description:
    "For each domain or bare name: the words, the vertical and subcategory of the business that would own it " +
    "(GET /v1/taxonomy), confidence, the keywords that drove it, source, domain type and secondary tags; plus " +
    "counts by vertical, subcategory and type. Deterministic: the same input and lexicon version give the same " +
    "bytes.",
  response: CategorizeResponse,
  prepare: prepareList,
  handle: async (domains: ParsedName[], ctx) => ({ body: await classifyServiceOf(ctx.services).categorize(domains) }),
});

const taxonomyAnswer = Object.freeze({ ...taxonomyBody(), domain_types: [...DOMAIN_TYPES] });

export const taxonomy = defineEndpoint({
  op: OPERATIONS.taxonomy,
  summary: "The published taxonomy: verticals, subcategories and domain types",
  description:
    "Every vertical and subcategory that categorize and camelcase can answer (modelled on the IAB Content and Ad " +
    "Product taxonomies; the closest IAB node is given where one fits), and every domain_type value. Free.",
  response: TaxonomyResponse,
  prepare: () => ({ input: null, units: ONE }),
  handle: () => ({ body: taxonomyAnswer }),
});
