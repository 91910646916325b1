/**
 * Running one metered operation after authentication and the rate check: validation (400
 * naming the field) -> prepare (domain checks) -> quota reservation (429) -> the service ->
 * settle (2xx keeps the charge, anything else refunds) -> X-Credits-* headers.
 * REST routes and MCP tools both call `execute`, so both answer and charge the same.
 */
import type { TSchema } from "@sinclair/typebox";
import type { CallContext, Endpoint } from "./endpoint.ts";
import { ApiError } from "./errors.ts";
import { reserve } from "./meter.ts";
import { validator, type Validator } from "./validate.ts";

const validators = new WeakMap<Endpoint, Map<number, Validator<unknown>>>();

function validatorFor(ep: Endpoint, limit: number): Validator<unknown> | null {
  if (!ep.body) return null;
  let byLimit = validators.get(ep);
  if (!byLimit) validators.set(ep, (byLimit = new Map()));
  let v = byLimit.get(limit);
  if (!v) byLimit.set(limit, (v = validator<unknown>(ep.body(limit) as TSchema)));
  return v;
}

export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** `limit` is the list limit in force: the REST batch limit or the MCP tool's smaller one. */
export async function execute(ep: Endpoint, rawBody: unknown, ctx: CallContext, limit = ep.op.batchLimit ?? 0): Promise<Answer> {
  const v = validatorFor(ep, limit);
  const body = v ? v.parse(rawBody) : rawBody;
  const { input, units } = ep.prepare(body, ctx);
  const cost = ep.op.cost(units);
  const r = reserve(ctx.services.store, ctx.key, ep.op.usageKey, cost, ctx.now);
  let outcome;
  try {
    outcome = await ep.handle(input, ctx);
  } catch (e) {
    r.refundAll();
    throw e;
  }
  const status = outcome.status ?? 200;
  const headers: Record<string, string> = { ...(outcome.headers ?? {}) };
  if (status >= 300) {
    r.refundAll();
    throw new ApiError(status, String((outcome.body as { error?: string })?.error ?? "request failed"));
  }
  if (ep.op.usageKey !== null) {
    const charge = outcome.charge ?? cost;
    const remaining = r.settle(charge);
    headers["X-Credits-Charged"] = String(Math.min(cost, Math.max(0, Math.floor(charge))));
    headers["X-Credits-Remaining"] = String(remaining);
  }
  return { status, body: outcome.body, headers };
}
