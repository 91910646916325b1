/** UTC calendar helpers for quota days and rate windows. */
export const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);
export const epochMinute = (now: number) => Math.floor(now / 60_000);
export const secondsToNextMinute = (now: number) => Math.max(1, Math.ceil((60_000 - (now % 60_000)) / 1000));
export function nextUtcMidnight(now: number): Date {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1));
}
export const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());
