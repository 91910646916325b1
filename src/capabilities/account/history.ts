/**
 * Credits per UTC day for one key, from the usage table: GET /v1/usage/history and
 * `cli keys usage`. Days are kept ZW_USAGE_RETENTION_DAYS (90 by default; the store's
 * prune removes older rows), so a range reaching further back reads zeros there, and the
 * answer says from which day the figures are kept.
 */
import type { Database } from "bun:sqlite";
import { Type } from "@sinclair/typebox";
import { utcDay } from "../../http/clock.ts";
import { defineEndpoint, ONE } from "../../http/endpoint.ts";
import { ApiError, badRequest } from "../../http/errors.ts";
import { OPERATIONS, USAGE_KEYS, type UsageKey } from "../../operations.ts";
import type { Services } from "../../services.ts";
import type { SqliteStore } from "../../store/sqlite.ts";

const DAY_MS = 86_400_000;
/** The longest range one answer covers. */
export const HISTORY_MAX_DAYS = 366;
/** The range when none is given: the last 30 days, today included. */
export const HISTORY_DEFAULT_DAYS = 30;

export interface UsageDay {
  date: string;
  credits_used: number;
  by_endpoint: Record<UsageKey, number>;
}

/** A "YYYY-MM-DD" that is a real calendar day, as epoch ms at its UTC midnight; 400 naming `field` otherwise. */
export function parseDay(raw: string, field: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const t = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || Number.isNaN(t) || utcDay(t) !== raw) throw badRequest(`${field} must be a date as YYYY-MM-DD (got "${raw.slice(0, 40)}")`);
  return t;
}

/** Every day from `from` to `to` (UTC midnights, inclusive), zeros where nothing was used. */
export function readUsageDays(db: Database, keyId: number, from: number, to: number): UsageDay[] {
  const rows = db
    .query<{ day: string; usage_key: string; credits: number }, [number, string, string]>(
      "SELECT day, usage_key, credits FROM usage WHERE key_id = ? AND day >= ? AND day <= ? ORDER BY day",
    )
    .all(keyId, utcDay(from), utcDay(to));
  const byDay = new Map<string, UsageDay>();
  const days: UsageDay[] = [];
  for (let t = from; t <= to; t += DAY_MS) {
    const d: UsageDay = { date: utcDay(t), credits_used: 0, by_endpoint: Object.fromEntries(USAGE_KEYS.map((k) => [k, 0])) as Record<UsageKey, number> };
    byDay.set(d.date, d);
    days.push(d);
  }
  for (const r of rows) {
    const d = byDay.get(r.day);
    if (!d) continue;
    if ((USAGE_KEYS as readonly string[]).includes(r.usage_key)) d.by_endpoint[r.usage_key as UsageKey] += r.credits;
    d.credits_used += r.credits;
  }
  return days;
}

/** The SQLite database the usage table lives in. */
function usageDb(services: Services): Database {
  const s = ((services as { sqlite?: SqliteStore }).sqlite ?? services.store) as Partial<SqliteStore>;
  if (!s.db) throw new ApiError("unavailable", "usage history is kept only by the SQLite store");
  return s.db;
}

const countMap = Type.Record(Type.String(), Type.Integer());

export const usageHistory = defineEndpoint({
  op: OPERATIONS.usage_history,
  summary: "Credits used per day",
  description: `Credits per UTC day, in total and per bucket, for the days from \`from\` to \`to\` (inclusive; default the last ${HISTORY_DEFAULT_DAYS} days, at most ${HISTORY_MAX_DAYS}). Every day of the range is listed, zeros included. Days older than the retention (\`kept_since\`) read as zeros. Free.`,
  query: [
    {
      name: "from",
      description: `first day, YYYY-MM-DD (default: ${HISTORY_DEFAULT_DAYS - 1} days before \`to\`)`,
      schema: { type: "string", format: "date" },
    },
    { name: "to", description: "last day, YYYY-MM-DD (default: today, UTC)", schema: { type: "string", format: "date" } },
  ],
  response: Type.Object({
    key: Type.String(),
    from: Type.String(),
    to: Type.String(),
    kept_since: Type.String(),
    retention_days: Type.Integer(),
    credits_used: Type.Integer(),
    days: Type.Array(Type.Object({ date: Type.String(), credits_used: Type.Integer(), by_endpoint: countMap })),
  }),
  prepare: (_b, ctx) => {
    const today = Date.parse(`${utcDay(ctx.now)}T00:00:00Z`);
    const toRaw = ctx.query.get("to");
    const fromRaw = ctx.query.get("from");
    const to = toRaw === null ? today : parseDay(toRaw, "to");
    const from = fromRaw === null ? to - (HISTORY_DEFAULT_DAYS - 1) * DAY_MS : parseDay(fromRaw, "from");
    if (from > to) throw badRequest(`from (${utcDay(from)}) is after to (${utcDay(to)})`);
    const days = (to - from) / DAY_MS + 1;
    if (days > HISTORY_MAX_DAYS) throw badRequest(`from..to covers ${days} days; at most ${HISTORY_MAX_DAYS} per request`);
    return { input: { from, to }, units: ONE };
  },
  handle: ({ from, to }: { from: number; to: number }, ctx) => {
    const retention = ctx.services.config.usageRetentionDays;
    const days = readUsageDays(usageDb(ctx.services), ctx.key.id, from, to);
    return {
      body: {
        key: ctx.key.name,
        from: utcDay(from),
        to: utcDay(to),
        kept_since: utcDay(ctx.now - retention * DAY_MS),
        retention_days: retention,
        credits_used: days.reduce((n, d) => n + d.credits_used, 0),
        days,
      },
    };
  },
});
