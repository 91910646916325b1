import type { Database } from "bun:sqlite";
import type { Bucket } from "../operations.ts";
import type { SyncRateStore as RateStore } from "./types.ts";

/** Fixed windows per key, bucket and UTC minute: one atomic upsert per request. */
export class SqliteRateStore implements RateStore {
  private stmt;
  constructor(db: Database) {
    this.stmt = db.query<{ count: number }, [number, string, number]>(
      "INSERT INTO rate_windows (key_id, bucket, minute, count) VALUES (?, ?, ?, 1) " +
        "ON CONFLICT (key_id, bucket, minute) DO UPDATE SET count = count + 1 RETURNING count",
    );
  }
  hit(keyId: number, bucket: Bucket, minute: number): number {
    return this.stmt.get(keyId, bucket, minute)!.count;
  }
}
