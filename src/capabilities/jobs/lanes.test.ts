import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { INDICATIVE_NAMES_PER_S, Lanes } from "./lanes.ts";
import type { JobQueue, LaneEntry } from "./queue.ts";

/** The two statements Lanes uses, over an in-memory table. */
function store(): JobQueue {
  const db = new Database(":memory:");
  db.run("CREATE TABLE job_lanes (type TEXT PRIMARY KEY, names_per_s REAL NOT NULL)");
  return {
    laneRate: (t: string) => db.query<{ names_per_s: number }, [string]>("SELECT names_per_s FROM job_lanes WHERE type = ?").get(t)?.names_per_s ?? null,
    setLaneRate: (t: string, r: number) => db.run("INSERT OR REPLACE INTO job_lanes VALUES (?, ?)", [t, r]),
    lane: () => [],
  } as unknown as JobQueue;
}

test("starts from the indicative rate, moves by a moving average, an outlier at most tenfold", () => {
  const lanes = new Lanes(store());
  expect(lanes.namesPerSecond("appraise")).toBe(INDICATIVE_NAMES_PER_S.appraise);
  lanes.measure("appraise", 10_000, 1000); // 10,000/s
  expect(lanes.namesPerSecond("appraise")).toBeCloseTo(1800 * 0.8 + 10_000 * 0.2, 6);
  const before = lanes.namesPerSecond("appraise");
  lanes.measure("appraise", 1, 3_600_000); // a stall: counted as a tenth of the average
  expect(lanes.namesPerSecond("appraise")).toBeCloseTo(before * 0.8 + (before / 10) * 0.2, 6);
});

test("the average survives a restart (persisted per lane)", () => {
  const s = store();
  const a = new Lanes(s);
  a.measure("categorize", 50_000, 1000);
  a.save("categorize");
  expect(new Lanes(s).namesPerSecond("categorize")).toBe(a.namesPerSecond("categorize"));
});

test("position and estimates from the names ahead in the lane", () => {
  const lanes = new Lanes(store());
  const lane: LaneEntry[] = [
    { id: "r", key_id: 1, total: 40_000, done: 20_000, status: "running" },
    { id: "a", key_id: 1, total: 20_000, done: 0, status: "queued" },
    { id: "b", key_id: 2, total: 10_000, done: 0, status: "queued" },
  ];
  // zone_lookup at 20,000/s: 20,000 left of the running job + 20,000 queued ahead of b.
  expect(lanes.estimate("zone_lookup", "b", 10_000, lane)).toEqual({ position: 2, startInMs: 2000, finishInMs: 2500 });
  expect(lanes.estimate("zone_lookup", null, 20_000, lane)).toEqual({ position: 3, startInMs: 2500, finishInMs: 3500 });
  expect(lanes.queuedNames(lane)).toBe(30_000);
});
