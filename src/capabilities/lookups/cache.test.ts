import { expect, test } from "bun:test";
import { SingleFlight, TtlLru } from "./cache.ts";

test("entries expire after their lifetime", () => {
  const c = new TtlLru<string>(10, 10_000);
  c.set("a", "x", 1000, 0);
  expect(c.get("a", 999)).toBe("x");
  expect(c.get("a", 1000)).toBeUndefined();
  expect(c.size).toBe(0);
});

test("bounded by count: the least recently used goes first", () => {
  const c = new TtlLru<number>(2, 10_000);
  c.set("a", 1, 1e9, 0);
  c.set("b", 2, 1e9, 0);
  c.get("a", 1); // a is now the most recent
  c.set("c", 3, 1e9, 2);
  expect(c.get("b", 3)).toBeUndefined();
  expect(c.get("a", 3)).toBe(1);
  expect(c.get("c", 3)).toBe(3);
});

test("bounded by bytes; a value larger than the whole cache is not kept", () => {
  const c = new TtlLru<string>(1000, 100);
  for (let i = 0; i < 10; i++) c.set(`k${i}`, "x".repeat(20), 1e9, 0);
  expect(c.approxBytes).toBeLessThanOrEqual(100);
  expect(c.get("k9", 1)).toBe("x".repeat(20));
  expect(c.get("k0", 1)).toBeUndefined();
  c.set("big", "y".repeat(500), 1e9, 0);
  expect(c.get("big", 1)).toBeUndefined();
});

test("single-flight: concurrent callers share one run; the next call runs again", async () => {
  const f = new SingleFlight<number>();
  let runs = 0;
  const work = async () => {
    runs++;
    await Bun.sleep(10);
    return runs;
  };
  const [a, b] = await Promise.all([f.run("k", work), f.run("k", work)]);
  expect([a, b, runs]).toEqual([1, 1, 1]);
  expect(f.pending).toBe(0);
  expect(await f.run("k", work)).toBe(2);
});

test("single-flight: a failure reaches every waiter and is not kept", async () => {
  const f = new SingleFlight<number>();
  const fail = () => Bun.sleep(5).then(() => Promise.reject(new Error("down")));
  const results = await Promise.allSettled([f.run("k", fail), f.run("k", fail)]);
  expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  expect(await f.run("k", async () => 7)).toBe(7);
});
