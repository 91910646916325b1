/** GET /v1/ping and GET /v1/usage: free, never rate limited. */
import { Type } from "@sinclair/typebox";
import { nextUtcMidnightIso, utcDay } from "../../http/clock.ts";
import { type CallContext, defineEndpoint, ONE, type Outcome } from "../../http/endpoint.ts";
import { batchLimits, JOB_LIMITS, OPERATIONS, rateLimitsPerMinute } from "../../operations.ts";
import type { Services } from "../../services.ts";
import type { DayUsage, KeyRecord } from "../../store/types.ts";

/** What the jobs capability reports for usage; zeros until it is wired in. */
export interface JobsAccounting {
  figures(keyId: number): { namesInFlight: number; storageBytes: number };
}
const NO_JOBS = { namesInFlight: 0, storageBytes: 0 };

function jobsAccounting(s: Services): JobsAccounting | null {
  return s.jobsAccounting ?? null;
}

export const ping = defineEndpoint({
  op: OPERATIONS.ping,
  summary: "Check a key",
  description: "Answers 200 with the key's name when the key is valid. Free and never rate limited.",
  response: Type.Object({ ok: Type.Boolean(), key: Type.String() }),
  prepare: () => ({ input: null, units: ONE }),
  handle: (_i, ctx) => ({ body: { ok: true, key: ctx.key.name } }),
});

/**
 * The usage answer, memoised per key record on the identity of what it is made of. The
 * day's usage snapshot and the jobs figures come from commit-aware caches that hand out the
 * same object until a write (ours or another process's) changes them, and the key record
 * is the same object while the authenticator holds it; so when all three and the day are
 * unchanged, the answer is the one sent before, and its JSON text is sent again instead of
 * being rebuilt and serialised (half the cost of the request). A WeakMap: an entry goes
 * with its key record.
 */
interface UsageMemo {
  u: DayUsage;
  jobs: unknown;
  day: string;
  outcome: Outcome;
}
const answers = new WeakMap<KeyRecord, UsageMemo>();

const countMap = Type.Record(Type.String(), Type.Integer());
// Read off the operation table once: they cannot change while the process runs.
const RATE_LIMITS_PER_MINUTE = Object.freeze(rateLimitsPerMinute());
const BATCH_LIMITS = Object.freeze(batchLimits());

export const usage = defineEndpoint({
  op: OPERATIONS.usage,
  summary: "Credits used today, limits and jobs in flight",
  description: "Today's credits (UTC day) in total and per bucket, the quota, the reset time, per-minute and batch limits, and names in flight in jobs. Free.",
  response: Type.Object({
    key: Type.String(),
    date: Type.String(),
    credits_used: Type.Integer(),
    credits_remaining: Type.Integer(),
    daily_quota: Type.Integer(),
    resets_at: Type.String(),
    by_endpoint: countMap,
    rate_limits_per_minute: countMap,
    batch_limits: countMap,
    names_in_flight: Type.Integer(),
    names_in_flight_cap: Type.Integer(),
    results_storage_bytes: Type.Integer(),
  }),
  prepare: () => ({ input: null, units: ONE }),
  handle: (_i, ctx) => {
    const day = utcDay(ctx.now);
    const u = ctx.services.store.usage.get(ctx.key.id, day);
    return u instanceof Promise ? u.then((figures) => usageAnswer(ctx, day, figures)) : usageAnswer(ctx, day, u);
  },
});

/** GET /v1/usage's answer for `day`'s figures, memoised per key while they and the jobs' figures are the same objects. */
function usageAnswer(ctx: CallContext, day: string, u: DayUsage) {
  const jobs = jobsAccounting(ctx.services)?.figures(ctx.key.id) ?? NO_JOBS;
  const m = answers.get(ctx.key);
  if (m !== undefined && m.u === u && m.jobs === jobs && m.day === day) return m.outcome;
  const body = {
    key: ctx.key.name,
    date: day,
    credits_used: u.used,
    credits_remaining: Math.max(0, ctx.key.dailyQuota - u.used),
    daily_quota: ctx.key.dailyQuota,
    resets_at: nextUtcMidnightIso(ctx.now),
    by_endpoint: u.byKey,
    rate_limits_per_minute: RATE_LIMITS_PER_MINUTE,
    batch_limits: BATCH_LIMITS,
    names_in_flight: jobs.namesInFlight,
    names_in_flight_cap: JOB_LIMITS.namesInFlightCap,
    results_storage_bytes: jobs.storageBytes,
  };
  const outcome = Object.freeze({ body, json: JSON.stringify(body) });
  answers.set(ctx.key, { u, jobs, day, outcome });
  return outcome;
}
