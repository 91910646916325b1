/**
 * UTC calendar helpers for quota days and rate windows. The day's name and its end are
 * asked on every metered request and every GET /v1/usage: they are computed once per UTC
 * day (a Date and toISOString cost about a microsecond, a fifth of a whole ping).
 */
const DAY_MS = 86_400_000;

let source: () => number = Date.now;
/** The time a charge is taken at (Date.now; tests put a day boundary here with setClock). */
export const clockNow = (): number => source();
/** Replaces the charge clock (null restores Date.now). For tests at a day boundary only. */
export function setClock(fn: (() => number) | null): void {
  source = fn ?? Date.now;
}
let dayStart = NaN;
let dayName = "";
let dayEndIso = "";

function dayOf(now: number): void {
  const start = Math.floor(now / DAY_MS) * DAY_MS;
  if (start === dayStart) return;
  const d = new Date(start).toISOString();
  dayName = d.slice(0, 10);
  dayEndIso = new Date(start + DAY_MS).toISOString();
  dayStart = start;
}

/** "2026-11-22": the UTC day `now` falls in. */
export function utcDay(now: number): string {
  dayOf(now);
  return dayName;
}
/** The ISO time of the next 00:00 UTC after `now` (when the quota resets). */
export function nextUtcMidnightIso(now: number): string {
  dayOf(now);
  return dayEndIso;
}
export function nextUtcMidnight(now: number): Date {
  return new Date(Math.floor(now / DAY_MS) * DAY_MS + DAY_MS);
}
export const epochMinute = (now: number) => Math.floor(now / 60_000);
export const secondsToNextMinute = (now: number) => Math.max(1, Math.ceil((60_000 - (now % 60_000)) / 1000));
export const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());
