/**
 * The Store contract against the SQLite store: a fresh file per store, peers are more
 * connections to it. Beyond the contract: reserves from several threads at once, each with
 * its own connection, never overspend (the IMMEDIATE transaction, not the event loop, is
 * what keeps them apart here).
 */
import { afterAll, expect, test } from "bun:test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore } from "./sqlite.ts";
import { storeContract } from "./store.contract.ts";
import type { Store } from "./types.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "zw-store-contract-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const dirs = new WeakMap<Store, string>();
let n = 0;

storeContract("sqlite", {
  open() {
    const dir = path.join(root, String(n++));
    const s = openStore(dir);
    dirs.set(s, dir);
    return s;
  },
  peer(s) {
    const p = openStore(dirs.get(s)!);
    dirs.set(p, dirs.get(s)!);
    return p;
  },
});

test("reserves from four threads at once, each with its own connection, never overspend", async () => {
  const dir = path.join(root, "threads");
  const s = openStore(dir);
  const keyId = s.keys.create("threads").record.id;
  const day = "2026-11-22";
  const quota = 1_000;
  const results = await Promise.all(
    [0, 1, 2, 3].map(
      (seed) =>
        new Promise<{ granted: number; refused: number }>((resolve, reject) => {
          const w = new Worker(new URL("./reserve-race.worker.ts", import.meta.url).href);
          w.onmessage = (e) => {
            resolve(e.data);
            w.terminate();
          };
          w.onerror = (e) => reject(new Error(e.message));
          w.postMessage({ dir, keyId, day, quota, attempts: 400, seed });
        }),
    ),
  );
  const granted = results.reduce((n, r) => n + r.granted, 0);
  // 1,600 attempts of 1-3 credits ask for about 3,200: most are refused, none overspends.
  expect(results.reduce((n, r) => n + r.refused, 0)).toBeGreaterThan(0);
  expect(granted).toBeLessThanOrEqual(quota);
  expect(quota - granted).toBeLessThan(3);
  expect(s.usage.get(keyId, day).used).toBe(granted);
  s.close();
});
