/**
 * OpenAPI 3.1 from the same TypeBox schemas that validate requests (TypeBox schemas are
 * JSON Schema, which 3.1 takes as it is). Costs and limits are read from the table.
 */
import type { TSchema } from "@sinclair/typebox";
import { costPhrase } from "../cost-phrase.ts";
import { RATE_LIMITS } from "../operations.ts";
import type { Endpoint } from "./endpoint.ts";
import { ERROR_STATUS } from "./errors.ts";

const ErrorBody = {
  type: "object",
  required: ["error", "code"],
  properties: {
    error: { type: "string", description: "what went wrong, naming the field or limit" },
    code: { type: "string", enum: Object.keys(ERROR_STATUS), description: "stable code the status follows from (docs/errors.md)" },
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
  /** Public pages need no key (an empty list); the default is the bearer key. */
  security?: unknown[];
}

/** What each error status means, in every operation's responses. */
export const ERROR_TEXT: Readonly<Record<number, string>> = {
  400: "Invalid body, query or path parameter; the message names the field, index or parameter",
  401: "Missing, unknown or revoked key",
  404: "No such job for this key",
  408: "The body did not arrive in full within 30 s",
  409: "A conflict (see the operation)",
  410: "The job's results expired",
  413: "The body is over 32 MB as received, or its gzip inflates past 256 MB",
  415: "A Content-Type, charset or Content-Encoding that is not accepted",
  429: "Rate limit or daily quota; see Retry-After",
  502: "The zone index, a registry or a resolver could not answer; nothing is charged",
  503: "Temporarily unavailable; see Retry-After",
};

/** The body endpoints also answer these before the body is read in full (http/body.ts). */
const BODY_ERRORS = [408, 413, 415];

export const err = (d: string) => ({ description: d, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });

/** The operation's error responses: its table entry's, and the body reader's for a body endpoint. */
function errorResponses(ep: Endpoint): Record<string, unknown> {
  const statuses = new Set([...ep.op.errors, ...(ep.body ? BODY_ERRORS : []), ...(ep.body || ep.query?.length ? [400] : [])]);
  return Object.fromEntries([...statuses].sort((a, b) => a - b).map((s) => [String(s), err(ERROR_TEXT[s] ?? "Error")]));
}

/** Path parameters (from the routed path) and the query parameters the endpoint takes. */
function parametersOf(ep: Endpoint): unknown[] {
  const path = [...ep.op.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
  const query = (ep.query ?? []).map((q) => ({ name: q.name, in: "query", required: false, description: q.description, schema: q.schema }));
  return [...path, ...query];
}

export function buildOpenApi(endpoints: Endpoint[], extra: ExtraPath[] = [], version = "1.0.0-beta"): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const ep of endpoints) {
    const o = ep.op;
    const p = o.path.replace(/:(\w+)/g, "{$1}");
    const limits = [
      o.bucket ? `${RATE_LIMITS[o.bucket]} requests/min (bucket ${o.bucket})` : "not rate limited",
      o.batchLimit ? `at most ${o.batchLimit} items` : null,
      o.usageKey ? `cost: ${describeCost(ep)}` : "free",
    ].filter(Boolean);
    const parameters = parametersOf(ep);
    paths[p] ??= {};
    paths[p]![o.method.toLowerCase()] = {
      operationId: o.id,
      summary: ep.summary,
      description: [ep.description, limits.join("; ")].filter(Boolean).join("\n\n"),
      security: [{ bearer: [] }],
      ...(parameters.length ? { parameters } : {}),
      ...(ep.body ? { requestBody: { required: true, content: { "application/json": { schema: plain(ep.body(o.batchLimit ?? 0)) } } } } : {}),
      responses: {
        "200": { description: "OK", content: { "application/json": { schema: plain(ep.response) } } },
        ...errorResponses(ep),
      },
    };
  }
  for (const x of extra) {
    paths[x.path] ??= {};
    paths[x.path]![x.method.toLowerCase()] = {
      summary: x.summary,
      description: x.description,
      security: x.security ?? [{ bearer: [] }],
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
