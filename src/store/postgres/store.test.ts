/**
 * The Store contract against PostgreSQL (a real server, test/support/postgres.ts): a fresh
 * database per store; a peer is another store on the same database, as another node is.
 */
import { describe, expect, test } from "bun:test";
import { postgresDatabase } from "../../../test/support/postgres.ts";
import { hashKey } from "../secrets.ts";
import { storeContract } from "../store.contract.ts";
import type { Store } from "../types.ts";
import { openPostgresStore, type PostgresStore } from "./store.ts";

const urls = new WeakMap<Store, string>();

storeContract("postgres", {
  async open() {
    const url = await postgresDatabase();
    const s = await openPostgresStore(url, { max: 4 });
    urls.set(s, url);
    return s;
  },
  async peer(s) {
    const url = urls.get(s)!;
    const p = await openPostgresStore(url, { max: 4 });
    urls.set(p, url);
    return p;
  },
  synced: (s) => (s as PostgresStore).keys.sync(),
});

describe("PostgreSQL store beyond the contract", () => {
  test("several nodes opening a fresh database together migrate it once", async () => {
    const url = await postgresDatabase();
    const stores = await Promise.all([0, 1, 2, 3].map(() => openPostgresStore(url, { max: 2 })));
    try {
      expect(await stores[0]!.sql`SELECT version FROM zw_schema`).toEqual([{ version: 1 }]);
      // Every node sees one schema: a key made through one is found through the others.
      const { key } = await stores[1]!.keys.create("shared");
      for (const s of stores) expect((await s.keys.findByHash(hashKey(key)))?.name).toBe("shared");
    } finally {
      for (const s of stores) await s.close();
    }
  });

  test("a schema newer than this build is refused at open", async () => {
    const url = await postgresDatabase();
    const s = await openPostgresStore(url, { listen: false });
    await s.sql`UPDATE zw_schema SET version = 99`;
    await s.close();
    await expect(openPostgresStore(url, { listen: false })).rejects.toThrow("database schema version 99 is newer than this build knows");
  });

  test("a rate hit with the key's hash counts nothing and answers -1 once the key is revoked or rotated", async () => {
    const s = await openPostgresStore(await postgresDatabase(), { listen: false });
    try {
      const a = await s.keys.create("a");
      const b = await s.keys.create("b");
      expect(await s.rate.hit(a.record.id, "zone", 5, a.record.keyHash)).toBe(1);
      expect(await s.rate.hit(a.record.id, "zone", 5, b.record.keyHash)).toBe(-1);
      await s.keys.revoke("a");
      expect(await s.rate.hit(a.record.id, "zone", 5, a.record.keyHash)).toBe(-1);
      const turned = (await s.keys.rotate("b"))!;
      expect(await s.rate.hit(b.record.id, "zone", 5, b.record.keyHash)).toBe(-1);
      expect(await s.rate.hit(b.record.id, "zone", 5, turned.record.keyHash)).toBe(1);
      // The refused hits counted nothing.
      expect(await s.rate.hit(a.record.id, "zone", 5)).toBe(2);
    } finally {
      await s.close();
    }
  });

  test("prune removes old days' usage with their split rows", async () => {
    const s = await openPostgresStore(await postgresDatabase(), { listen: false });
    try {
      const id = (await s.keys.create("old")).record.id;
      await s.usage.reserve(id, "2020-01-01", "zone", 3, 10);
      await s.usage.reserve(id, "2026-11-22", "zone", 4, 10);
      await s.prune(Date.UTC(2026, 10, 22, 12));
      expect((await s.usage.get(id, "2020-01-01")).used).toBe(0);
      expect((await s.usage.get(id, "2026-11-22")).used).toBe(4);
      expect(await s.sql`SELECT count(*)::int AS n FROM usage WHERE day = '2020-01-01'`).toEqual([{ n: 0 }]);
    } finally {
      await s.close();
    }
  });
});
