/**
 * The metering step: the one place where a request is counted against its per-minute limit,
 * its credits are reserved, kept or given back, and the X-Credits-* headers are written.
 * Every metered request follows the same order (README, "Endpoints"):
 *
 *   authentication (401)            app.ts onRequest, before any byte of the body
 *   1. checkRate      (429 rate)    one hit in the key's bucket for this UTC minute, past
 *                                   RATE_LIMITS -> 429 + Retry-After to the next minute;
 *                                   app.ts onRequest for every rated route (REST endpoints,
 *                                   POST /v1/jobs, POST /mcp), call.ts for each MCP tools/call
 *   body, validation (400)          by the caller; nothing has been reserved yet
 *   2. metered        (429 quota)   reserve the cost atomically (debit), run the work, then
 *                                   3. settle: keep the charge on 2xx (possibly less than
 *                                   reserved), give everything back on any error
 *                                   4. X-Credits-Charged / X-Credits-Remaining
 *
 * REST endpoints and MCP tools run steps 2-4 through `metered` (pipeline.ts). Job
 * submission (REST and the submit_job tool) reserves inside the job queue's admission
 * (jobs/queue.ts), so the reservation and the job row commit together, refuses with
 * `quotaRefusal`, and writes its headers with `creditHeaders`; the job keeps the
 * reservation and refunds rows never processed.
 */
import type { Bucket, UsageKey } from "../operations.ts";
import { RATE_LIMITS } from "../operations.ts";
import type { KeyRecord, MaybePromise, RateStore, Store, SyncUsageStore, UsageStore } from "../store/types.ts";
import { invalidKey } from "./auth.ts";
import { clockNow, epochMinute, nextUtcMidnight, secondsToNextMinute, utcDay } from "./clock.ts";
import type { Outcome } from "./endpoint.ts";
import { type ApiError, NO_HEADERS, quotaExceeded, rateLimited } from "./errors.ts";

/**
 * Step 1: count this request in the key's bucket for the current minute; 429 past the limit.
 * Synchronous (throws) with a synchronous store; a promise that rejects with another.
 */
export function checkRate(store: { rate: RateStore }, key: KeyRecord, bucket: Bucket | null, now: number): void | Promise<void> {
  if (bucket === null) return;
  // With the key's hash: a store shared by other nodes (PostgreSQL), where the key may have
  // been revoked or rotated since this node cached it, checks it in the same statement.
  const count = store.rate.hit(key.id, bucket, epochMinute(now), key.keyHash);
  if (typeof count === "number") {
    if (count > RATE_LIMITS[bucket]) throw rateLimited(secondsToNextMinute(now), bucket);
    return;
  }
  return count.then((n) => {
    if (n < 0) throw invalidKey();
    if (n > RATE_LIMITS[bucket]) throw rateLimited(secondsToNextMinute(now), bucket);
  });
}

/** Step 2's refusal: `cost` credits do not fit in what the key has left (`used` of its quota). */
export function quotaRefusal(key: KeyRecord, cost: number, used: number, now: number): ApiError {
  return quotaExceeded(cost, Math.max(0, key.dailyQuota - used), nextUtcMidnight(now), now);
}

/**
 * Step 2's check-and-debit: add `cost` credits to today's usage if the key's quota covers
 * them, else the 429 (quota) that charges nothing. Returns the credits used today after it.
 */
function debit(usage: UsageStore, key: KeyRecord, usageKey: UsageKey, cost: number, now: number): MaybePromise<number> {
  const r = usage.reserve(key.id, utcDay(now), usageKey, cost, key.dailyQuota);
  const used = (r: { ok: boolean; used: number }) => {
    if (!r.ok) throw quotaRefusal(key, cost, r.used, now);
    return r.used;
  };
  return r instanceof Promise ? r.then(used) : used(r);
}

/** Credits the key has left today (job submission, which runs on the synchronous SQLite store). */
export function remainingToday(store: { usage: SyncUsageStore }, key: KeyRecord, now: number): number {
  return Math.max(0, key.dailyQuota - store.usage.get(key.id, utcDay(now)).used);
}

/** Step 4: the two headers every metered 2xx answer carries. */
export function creditHeaders(into: Record<string, string>, charged: number, remaining: number): Record<string, string> {
  into["X-Credits-Charged"] = String(charged);
  into["X-Credits-Remaining"] = String(remaining);
  return into;
}

export interface Reservation {
  readonly reserved: number;
  /**
   * Keep `charge` credits (<= reserved), give the rest back; returns credits remaining today
   * (a promise when the store's refund is one: the answer waits until the credits are back).
   */
  settle(charge: number): MaybePromise<number>;
  refundAll(): MaybePromise<void>;
}

/**
 * Reservations made and not yet settled, per store: the requests in flight. A request still
 * running when the server has to stop gets no answer, so what it reserved is given back
 * (refundOpen), never kept for work nobody received.
 */
const open = new WeakMap<Store, Set<Reservation>>();

/**
 * Step 2 alone: `cost` credits reserved for work that settles or refunds them later.
 * The quota day is the UTC day of the reservation, taken when the body has been read and
 * checked, not when the request arrived: a request begun at 23:59:59 whose body completes
 * after midnight is charged to the new day, and a refusal's resets_at and Retry-After are
 * counted from that same moment, so they always point to the future.
 */
export function reserve(store: Store, key: KeyRecord, usageKey: UsageKey, cost: number, arrived: number): MaybePromise<Reservation> {
  const now = Math.max(arrived, clockNow());
  const used = debit(store.usage, key, usageKey, cost, now);
  return typeof used === "number"
    ? opened(store, key, usageKey, cost, utcDay(now), used)
    : used.then((u) => opened(store, key, usageKey, cost, utcDay(now), u));
}

/** The reservation of `cost` credits debited on `day`, leaving `used` spent; tracked until settled. */
function opened(store: Store, key: KeyRecord, usageKey: UsageKey, cost: number, day: string, used: number): Reservation {
  let pending = open.get(store);
  if (!pending) open.set(store, (pending = new Set()));
  const inFlight = pending;
  let isOpen = true;
  const reservation: Reservation = {
    reserved: cost,
    settle(charge: number) {
      const keep = Math.max(0, Math.min(cost, Math.floor(charge)));
      const back = isOpen && keep < cost ? store.usage.refund(key.id, day, usageKey, cost - keep) : undefined;
      isOpen = false;
      inFlight.delete(reservation);
      const remaining = Math.max(0, key.dailyQuota - (used - (cost - keep)));
      return back instanceof Promise ? back.then(() => remaining) : remaining;
    },
    refundAll() {
      const back = isOpen ? store.usage.refund(key.id, day, usageKey, cost) : undefined;
      isOpen = false;
      inFlight.delete(reservation);
      return back;
    },
  };
  inFlight.add(reservation);
  return reservation;
}

/** Gives back every reservation of `store` still open (requests cut by a stop); resolves to how many. */
export async function refundOpen(store: Store): Promise<number> {
  const pending = open.get(store);
  if (!pending) return 0;
  const n = pending.size;
  await Promise.all([...pending].map((r) => r.refundAll()));
  return n;
}

/** What a metered operation answers: the work's outcome with the credit headers added. */
export interface Answer {
  status: number;
  body: unknown;
  /** Outcome.json: the body's JSON text, when the service had it ready. */
  json?: string;
  headers: Readonly<Record<string, string>>;
}

function unmetered(o: Outcome): Answer {
  return { status: o.status ?? 200, body: o.body, json: o.json, headers: o.headers ? { ...o.headers } : NO_HEADERS };
}

function settled(o: Outcome, r: Reservation): MaybePromise<Answer> {
  const headers: Record<string, string> = o.headers ? { ...o.headers } : {};
  const charge = Math.min(r.reserved, Math.max(0, Math.floor(o.charge ?? r.reserved)));
  const remaining = r.settle(charge);
  const answer = (left: number): Answer => {
    creditHeaders(headers, charge, left);
    return { status: o.status ?? 200, body: o.body, json: o.json, headers };
  };
  return typeof remaining === "number" ? answer(remaining) : remaining.then(answer);
}

/** Gives everything back after `e`, then throws `e` (once the refund is done, when it is a promise). */
function refundThrow(r: Reservation, e: unknown): never | Promise<never> {
  const back = r.refundAll();
  if (back instanceof Promise) {
    return back.then(
      () => Promise.reject(e),
      () => Promise.reject(e),
    );
  }
  throw e;
}

/**
 * Steps 2-4 around `work`, called after the rate check and validation: reserve `cost`
 * credits under `usageKey` (429 quota, nothing run), run the work, keep `outcome.charge`
 * (default: all reserved) when it returns, refund everything when it throws, and add the
 * credit headers. A free operation (`usageKey` null) runs as is, synchronously when the
 * work is synchronous (no promise per request).
 */
export function metered(
  store: Store,
  key: KeyRecord,
  usageKey: UsageKey | null,
  cost: number,
  now: number,
  work: () => Outcome | Promise<Outcome>,
): Answer | Promise<Answer> {
  if (usageKey === null) {
    const out = work();
    return out instanceof Promise ? out.then(unmetered) : unmetered(out);
  }
  const r = reserve(store, key, usageKey, cost, now);
  return r instanceof Promise ? r.then((res) => runReserved(res, work)) : runReserved(r, work);
}

function runReserved(r: Reservation, work: () => Outcome | Promise<Outcome>): MaybePromise<Answer> {
  let out: Outcome | Promise<Outcome>;
  try {
    out = work();
  } catch (e) {
    return refundThrow(r, e);
  }
  if (!(out instanceof Promise)) return settled(out, r);
  return out.then(
    (o) => settled(o, r),
    (e) => refundThrow(r, e),
  );
}
