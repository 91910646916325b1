/**
 * Running one metered operation after authentication and the rate check: validation (400
 * naming the field) -> prepare (domain checks) -> quota reservation (429) -> the service ->
 * settle (2xx keeps the charge, anything else refunds) -> X-Credits-* headers.
 * REST routes and MCP tools both call `execute`, so both answer and charge the same.
 * Free operations with a synchronous service stay synchronous (no promise per request).
 */
import type { TSchema } from "@sinclair/typebox";
import type { CallContext, Endpoint, Outcome } from "./endpoint.ts";
import { NO_HEADERS } from "./errors.ts";
import { reserve, type Reservation } from "./meter.ts";
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
  /** Outcome.json: the body's JSON text, when the service had it ready. */
  json?: string;
  headers: Readonly<Record<string, string>>;
}

function finish(ep: Endpoint, outcome: Outcome, r: Reservation | null, cost: number): Answer {
  const status = outcome.status ?? 200;
  if (r === null) return { status, body: outcome.body, json: outcome.json, headers: outcome.headers ? { ...outcome.headers } : NO_HEADERS };
  const headers: Record<string, string> = outcome.headers ? { ...outcome.headers } : {};
  if (ep.op.usageKey !== null) {
    const charge = Math.min(cost, Math.max(0, Math.floor(outcome.charge ?? cost)));
    headers["X-Credits-Charged"] = String(charge);
    headers["X-Credits-Remaining"] = String(r.settle(charge));
  }
  return { status, body: outcome.body, json: outcome.json, headers };
}

/** `limit` is the list limit in force: the REST batch limit or the MCP tool's smaller one. */
export function execute(ep: Endpoint, rawBody: unknown, ctx: CallContext, limit = ep.op.batchLimit ?? 0): Answer | Promise<Answer> {
  const v = validatorFor(ep, limit);
  const body = v ? v.parse(rawBody) : rawBody;
  const { input, units } = ep.prepare(body, ctx);
  const cost = ep.op.usageKey === null ? 0 : ep.op.cost(units);
  const r = ep.op.usageKey === null ? null : reserve(ctx.services.store, ctx.key, ep.op.usageKey, cost, ctx.now);
  let out: Outcome | Promise<Outcome>;
  try {
    out = ep.handle(input, ctx);
  } catch (e) {
    r?.refundAll();
    throw e;
  }
  if (!(out instanceof Promise)) return finish(ep, out, r, cost);
  return out.then(
    (o) => finish(ep, o, r, cost),
    (e) => {
      r?.refundAll();
      throw e;
    },
  );
}
