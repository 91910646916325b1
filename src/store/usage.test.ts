/**
 * The usage store's read cache never shows a stale figure: its own writes drop the entry,
 * another connection's commit (the CLI, a second server process) drops the cache.
 */
import { afterAll, expect, test } from "bun:test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore } from "./sqlite.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-usage-"));
const a = openStore(dir);
const b = openStore(dir);
afterAll(() => {
  a.close();
  b.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
const day = "2026-11-22";

test("own reserves and refunds show at once; another connection's after a millisecond", async () => {
  const key = a.keys.create("cache").record.id;
  expect(a.usage.get(key, day).used).toBe(0);
  expect(a.usage.reserve(key, day, "zone", 5, 100).ok).toBe(true);
  expect(a.usage.get(key, day)).toEqual({ used: 5, byKey: { appraise: 0, zone: 5, categorize: 0, rdap: 0, dns: 0, camelcase: 0 } });
  a.usage.refund(key, day, "zone", 2);
  expect(a.usage.get(key, day).used).toBe(3);
  // A snapshot is the same object until the figures change, and nobody can change it.
  const snap = a.usage.get(key, day);
  expect(a.usage.get(key, day)).toBe(snap);
  expect(() => {
    (snap.byKey as Record<string, number>).zone = 99;
  }).toThrow();
  expect(a.usage.get(key, day).byKey.zone).toBe(3);

  expect(b.usage.reserve(key, day, "dns", 7, 100).ok).toBe(true);
  await Bun.sleep(2);
  expect(a.usage.get(key, day)).not.toBe(snap);
  expect(a.usage.get(key, day).used).toBe(10);
  expect(a.usage.get(key, day).byKey.dns).toBe(7);
  // The quota check reads the database, never the cache.
  expect(a.usage.reserve(key, day, "zone", 91, 100).ok).toBe(false);
});
