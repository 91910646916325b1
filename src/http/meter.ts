/**
 * Rate limits and the daily quota. Rate: fixed window per key, bucket and UTC minute
 * (429 + Retry-After to the next minute). Quota: the cost is reserved atomically before
 * the work, then settled: kept on 2xx (possibly less than reserved), given back otherwise.
 */
import type { Bucket, UsageKey } from "../operations.ts";
import { RATE_LIMITS } from "../operations.ts";
import type { KeyRecord, Store } from "../store/types.ts";
import { epochMinute, nextUtcMidnight, secondsToNextMinute, utcDay } from "./clock.ts";
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

export function reserve(store: Store, key: KeyRecord, usageKey: UsageKey | null, cost: number, now: number): Reservation {
  const day = utcDay(now);
  if (usageKey === null || cost <= 0) {
    return { reserved: 0, settle: () => Math.max(0, key.dailyQuota - store.usage.get(key.id, day).used), refundAll() {} };
  }
  const r = store.usage.reserve(key.id, day, usageKey, cost, key.dailyQuota);
  if (!r.ok) throw quotaExceeded(cost, Math.max(0, key.dailyQuota - r.used), nextUtcMidnight(now), now);
  let open = true;
  return {
    reserved: cost,
    settle(charge: number) {
      const keep = Math.max(0, Math.min(cost, Math.floor(charge)));
      if (open && keep < cost) store.usage.refund(key.id, day, usageKey, cost - keep);
      open = false;
      return Math.max(0, key.dailyQuota - (r.used - (cost - keep)));
    },
    refundAll() {
      if (open) store.usage.refund(key.id, day, usageKey, cost);
      open = false;
    },
  };
}
