/**
 * The Store contract (types.ts), one suite for every implementation: each implementation's
 * test file calls `storeContract` with a way to open a fresh store and, where the
 * implementation shares state between handles (SQLite: connections to one file), a way to
 * open another handle on the same data. Concurrency is tested across those handles, with
 * the reserves interleaved through the event loop as requests are.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { USAGE_KEYS, type UsageKey } from "../operations.ts";
import { hashKey } from "./secrets.ts";
import type { Store } from "./types.ts";

export interface ContractSubject {
  /** A new, empty store. */
  open(): Store;
  /** Another handle on `store`'s data (a second connection); the same object if there is one handle only. */
  peer(store: Store): Store;
}

const DAY = "2026-11-22";

export function storeContract(name: string, subject: ContractSubject): void {
  describe(`Store contract: ${name}`, () => {
    const opened: Store[] = [];
    const open = () => {
      const s = subject.open();
      opened.push(s);
      return s;
    };
    const peer = (s: Store) => {
      const p = subject.peer(s);
      if (p !== s) opened.push(p);
      return p;
    };
    afterAll(() => {
      for (const s of opened.reverse()) s.close();
    });

    describe("keys", () => {
      test("create issues a key and secret once, stores only the hash, finds by hash and by name", () => {
        const s = open();
        const issued = s.keys.create("alpha", 250);
        expect(issued.key).toMatch(/^zw_live_[0-9A-Za-z]{32}$/);
        expect(issued.webhookSecret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
        expect(issued.record).toMatchObject({ name: "alpha", dailyQuota: 250, revokedAt: null, webhookSecret: issued.webhookSecret });
        expect(issued.record.keyHash).toBe(hashKey(issued.key));
        expect(JSON.stringify(issued.record)).not.toContain(issued.key);
        expect(s.keys.findByHash(hashKey(issued.key))).toEqual(issued.record);
        expect(s.keys.findByName("alpha")).toEqual(issued.record);
        expect(s.keys.findByHash(hashKey("zw_live_" + "0".repeat(32)))).toBeNull();
        expect(s.keys.findByName("nobody")).toBeNull();
      });

      test("names are unique; the default quota is 10,000; list is by name; count counts", () => {
        const s = open();
        s.keys.create("b");
        s.keys.create("a", 5);
        expect(() => s.keys.create("b")).toThrow();
        expect(s.keys.findByName("b")!.dailyQuota).toBe(10_000);
        expect(s.keys.list().map((k) => k.name)).toEqual(["a", "b"]);
        expect(s.keys.count()).toBe(2);
      });

      test("a record handed out is a copy: changing it changes nothing stored", () => {
        const s = open();
        const { record } = s.keys.create("copy", 10);
        record.dailyQuota = 999;
        s.keys.findByName("copy")!.revokedAt = 1;
        expect(s.keys.findByName("copy")).toMatchObject({ dailyQuota: 10, revokedAt: null });
      });

      test("revoke: once, immediate, and a revoked key cannot be rotated", () => {
        const s = open();
        const k = s.keys.create("gone");
        expect(s.keys.revoke("gone")).toBe(true);
        expect(s.keys.revoke("gone")).toBe(false);
        expect(s.keys.revoke("nobody")).toBe(false);
        expect(s.keys.findByHash(hashKey(k.key))!.revokedAt).toBeNumber();
        expect(s.keys.rotate("gone")).toBeNull();
        expect(s.keys.rotate("nobody")).toBeNull();
      });

      test("rotate: new key and secret under the same id, name and quota; the old key finds nothing", () => {
        const s = open();
        const old = s.keys.create("turn", 77);
        const next = s.keys.rotate("turn")!;
        expect(next.key).not.toBe(old.key);
        expect(next.webhookSecret).not.toBe(old.webhookSecret);
        expect(next.record).toMatchObject({ id: old.record.id, name: "turn", dailyQuota: 77, revokedAt: null, webhookSecret: next.webhookSecret });
        expect(s.keys.findByHash(hashKey(old.key))).toBeNull();
        expect(s.keys.findByHash(hashKey(next.key))).toEqual(next.record);
      });

      test("setQuota changes one key's quota; unknown names are false", () => {
        const s = open();
        s.keys.create("q", 10);
        s.keys.create("other", 10);
        expect(s.keys.setQuota("q", 12_345)).toBe(true);
        expect(s.keys.setQuota("nobody", 1)).toBe(false);
        expect(s.keys.findByName("q")!.dailyQuota).toBe(12_345);
        expect(s.keys.findByName("other")!.dailyQuota).toBe(10);
      });

      test("version() moves on every change, on this handle and on another, and only then", () => {
        const s = open();
        const p = peer(s);
        const seen = [s.keys.version()];
        const moved = () => {
          const v = s.keys.version();
          const changed = v !== seen[seen.length - 1];
          seen.push(v);
          return changed;
        };
        expect(moved()).toBe(false);
        s.keys.create("v");
        expect(moved()).toBe(true);
        s.keys.findByName("v");
        s.keys.list();
        expect(moved()).toBe(false);
        s.keys.setQuota("v", 3);
        expect(moved()).toBe(true);
        s.keys.rotate("v");
        expect(moved()).toBe(true);
        p.keys.revoke("v");
        expect(moved()).toBe(true);
        expect(s.keys.findByName("v")!.revokedAt).toBeNumber();
      });
    });

    describe("usage", () => {
      test("reserve debits within the quota and refuses past it without charging", () => {
        const s = open();
        const id = s.keys.create("u").record.id;
        expect(s.usage.reserve(id, DAY, "zone", 6, 10)).toEqual({ ok: true, used: 6 });
        expect(s.usage.reserve(id, DAY, "dns", 4, 10)).toEqual({ ok: true, used: 10 });
        expect(s.usage.reserve(id, DAY, "dns", 1, 10)).toEqual({ ok: false, used: 10 });
        expect(s.usage.get(id, DAY)).toEqual({ used: 10, byKey: { ...zeros(), zone: 6, dns: 4 } });
        // Zero credits always pass and change nothing.
        expect(s.usage.reserve(id, DAY, "dns", 0, 10)).toEqual({ ok: true, used: 10 });
        // Days and keys are separate.
        const other = s.keys.create("u2").record.id;
        expect(s.usage.reserve(id, "2026-11-23", "zone", 10, 10).ok).toBe(true);
        expect(s.usage.reserve(other, DAY, "zone", 10, 10).ok).toBe(true);
        expect(s.usage.get(id, DAY).used).toBe(10);
      });

      test("refund gives back exactly, per usage key, and never below zero", () => {
        const s = open();
        const id = s.keys.create("r").record.id;
        s.usage.reserve(id, DAY, "zone", 8, 100);
        s.usage.reserve(id, DAY, "rdap", 5, 100);
        s.usage.refund(id, DAY, "zone", 3);
        expect(s.usage.get(id, DAY)).toEqual({ used: 10, byKey: { ...zeros(), zone: 5, rdap: 5 } });
        s.usage.refund(id, DAY, "zone", 50);
        expect(s.usage.get(id, DAY)).toEqual({ used: 5, byKey: { ...zeros(), rdap: 5 } });
        s.usage.refund(id, DAY, "dns", 4);
        s.usage.refund(id, "2026-01-01", "dns", 4);
        s.usage.refund(id, DAY, "rdap", 0);
        expect(s.usage.get(id, DAY)).toEqual({ used: 5, byKey: { ...zeros(), rdap: 5 } });
        // What was given back can be spent again, up to the quota and no further.
        expect(s.usage.reserve(id, DAY, "zone", 95, 100).ok).toBe(true);
        expect(s.usage.reserve(id, DAY, "zone", 1, 100).ok).toBe(false);
      });

      test("get is a frozen snapshot, the same object until the figures change", () => {
        const s = open();
        const id = s.keys.create("g").record.id;
        const empty = s.usage.get(id, DAY);
        expect(empty).toEqual({ used: 0, byKey: zeros() });
        s.usage.reserve(id, DAY, "camelcase", 2, 100);
        const snap = s.usage.get(id, DAY);
        expect(snap).not.toBe(empty);
        expect(s.usage.get(id, DAY)).toBe(snap);
        expect(Object.isFrozen(snap) && Object.isFrozen(snap.byKey)).toBe(true);
        s.usage.refund(id, DAY, "camelcase", 1);
        expect(s.usage.get(id, DAY)).not.toBe(snap);
        expect(snap.used).toBe(2);
        expect(s.usage.get(id, DAY).used).toBe(1);
      });

      test("many concurrent reserves against a small quota never overspend", async () => {
        const s = open();
        const handles = [s, peer(s), peer(s), peer(s)];
        const id = s.keys.create("race").record.id;
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
            const r = h.usage.reserve(id, DAY, USAGE_KEYS[i % USAGE_KEYS.length]!, credits, quota);
            expect(r.used).toBeLessThanOrEqual(quota);
            if (!r.ok) {
              refused++;
              return;
            }
            granted += credits;
            if (i % 10 === 0) {
              h.usage.refund(id, DAY, USAGE_KEYS[i % USAGE_KEYS.length]!, 1);
              granted -= 1;
            }
          }),
        );
        expect(refused).toBeGreaterThan(0);
        expect(granted).toBeLessThanOrEqual(quota);
        expect(s.usage.get(id, DAY).used).toBe(granted);
        // The day is full to within the smallest request: nothing was lost either.
        expect(quota - granted).toBeLessThan(3);
      });
    });

    describe("rate", () => {
      test("hit counts per key, bucket and minute, each call one", () => {
        const s = open();
        const p = peer(s);
        const a = s.keys.create("ra").record.id;
        const b = s.keys.create("rb").record.id;
        expect([1, 2, 3].map(() => s.rate.hit(a, "zone", 1000))).toEqual([1, 2, 3]);
        expect(p.rate.hit(a, "zone", 1000)).toBe(4);
        expect(s.rate.hit(a, "dns", 1000)).toBe(1);
        expect(s.rate.hit(b, "zone", 1000)).toBe(1);
        expect(s.rate.hit(a, "zone", 1001)).toBe(1);
        expect(s.rate.hit(a, "mcp", 1000)).toBe(1);
        expect(s.rate.hit(a, "zone", 1000)).toBe(5);
      });

      test("prune drops past windows and keeps the current minute's", () => {
        const s = open();
        const id = s.keys.create("p").record.id;
        const now = Date.UTC(2026, 10, 22, 12, 0, 30);
        const minute = Math.floor(now / 60_000);
        s.rate.hit(id, "zone", minute - 10);
        s.rate.hit(id, "zone", minute);
        s.prune(now);
        expect(s.rate.hit(id, "zone", minute - 10)).toBe(1);
        expect(s.rate.hit(id, "zone", minute)).toBe(2);
      });
    });
  });
}

function zeros(): Record<UsageKey, number> {
  return Object.fromEntries(USAGE_KEYS.map((k) => [k, 0])) as Record<UsageKey, number>;
}
