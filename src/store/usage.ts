import type { Database } from "bun:sqlite";
import { USAGE_KEYS, type UsageKey } from "../operations.ts";
import { CommitAwareCache } from "./read-cache.ts";
import type { DayUsage, ReserveResult, SyncUsageStore as UsageStore } from "./types.ts";

/**
 * Check-and-debit in one IMMEDIATE transaction, so two processes can never overspend.
 * Reads for GET /v1/usage come from a CommitAwareCache: an entry is dropped by this store's
 * own writes to its key and day, and the whole cache when another connection commits. The
 * quota check itself never reads the cache.
 */
export class SqliteUsageStore implements UsageStore {
  private cache;
  private total;
  private upsert;
  private dec;
  private perKey;
  private reserveTx;

  constructor(db: Database) {
    this.cache = new CommitAwareCache<string, DayUsage>(db);
    this.total = db.query<{ n: number }, [number, string]>("SELECT coalesce(sum(credits), 0) AS n FROM usage WHERE key_id = ? AND day = ?");
    this.upsert = db.query(
      "INSERT INTO usage (key_id, day, usage_key, credits) VALUES (?1, ?2, ?3, ?4) " +
        "ON CONFLICT (key_id, day, usage_key) DO UPDATE SET credits = credits + ?4",
    );
    this.dec = db.query("UPDATE usage SET credits = max(0, credits - ?4) WHERE key_id = ?1 AND day = ?2 AND usage_key = ?3");
    this.perKey = db.query<{ usage_key: string; credits: number }, [number, string]>("SELECT usage_key, credits FROM usage WHERE key_id = ? AND day = ?");
    this.reserveTx = db.transaction((keyId: number, day: string, usageKey: string, credits: number, quota: number): ReserveResult => {
      const used = this.total.get(keyId, day)!.n;
      if (used + credits > quota) return { ok: false, used };
      this.upsert.run(keyId, day, usageKey, credits);
      return { ok: true, used: used + credits };
    });
  }

  reserve(keyId: number, day: string, usageKey: UsageKey, credits: number, quota: number): ReserveResult {
    if (credits <= 0) return { ok: true, used: this.total.get(keyId, day)!.n };
    this.cache.drop(`${keyId} ${day}`);
    return this.reserveTx.immediate(keyId, day, usageKey, credits, quota);
  }

  refund(keyId: number, day: string, usageKey: UsageKey, credits: number): void {
    if (credits <= 0) return;
    this.cache.drop(`${keyId} ${day}`);
    this.dec.run(keyId, day, usageKey, credits);
  }

  get(keyId: number, day: string): DayUsage {
    return this.cache.get(`${keyId} ${day}`, () => this.read(keyId, day));
  }

  private read(keyId: number, day: string): DayUsage {
    const byKey = Object.fromEntries(USAGE_KEYS.map((k) => [k, 0])) as Record<UsageKey, number>;
    let used = 0;
    for (const r of this.perKey.all(keyId, day)) {
      if (r.usage_key in byKey) byKey[r.usage_key as UsageKey] = r.credits;
      used += r.credits;
    }
    return Object.freeze({ used, byKey: Object.freeze(byKey) });
  }
}
