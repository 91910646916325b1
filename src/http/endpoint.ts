/**
 * The shape of a metered operation, shared by REST routes and MCP tools: the operation
 * from the table, a body schema built for a list limit, `prepare` (domain checks, cost
 * units) and `handle` (the capability's service). The pipeline (pipeline.ts) does the rest.
 */
import type { TSchema } from "@sinclair/typebox";
import type { CostUnits, Operation } from "../operations.ts";
import type { Services } from "../services.ts";
import type { KeyRecord } from "../store/types.ts";

export interface CallContext {
  key: KeyRecord;
  services: Services;
  now: number;
  query: URLSearchParams;
  params: Record<string, string>;
  headers: Headers;
  via: "rest" | "mcp";
}

/** A success; a failure is thrown as an ApiError (errors.ts), which refunds the reservation. */
export interface Outcome {
  status?: 200 | 201 | 202;
  body: unknown;
  /**
   * The body already serialised, when the service memoises its answer (GET /v1/usage): REST
   * sends this text as is on a plain 200 (anything else serialises `body`); MCP, which wants
   * the value, uses `body`. Both must agree.
   */
  json?: string;
  headers?: Record<string, string>;
  /** Credits to keep, when less than reserved (e.g. error rows); defaults to the reserved cost. */
  charge?: number;
}

// biome-ignore lint/suspicious/noExplicitAny: the endpoint list holds endpoints of every body and input type.
export interface Endpoint<B = any, I = any> {
  op: Operation;
  /** JSON body schema for a given list limit; absent when the operation takes no body. */
  body?: (limit: number) => TSchema;
  /** Checks beyond the schema (domain names) and the units the cost is computed from. */
  prepare(body: B, ctx: CallContext): { input: I; units: CostUnits };
  handle(input: I, ctx: CallContext): Outcome | Promise<Outcome>;
  /** Short summary and description for OpenAPI. */
  summary: string;
  description?: string;
  /** Response schema for OpenAPI and the MCP output schema. */
  response?: TSchema;
  /** The query parameters it takes over REST (none when absent): any other is a 400. */
  query?: readonly QueryParam[];
}

/** A query parameter an endpoint takes, as OpenAPI describes it. */
export interface QueryParam {
  name: string;
  description: string;
  schema: Record<string, unknown>;
}

export function defineEndpoint<B, I>(e: Endpoint<B, I>): Endpoint<B, I> {
  return e;
}

/** For endpoints without a list: units of one. */
export const ONE = { items: 1 } as const;
