/**
 * The worker pool against real Bun worker threads: answers, errors that keep their status,
 * typed arrays both ways, a worker that dies or goes silent being replaced without losing
 * the caller's answer, the bounded queue, broadcasts and shared tables replayed to new workers, and the
 * inline pool running the same table.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "bun:test";
import { loadConfig } from "../../src/config.ts";
import { ApiError } from "../../src/http/errors.ts";
import { createPool, PoolBusyError, type Pool } from "../../src/pool/pool.ts";
import { BROADCASTS, TASKS } from "./fixture-tasks.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-pool-"));
const config = loadConfig({ ZW_DATA_DIR: "/tmp/zw-pool-test" });
const workerUrl = new URL("./fixture-worker.ts", import.meta.url);
const pools: Pool[] = [];
/** The error a promise must fail with (a success fails the test). */
const failure = (p: Promise<unknown>): Promise<any> =>
  p.then(
    () => {
      throw new Error("expected a failure");
    },
    (e) => e,
  );
const make = (size: number, extra: { maxQueue?: number; taskTimeoutMs?: number } = {}) => {
  const p = createPool({ size, config, tasks: TASKS, broadcasts: BROADCASTS, workerUrl, ...extra });
  pools.push(p);
  return p;
};
afterAll(async () => {
  for (const p of pools) await p.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("worker pool", () => {
  const pool = make(2);

  test("runs tasks in workers and returns plain data and typed arrays", async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ domain: `name${i}.com`, value: i * 3, tags: ["a", "b"] }));
    expect(await pool.run("t.echo", { rows, note: null })).toEqual({ rows, note: null });
    const values = Float64Array.from({ length: 1000 }, (_, i) => i + 0.5);
    expect(await pool.run("t.sum", { values })).toEqual({ sum: 500_000, n: 1000 });
    const out = await pool.run<{ squares: Uint32Array }>("t.square", [1, 2, 3, 65535]);
    expect(out.squares).toBeInstanceOf(Uint32Array);
    expect([...out.squares]).toEqual([1, 4, 9, 4294836225]);
  });

  test("an ApiError thrown in a worker keeps its status and fields; a bug stays a bug", async () => {
    const e = await failure(pool.run("t.badInput", { field: "domains[2]" }));
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(400);
    expect(e.message).toBe("domains[2]: not acceptable");
    expect(e.extra).toEqual({ hint: "x" });
    const b = await failure(pool.run("t.bug", null));
    expect(b).not.toBeInstanceOf(ApiError);
    expect(b.message).toContain("oops");
  });

  test("unknown tasks are refused before they reach a worker", async () => {
    await expect(pool.run("t.nope", null)).rejects.toThrow('unknown task "t.nope"');
  });

  test("many concurrent tasks all get their own answer, in any order", async () => {
    const outs = await Promise.all(Array.from({ length: 200 }, (_, v) => pool.run("t.slow", { ms: v % 3, v })));
    expect(outs).toEqual(Array.from({ length: 200 }, (_, v) => v));
  });

  test("a worker that dies mid-task is replaced and the task answered by its successor", async () => {
    const before = pool.stats().restarts;
    const a = path.join(dir, "a");
    const b = path.join(dir, "b");
    const outs = await Promise.all([pool.run("t.crashOnce", { token: "a", marker: a }), pool.run("t.crashOnce", { token: "b", marker: b })]);
    expect(outs.sort()).toEqual(["survived a", "survived b"]);
    expect(pool.stats().restarts).toBeGreaterThanOrEqual(before + 1);
    expect(pool.stats().workers).toBe(2);
    expect(await pool.run("t.echo", "still fine")).toBe("still fine");
  });

  test("a task that kills every worker it touches fails as a 502, and the pool lives on", async () => {
    const e = await failure(pool.run("t.crashAlways", null));
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(502);
    expect(await pool.run("t.echo", 7)).toBe(7);
  });

  test("broadcasts reach every worker, the calling thread, and workers started later", async () => {
    await pool.broadcast("t.set", "swapped");
    const seen = await Promise.all(Array.from({ length: 8 }, () => pool.run("t.state", null)));
    expect(new Set(seen)).toEqual(new Set(["swapped"]));
    expect(await pool.runHere("t.state", null)).toBe("swapped");
    await pool.run("t.crashOnce", { token: "c", marker: path.join(dir, "c") }); // a fresh worker
    const after = await Promise.all(Array.from({ length: 8 }, () => pool.run("t.state", null)));
    expect(new Set(after)).toEqual(new Set(["swapped"]));
  });

  test("shared tables reach every worker by reference, and workers started later", async () => {
    const table = new Int32Array(new SharedArrayBuffer(16));
    pool.share("t.table", table);
    expect(await Promise.all(Array.from({ length: 6 }, () => pool.run("t.sharedAdd", { cell: 1, add: 2 })))).toEqual(Array(6).fill("added"));
    expect([...table]).toEqual([0, 12, 0, 0]);
    await pool.run("t.crashOnce", { token: "s", marker: path.join(dir, "s") }); // a fresh worker
    expect(await Promise.all(Array.from({ length: 4 }, () => pool.run("t.sharedAdd", { cell: 3, add: 1 })))).toEqual(Array(4).fill("added"));
    expect([...table]).toEqual([0, 12, 0, 4]);
  });
});

describe("limits", () => {
  test("a silent worker is terminated at the task's time limit and the task retried once", async () => {
    const p = make(1, { taskTimeoutMs: 200 });
    const t0 = performance.now();
    const e = await failure(p.run("t.spin", { ms: 5000 }));
    expect(e.status).toBe(502);
    expect(performance.now() - t0).toBeLessThan(3000);
    expect(await p.run("t.spin", { ms: 1 })).toBe("spun");
  });

  test("past the queue bound, run fails at once with 503 and Retry-After", async () => {
    const p = make(1, { maxQueue: 3 });
    // The worker is still starting, so these three wait in the queue.
    const held = [1, 2, 3].map((v) => p.run("t.slow", { ms: 50, v }));
    const e = await failure(p.run("t.echo", 1));
    expect(e).toBeInstanceOf(PoolBusyError);
    expect(e.status).toBe(503);
    expect(e.headers["Retry-After"]).toBe("1");
    expect(await Promise.all(held)).toEqual([1, 2, 3]);
  });

  test("stopping rejects what waits, and nothing runs afterwards", async () => {
    const p = make(1);
    const waiting = [p.run("t.slow", { ms: 100, v: 1 }), p.run("t.slow", { ms: 100, v: 2 })];
    await p.stop();
    for (const w of waiting) expect((await failure(w)).status).toBe(503);
    expect((await failure(p.run("t.echo", 1))).status).toBe(503);
  });
});

describe("inline pool (ZW_WORKERS=0)", () => {
  test("runs the same table on the calling thread", async () => {
    const p = make(0);
    expect(p.size).toBe(0);
    expect(await p.run("t.echo", { a: 1 })).toEqual({ a: 1 });
    expect((await failure(p.run("t.badInput", { field: "x" }))).status).toBe(400);
    await p.broadcast("t.set", "inline");
    expect(await p.run("t.state", null)).toBe("inline");
  });
});

describe("a worker that cannot start", () => {
  test("callers get a 503 instead of waiting forever, and the pool does not spin", async () => {
    const bad = path.join(dir, "broken-worker.ts");
    fs.writeFileSync(bad, 'throw new Error("broken build");\n');
    const p = createPool({ size: 1, config, tasks: TASKS, broadcasts: BROADCASTS, workerUrl: bad });
    pools.push(p);
    const e = await failure(p.run("t.echo", 1));
    expect(e.status).toBe(503);
    expect(e.message).toContain("workers cannot start");
    expect(p.stats().restarts).toBeLessThan(10);
  });
});

describe("codec", () => {
  test("long strings, alone or as fields, cross intact", async () => {
    const p = make(1);
    const long = "x".repeat(5000) + "é\n".repeat(100_000);
    expect(await p.run("t.echo", long)).toBe(long);
    const v = { ndjson: long, errors: 3, short: "s", nested: { text: long } };
    expect(await p.run("t.echo", v)).toEqual(v);
  });
});
