/**
 * CommitAwareCache serves a value until it may be wrong: the owner's drop/clear, or a
 * commit by another connection to the same file (seen after the recheck interval).
 */
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CommitAwareCache } from "./read-cache.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-read-cache-"));
const file = path.join(dir, "t.db");
const a = new Database(file);
const b = new Database(file);
a.run("PRAGMA journal_mode = WAL");
a.run("CREATE TABLE t (k INTEGER PRIMARY KEY, v INTEGER)");
a.run("INSERT INTO t VALUES (1, 10)");
afterAll(() => {
  a.close();
  b.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const readA = (k: number) => a.query<{ v: number }, [number]>("SELECT v FROM t WHERE k = ?").get(k)!.v;

test("a hit is served without reading; the owner's drop and another connection's commit are seen", async () => {
  const cache = new CommitAwareCache<number, number>(a);
  let loads = 0;
  const get = () => cache.get(1, (k) => (loads++, readA(k)));
  expect(get()).toBe(10);
  expect(get()).toBe(10);
  expect(loads).toBe(1);

  // Own write: the cache cannot see it by itself (data_version does not move for it).
  a.run("UPDATE t SET v = 11 WHERE k = 1");
  await Bun.sleep(2);
  expect(get()).toBe(10);
  cache.drop(1);
  expect(get()).toBe(11);

  // Another connection's commit empties the cache once the recheck interval has passed.
  b.run("UPDATE t SET v = 12 WHERE k = 1");
  await Bun.sleep(2);
  expect(get()).toBe(12);
  expect(loads).toBe(3);
});

test("bounded: at max entries it empties instead of growing", () => {
  const cache = new CommitAwareCache<number, number>(a, 3);
  let loads = 0;
  for (const k of [1, 2, 3, 4, 1]) cache.get(k, (x) => (loads++, x));
  expect(loads).toBe(5);
});
