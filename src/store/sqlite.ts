import type { Database } from "bun:sqlite";
import { openDatabase } from "./db.ts";
import { SqliteKeyStore } from "./keys.ts";
import { SqliteRateStore } from "./rate.ts";
import type { SyncStore } from "./types.ts";
import { SqliteUsageStore } from "./usage.ts";

export interface SqliteStore extends SyncStore {
  /** The raw handle, for the SQLite-specific parts (jobs) that share the file. */
  db: Database;
}

/** `usageRetentionDays`: days of per-day usage rows prune() keeps (ZW_USAGE_RETENTION_DAYS). */
export function openStore(dataDir: string, usageRetentionDays = 90): SqliteStore {
  const db = openDatabase(dataDir);
  const pruneRate = db.query("DELETE FROM rate_windows WHERE minute < ?");
  const pruneUsage = db.query("DELETE FROM usage WHERE day < ?");
  return {
    db,
    keys: new SqliteKeyStore(db),
    usage: new SqliteUsageStore(db),
    rate: new SqliteRateStore(db),
    prune(now: number) {
      pruneRate.run(Math.floor(now / 60_000) - 2);
      // Usage is kept for the record (GET /v1/usage/history, `keys usage`): today and the days before it.
      pruneUsage.run(new Date(now - usageRetentionDays * 86_400_000).toISOString().slice(0, 10));
    },
    close() {
      db.close();
    },
  };
}
