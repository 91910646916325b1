/**
 * The Store contract (types.ts), one suite for every implementation: each implementation's
 * test file calls `storeContract` with a way to open a fresh store and, where the
 * implementation shares state between handles (SQLite: connections to one file), a way to
 * open another handle on the same data. Concurrency is tested across those handles, with
 * the reserves interleaved through the event loop as requests are. Every call is awaited:
 * an implementation may answer values (SQLite, memory) or promises (PostgreSQL).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { USAGE_KEYS, type UsageKey } from "../operations.ts";
import { hashKey } from "./secrets.ts";
import type { Store } from "./types.ts";

export interface ContractSubject {
  /** A new, empty store. */
  open(): Store | Promise<Store>;
  /** Another handle on `store`'s data (a second connection or node); the same object if there is one handle only. */
  peer(store: Store): Store | Promise<Store>;
  /**
   * Resolves once `store` has heard of every key change made so far through its peers, for
   * an implementation that learns of them asynchronously (PostgreSQL: LISTEN/NOTIFY).
   */
  synced?(store: Store): Promise<void>;
}

const DAY = "2026-11-22";

export function storeContract(name: string, subject: ContractSubject): void {
  describe(`Store contract: ${name}`, () => {
    const opened: Store[] = [];
    const open = async () => {
      const s = await subject.open();
      opened.push(s);
      return s;
    };
    const peer = async (s: Store) => {
      const p = await subject.peer(s);
      if (p !== s) opened.push(p);
      return p;
    };
    afterAll(async () => {
      for (const s of opened.reverse()) await s.close();
    });

    describe("keys", () => {
      test("create issues a key and secret once, stores only the hash, finds by hash and by name", async () => {
        const s = await open();
        const issued = await s.keys.create("alpha", 250);
        expect(issued.key).toMatch(/^zw_live_[0-9A-Za-z]{32}$/);
        expect(issued.webhookSecret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
        expect(issued.record).toMatchObject({ name: "alpha", dailyQuota: 250, revokedAt: null, webhookSecret: issued.webhookSecret });
        expect(issued.record.keyHash).toBe(hashKey(issued.key));
        expect(JSON.stringify(issued.record)).not.toContain(issued.key);
        expect(await s.keys.findByHash(hashKey(issued.key))).toEqual(issued.record);
        expect(await s.keys.findByName("alpha")).toEqual(issued.record);
        expect(await s.keys.findByHash(hashKey("zw_live_" + "0".repeat(32)))).toBeNull();
        expect(await s.keys.findByName("nobody")).toBeNull();
      });

      test("names are unique; the default quota is 10,000; list is by name; count counts", async () => {
        const s = await open();
        await s.keys.create("b");
        await s.keys.create("a", 5);
        await expect(Promise.resolve().then(() => s.keys.create("b"))).rejects.toThrow();
        expect((await s.keys.findByName("b"))!.dailyQuota).toBe(10_000);
        expect((await s.keys.list()).map((k) => k.name)).toEqual(["a", "b"]);
        expect(await s.keys.count()).toBe(2);
      });

      test("a record handed out is a copy: changing it changes nothing stored", async () => {
        const s = await open();
        const { record } = await s.keys.create("copy", 10);
        record.dailyQuota = 999;
        (await s.keys.findByName("copy"))!.revokedAt = 1;
        expect(await s.keys.findByName("copy")).toMatchObject({ dailyQuota: 10, revokedAt: null });
      });

      test("revoke: once, immediate, and a revoked key cannot be rotated", async () => {
        const s = await open();
        const k = await s.keys.create("gone");
        expect(await s.keys.revoke("gone")).toBe(true);
        expect(await s.keys.revoke("gone")).toBe(false);
        expect(await s.keys.revoke("nobody")).toBe(false);
        expect((await s.keys.findByHash(hashKey(k.key)))!.revokedAt).toBeNumber();
        expect(await s.keys.rotate("gone")).toBeNull();
        expect(await s.keys.rotate("nobody")).toBeNull();
      });

      test("rotate: new key and secret under the same id, name and quota; the old key finds nothing", async () => {
        const s = await open();
        const old = await s.keys.create("turn", 77);
        const next = (await s.keys.rotate("turn"))!;
        expect(next.key).not.toBe(old.key);
        expect(next.webhookSecret).not.toBe(old.webhookSecret);
        expect(next.record).toMatchObject({ id: old.record.id, name: "turn", dailyQuota: 77, revokedAt: null, webhookSecret: next.webhookSecret });
        expect(await s.keys.findByHash(hashKey(old.key))).toBeNull();
        expect(await s.keys.findByHash(hashKey(next.key))).toEqual(next.record);
      });

      test("setQuota changes one key's quota; unknown names are false", async () => {
        const s = await open();
        await s.keys.create("q", 10);
        await s.keys.create("other", 10);
        expect(await s.keys.setQuota("q", 12_345)).toBe(true);
        expect(await s.keys.setQuota("nobody", 1)).toBe(false);
        expect((await s.keys.findByName("q"))!.dailyQuota).toBe(12_345);
        expect((await s.keys.findByName("other"))!.dailyQuota).toBe(10);
      });

      test("version() moves on every change, on this handle and on another, and only then", async () => {
        const s = await open();
        const p = await peer(s);
        const seen = [s.keys.version()];
        const moved = () => {
          const v = s.keys.version();
          const changed = v !== seen[seen.length - 1];
          seen.push(v);
          return changed;
        };
        expect(moved()).toBe(false);
        await s.keys.create("v");
        expect(moved()).toBe(true);
        await s.keys.findByName("v");
        await s.keys.list();
        expect(moved()).toBe(false);
        await s.keys.setQuota("v", 3);
        expect(moved()).toBe(true);
        await s.keys.rotate("v");
        expect(moved()).toBe(true);
        await p.keys.revoke("v");
        await subject.synced?.(s);
        expect(moved()).toBe(true);
        expect((await s.keys.findByName("v"))!.revokedAt).toBeNumber();
      });
    });

    describe("usage", () => {
      test("reserve debits within the quota and refuses past it without charging", async () => {
        const s = await open();
        const id = (await s.keys.create("u")).record.id;
        expect(await s.usage.reserve(id, DAY, "zone", 6, 10)).toEqual({ ok: true, used: 6 });
        expect(await s.usage.reserve(id, DAY, "dns", 4, 10)).toEqual({ ok: true, used: 10 });
        expect(await s.usage.reserve(id, DAY, "dns", 1, 10)).toEqual({ ok: false, used: 10 });
        expect(await s.usage.get(id, DAY)).toEqual({ used: 10, byKey: { ...zeros(), zone: 6, dns: 4 } });
        // Zero credits always pass and change nothing.
        expect(await s.usage.reserve(id, DAY, "dns", 0, 10)).toEqual({ ok: true, used: 10 });
        // Days and keys are separate.
        const other = (await s.keys.create("u2")).record.id;
        expect((await s.usage.reserve(id, "2026-11-23", "zone", 10, 10)).ok).toBe(true);
        expect((await s.usage.reserve(other, DAY, "zone", 10, 10)).ok).toBe(true);
        expect((await s.usage.get(id, DAY)).used).toBe(10);
      });

      test("refund gives back exactly, per usage key, and never below zero", async () => {
        const s = await open();
        const id = (await s.keys.create("r")).record.id;
        await s.usage.reserve(id, DAY, "zone", 8, 100);
        await s.usage.reserve(id, DAY, "rdap", 5, 100);
        await s.usage.refund(id, DAY, "zone", 3);
        expect(await s.usage.get(id, DAY)).toEqual({ used: 10, byKey: { ...zeros(), zone: 5, rdap: 5 } });
        await s.usage.refund(id, DAY, "zone", 50);
        expect(await s.usage.get(id, DAY)).toEqual({ used: 5, byKey: { ...zeros(), rdap: 5 } });
        await s.usage.refund(id, DAY, "dns", 4);
        await s.usage.refund(id, "2026-01-01", "dns", 4);
        await s.usage.refund(id, DAY, "rdap", 0);
        expect(await s.usage.get(id, DAY)).toEqual({ used: 5, byKey: { ...zeros(), rdap: 5 } });
        // What was given back can be spent again, up to the quota and no further.
        expect((await s.usage.reserve(id, DAY, "zone", 95, 100)).ok).toBe(true);
        expect((await s.usage.reserve(id, DAY, "zone", 1, 100)).ok).toBe(false);
      });

      test("get is a frozen snapshot, the same object until the figures change", async () => {
        const s = await open();
        const id = (await s.keys.create("g")).record.id;
        const empty = await s.usage.get(id, DAY);
        expect(empty).toEqual({ used: 0, byKey: zeros() });
        await s.usage.reserve(id, DAY, "camelcase", 2, 100);
        const snap = await s.usage.get(id, DAY);
        expect(snap).not.toBe(empty);
        expect(await s.usage.get(id, DAY)).toBe(snap);
        expect(Object.isFrozen(snap) && Object.isFrozen(snap.byKey)).toBe(true);
        await s.usage.refund(id, DAY, "camelcase", 1);
        expect(await s.usage.get(id, DAY)).not.toBe(snap);
        expect(snap.used).toBe(2);
        expect((await s.usage.get(id, DAY)).used).toBe(1);
      });

      test("many concurrent reserves against a small quota never overspend", async () => {
        const s = await open();
        const handles = [s, await peer(s), await peer(s), await peer(s)];
        const id = (await s.keys.create("race")).record.id;
        const quota = 97;
        let granted = 0;
        let refused = 0;
        // 400 requests of 1-3 credits from four handles, interleaved through the event loop
        // as concurrent requests are, each with a refund of part of its charge now and then.
        await Promise.all(
          Array.from({ length: 400 }, async (_, i) => {
            await Promise.resolve();
            if (i % 7 === 0) await Bun.sleep(0);
            const h = handles[i % handles.length]!;
            const credits = 1 + (i % 3);
            const r = await h.usage.reserve(id, DAY, USAGE_KEYS[i % USAGE_KEYS.length]!, credits, quota);
            expect(r.used).toBeLessThanOrEqual(quota);
            if (!r.ok) {
              refused++;
              return;
            }
            granted += credits;
            if (i % 10 === 0) {
              await h.usage.refund(id, DAY, USAGE_KEYS[i % USAGE_KEYS.length]!, 1);
              granted -= 1;
            }
          }),
        );
        expect(refused).toBeGreaterThan(0);
        expect(granted).toBeLessThanOrEqual(quota);
        expect((await s.usage.get(id, DAY)).used).toBe(granted);
        // The day is full to within the smallest request: nothing was lost either.
        expect(quota - granted).toBeLessThan(3);
      });
    });

    describe("rate", () => {
      test("hit counts per key, bucket and minute, each call one", async () => {
        const s = await open();
        const p = await peer(s);
        const a = (await s.keys.create("ra")).record.id;
        const b = (await s.keys.create("rb")).record.id;
        expect([await s.rate.hit(a, "zone", 1000), await s.rate.hit(a, "zone", 1000), await s.rate.hit(a, "zone", 1000)]).toEqual([1, 2, 3]);
        expect(await p.rate.hit(a, "zone", 1000)).toBe(4);
        expect(await s.rate.hit(a, "dns", 1000)).toBe(1);
        expect(await s.rate.hit(b, "zone", 1000)).toBe(1);
        expect(await s.rate.hit(a, "zone", 1001)).toBe(1);
        expect(await s.rate.hit(a, "mcp", 1000)).toBe(1);
        expect(await s.rate.hit(a, "zone", 1000)).toBe(5);
      });

      test("prune drops past windows and keeps the current minute's", async () => {
        const s = await open();
        const id = (await s.keys.create("p")).record.id;
        const now = Date.UTC(2026, 10, 22, 12, 0, 30);
        const minute = Math.floor(now / 60_000);
        await s.rate.hit(id, "zone", minute - 10);
        await s.rate.hit(id, "zone", minute);
        await s.prune(now);
        expect(await s.rate.hit(id, "zone", minute - 10)).toBe(1);
        expect(await s.rate.hit(id, "zone", minute)).toBe(2);
      });
    });
  });
}

function zeros(): Record<UsageKey, number> {
  return Object.fromEntries(USAGE_KEYS.map((k) => [k, 0])) as Record<UsageKey, number>;
}
