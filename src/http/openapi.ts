/**
 * OpenAPI 3.1 from the same TypeBox schemas that validate requests (TypeBox schemas are
 * JSON Schema, which 3.1 takes as it is). Costs and limits are read from the table.
 */
import type { TSchema } from "@sinclair/typebox";
import { costPhrase } from "../cost-phrase.ts";
import { RATE_LIMITS } from "../operations.ts";
import type { Endpoint } from "./endpoint.ts";

const ErrorBody = {
  type: "object",
  required: ["error"],
  properties: {
    error: { type: "string" },
    retry_after_seconds: { type: "integer" },
    resets_at: { type: "string" },
  },
};

/** Drop TypeBox's symbol keys and our non-standard keys. */
function plain(schema: TSchema | undefined): unknown {
  if (!schema) return { type: "object" };
  return JSON.parse(JSON.stringify(schema, (k, v) => (k === "errorMessage" ? undefined : v)));
}

export interface ExtraPath {
  method: string;
  path: string;
  summary: string;
  description?: string;
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  parameters?: unknown[];
}

export function buildOpenApi(endpoints: Endpoint[], extra: ExtraPath[] = [], version = "1.0.0-beta"): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  const err = (d: string) => ({ description: d, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });
  for (const ep of endpoints) {
    const o = ep.op;
    const p = o.path.replace(/:(\w+)/g, "{$1}");
    const limits = [
      o.bucket ? `${RATE_LIMITS[o.bucket]} requests/min (bucket ${o.bucket})` : "not rate limited",
      o.batchLimit ? `at most ${o.batchLimit} items` : null,
      o.usageKey ? `cost: ${describeCost(ep)}` : "free",
    ].filter(Boolean);
    paths[p] ??= {};
    paths[p]![o.method.toLowerCase()] = {
      operationId: o.id,
      summary: ep.summary,
      description: [ep.description, limits.join("; ")].filter(Boolean).join("\n\n"),
      security: [{ bearer: [] }],
      ...(ep.body ? { requestBody: { required: true, content: { "application/json": { schema: plain(ep.body(o.batchLimit ?? 0)) } } } } : {}),
      responses: {
        "200": { description: "OK", content: { "application/json": { schema: plain(ep.response) } } },
        ...(ep.body ? { "400": err("Invalid body; the message names the field or index") } : {}),
        "401": err("Missing, unknown or revoked key"),
        ...(o.bucket || o.usageKey ? { "429": err("Rate limit or daily quota; see Retry-After") } : {}),
      },
    };
  }
  for (const x of extra) {
    paths[x.path] ??= {};
    paths[x.path]![x.method.toLowerCase()] = {
      summary: x.summary,
      description: x.description,
      security: [{ bearer: [] }],
      ...(x.parameters ? { parameters: x.parameters } : {}),
      ...(x.requestBody ? { requestBody: x.requestBody } : {}),
      responses: x.responses ?? { "200": { description: "OK" }, "401": err("Missing, unknown or revoked key") },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Zonewise API",
      version,
      description: "Domain intelligence: appraisal, classification, zone data, lookups, jobs. Every request needs `Authorization: Bearer <key>`.",
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: { Error: ErrorBody },
    },
    paths,
  };
}

function describeCost(ep: Endpoint): string {
  return costPhrase(ep.op.cost, "domain");
}
