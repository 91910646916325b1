/**
 * Rate limits and the daily quota. Rate: fixed window per key, bucket and UTC minute
 * (429 + Retry-After to the next minute). Quota: the cost is reserved atomically before
 * the work, then settled: kept on 2xx (possibly less than reserved), given back otherwise.
 */
import type { Bucket, UsageKey } from "../operations.ts";
import { RATE_LIMITS } from "../operations.ts";
import type { KeyRecord, Store } from "../store/types.ts";
import { clockNow, epochMinute, nextUtcMidnight, secondsToNextMinute, utcDay } from "./clock.ts";
import { quotaExceeded, rateLimited } from "./errors.ts";

export function checkRate(store: Store, key: KeyRecord, bucket: Bucket | null, now: number): void {
  if (bucket === null) return;
  const count = store.rate.hit(key.id, bucket, epochMinute(now));
  if (count > RATE_LIMITS[bucket]) throw rateLimited(secondsToNextMinute(now), bucket);
}

export interface Reservation {
  readonly reserved: number;
  /** Keep `charge` credits (<= reserved), give the rest back; returns credits remaining today. */
  settle(charge: number): number;
  refundAll(): void;
}

/**
 * Reservations made and not yet settled, per store: the requests in flight. A request still
 * running when the server has to stop gets no answer, so what it reserved is given back
 * (refundOpen), never kept for work nobody received.
 */
const open = new WeakMap<Store, Set<Reservation>>();

/**
 * The quota day is the UTC day of the reservation, taken when the body has been read and
 * checked, not when the request arrived: a request begun at 23:59:59 whose body completes
 * after midnight is charged to the new day, and a refusal's resets_at and Retry-After are
 * counted from that same moment, so they always point to the future.
 */
export function reserve(store: Store, key: KeyRecord, usageKey: UsageKey | null, cost: number, arrived: number): Reservation {
  const now = Math.max(arrived, clockNow());
  const day = utcDay(now);
  if (usageKey === null || cost <= 0) {
    return { reserved: 0, settle: () => Math.max(0, key.dailyQuota - store.usage.get(key.id, day).used), refundAll() {} };
  }
  const r = store.usage.reserve(key.id, day, usageKey, cost, key.dailyQuota);
  if (!r.ok) throw quotaExceeded(cost, Math.max(0, key.dailyQuota - r.used), nextUtcMidnight(now), now);
  let pending = open.get(store);
  if (!pending) open.set(store, (pending = new Set()));
  const inFlight = pending;
  let isOpen = true;
  const reservation: Reservation = {
    reserved: cost,
    settle(charge: number) {
      const keep = Math.max(0, Math.min(cost, Math.floor(charge)));
      if (isOpen && keep < cost) store.usage.refund(key.id, day, usageKey, cost - keep);
      isOpen = false;
      inFlight.delete(reservation);
      return Math.max(0, key.dailyQuota - (r.used - (cost - keep)));
    },
    refundAll() {
      if (isOpen) store.usage.refund(key.id, day, usageKey, cost);
      isOpen = false;
      inFlight.delete(reservation);
    },
  };
  inFlight.add(reservation);
  return reservation;
}

/** Gives back every reservation of `store` still open (requests cut by a stop); returns how many. */
export function refundOpen(store: Store): number {
  const pending = open.get(store);
  if (!pending) return 0;
  const n = pending.size;
  for (const r of [...pending]) r.refundAll();
  return n;
}
