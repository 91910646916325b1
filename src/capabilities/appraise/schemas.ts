/** Response schemas of the appraisal endpoints (OpenAPI and the tool server's output schemas). */
import { Type } from "@sinclair/typebox";

export const Classification = Type.Object({
  split: Type.String({ description: "The words of the name separated by spaces" }),
  vertical: Type.String(),
  subcategory: Type.String(),
  domain_type: Type.String({ description: "industry, brandable, geo, personal, generic, numeric or acronym" }),
});

export const Explain = Type.Array(
  Type.Object({
    feature: Type.String({
      description:
        "base, then the features that moved the value: hyphens, digits, intent, brand, language, type, extension, demand, keyword_demand, unregistered, floor, rounding; or restricted alone (a registry that sells to no one: value 0)",
    }),
    factor: Type.Number({ description: "Multiplicative effect (2 = doubled the value, 0.5 = halved it)" }),
    effect: Type.Integer({ description: "USD added (negative: removed) by this step; the effects sum to the value" }),
    detail: Type.String(),
  }),
  { description: "Only with ?explain=true: how the value was reached, in order" },
);

const usd = (description: string) => Type.Integer({ minimum: 0, description });

export const AppraisalSingle = Type.Object({
  domain: Type.String(),
  final: Type.Object({
    value: usd("Estimate, whole USD"),
    low: usd("20th percentile of the model's uncertainty, whole USD"),
    high: usd("80th percentile of the model's uncertainty, whole USD"),
    version: Type.String({ description: "Model, lexicon and taxonomy that produced the number, e.g. zw-2026.11.1+lex-2026.11.1+tax-2026.11.1" }),
  }),
  classification: Classification,
  zone: Type.Object({
    indexed: Type.Boolean({ description: "The exact domain is in the zone index" }),
    exact_count: Type.Integer({ minimum: 0, description: "Extensions in which this name is registered" }),
  }),
  explain: Type.Optional(Explain),
});

export const AppraisalRow = Type.Object({
  domain: Type.String(),
  value: usd("Estimate, whole USD"),
  low: usd("20th percentile, whole USD"),
  high: usd("80th percentile, whole USD"),
  version: Type.String(),
  classification: Classification,
  explain: Type.Optional(Explain),
});

export const AppraisalBulk = Type.Object({ results: Type.Array(AppraisalRow) });
