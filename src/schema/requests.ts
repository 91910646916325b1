/**
 * Request schemas, shared by REST validation, OpenAPI and the MCP tools' input schemas.
 * List limits come from the operation table: REST and MCP build the same schema with their
 * own limit, so the messages match word for word.
 */
import { Type, type TSchema } from "@sinclair/typebox";
import { OPERATIONS, REQUEST_LIMITS } from "../operations.ts";

const domain = (description = "A domain name, e.g. bestpizza.com") => Type.String({ description, examples: ["bestpizza.com"] });

export const domainList = (limit: number, description: string) => Type.Array(domain(), { minItems: 1, maxItems: limit, description });

export const Schemas = {
  appraise: () => Type.Object({ domain: domain("The domain to appraise (name and extension)") }, { additionalProperties: false }),
  appraiseBulk: (limit = OPERATIONS.appraise_bulk.batchLimit!) =>
    Type.Object({ domains: domainList(limit, `1 to ${limit} domains (name and extension)`) }, { additionalProperties: false }),
  categorize: (limit = OPERATIONS.categorize.batchLimit!) =>
    Type.Object({ domains: domainList(limit, `1 to ${limit} domains or bare names`) }, { additionalProperties: false }),
  camelcase: (limit = OPERATIONS.camelcase.batchLimit!) =>
    Type.Object({ domains: domainList(limit, `1 to ${limit} domains or bare names`) }, { additionalProperties: false }),
  zoneCount: () =>
    Type.Object(
      {
        term: Type.String({
          minLength: REQUEST_LIMITS.termMin,
          maxLength: REQUEST_LIMITS.termMax,
          pattern: "^[a-z0-9-]+$",
          errorMessage: `must be ${REQUEST_LIMITS.termMin} to ${REQUEST_LIMITS.termMax} characters of lower-case a-z, 0-9 and hyphen`,
          description: "Keyword: 2-63 characters of a-z, 0-9 and hyphen",
        }),
        tlds: Type.Optional(
          Type.Array(Type.String({ description: "An extension without the leading dot, e.g. com or co.uk" }), {
            minItems: 1,
            maxItems: REQUEST_LIMITS.maxTlds,
            description: `Restrict the counts to these extensions (at most ${REQUEST_LIMITS.maxTlds}); omit for all`,
          }),
        ),
        position: Type.Optional(
          Type.Union([Type.Literal("contains"), Type.Literal("starts"), Type.Literal("ends")], {
            description: "Where the term must appear in the name (default contains)",
          }),
        ),
      },
      { additionalProperties: false },
    ),
  zoneLookup: (limit = OPERATIONS.zone_lookup.batchLimit!) =>
    Type.Object(
      {
        domains: domainList(limit, `1 to ${limit} full domains or bare names`),
        include_counts: Type.Optional(Type.Boolean({ description: "Add containing/starting/ending counts (doubles the cost)" })),
      },
      { additionalProperties: false },
    ),
  rdap: (limit = OPERATIONS.rdap.batchLimit!) =>
    Type.Object({ domains: domainList(limit, `1 to ${limit} domains (name and extension)`) }, { additionalProperties: false }),
  dns: (limit = OPERATIONS.dns.batchLimit!) =>
    Type.Object(
      {
        domains: domainList(limit, `1 to ${limit} domains (name and extension)`),
        record_types: Type.Optional(
          Type.Array(Type.Union(["A", "AAAA", "MX", "TXT", "NS", "CNAME", "SOA"].map((t) => Type.Literal(t))), {
            minItems: 1,
            maxItems: 7,
            description: "Record types (default A, AAAA, MX, TXT, NS)",
          }),
        ),
      },
      { additionalProperties: false },
    ),
} satisfies Record<string, (limit?: number) => TSchema>;
