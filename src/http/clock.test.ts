import { expect, test } from "bun:test";
import { nextUtcMidnight, nextUtcMidnightIso, utcDay } from "./clock.ts";

test("the day and its end are right on both sides of midnight, whatever was asked before", () => {
  const midnight = Date.UTC(2026, 10, 23);
  const cases: [number, string, string][] = [
    [midnight - 1, "2026-11-22", "2026-11-23T00:00:00.000Z"],
    [midnight, "2026-11-23", "2026-11-24T00:00:00.000Z"],
    [Date.UTC(2028, 1, 29, 12), "2028-02-29", "2028-03-01T00:00:00.000Z"],
    [midnight - 1, "2026-11-22", "2026-11-23T00:00:00.000Z"],
    [Date.UTC(2026, 11, 31, 23, 59, 59, 999), "2026-12-31", "2027-01-01T00:00:00.000Z"],
  ];
  for (const [now, day, end] of cases) {
    expect(utcDay(now)).toBe(day);
    expect(nextUtcMidnightIso(now)).toBe(end);
    expect(nextUtcMidnight(now).toISOString()).toBe(end);
  }
});
