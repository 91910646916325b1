/**
 * Running one metered operation after authentication and the rate check: validation (400
 * naming the field) -> prepare (domain checks) -> the metering step of meter.ts around the
 * service (quota reservation 429, settle: 2xx keeps the charge, anything else refunds,
 * X-Credits-* headers).
 * REST routes and MCP tools both call `execute`, so both answer and charge the same.
 * Free operations with a synchronous service stay synchronous (no promise per request).
 */
import type { TSchema } from "@sinclair/typebox";
import type { CallContext, Endpoint } from "./endpoint.ts";
import { metered, type Answer } from "./meter.ts";
import { validator, type Validator } from "./validate.ts";

export type { Answer };

const validators = new WeakMap<Endpoint, Map<number, Validator<unknown>>>();

function validatorFor(ep: Endpoint, limit: number): Validator<unknown> | null {
  if (!ep.body) return null;
  let byLimit = validators.get(ep);
  if (!byLimit) validators.set(ep, (byLimit = new Map()));
  let v = byLimit.get(limit);
  if (!v) byLimit.set(limit, (v = validator<unknown>(ep.body(limit) as TSchema)));
  return v;
}

/** `limit` is the list limit in force: the REST batch limit or the MCP tool's smaller one. */
export function execute(ep: Endpoint, rawBody: unknown, ctx: CallContext, limit = ep.op.batchLimit ?? 0): Answer | Promise<Answer> {
  const v = validatorFor(ep, limit);
  const body = v ? v.parse(rawBody) : rawBody;
  const { input, units } = ep.prepare(body, ctx);
  const cost = ep.op.usageKey === null ? 0 : ep.op.cost(units);
  return metered(ctx.services.store, ctx.key, ep.op.usageKey, cost, ctx.now, () => ep.handle(input, ctx));
}
