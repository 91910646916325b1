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

export function openStore(dataDir: string): SqliteStore {
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
      // Usage is kept 90 days for the record.
      pruneUsage.run(new Date(now - 90 * 86_400_000).toISOString().slice(0, 10));
    },
    close() {
      db.close();
    },
  };
}
