import type { Database } from "bun:sqlite";
import { DEFAULT_DAILY_QUOTA } from "../operations.ts";
import { hashKey, newApiKey, newWebhookSecret } from "./secrets.ts";
import type { IssuedKey, KeyRecord, SyncKeyStore as KeyStore } from "./types.ts";

interface Row {
  id: number;
  name: string;
  key_hash: string;
  webhook_secret: string;
  daily_quota: number;
  created_at: number;
  revoked_at: number | null;
}

const toRecord = (r: Row): KeyRecord => ({
  id: r.id,
  name: r.name,
  keyHash: r.key_hash,
  webhookSecret: r.webhook_secret,
  dailyQuota: r.daily_quota,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

export class SqliteKeyStore implements KeyStore {
  private byHash;
  private byName;
  private dataVersion;
  /** Bumped by this connection's own key writes; data_version covers other connections. */
  private localWrites = 0;
  constructor(private db: Database) {
    this.dataVersion = db.query<{ data_version: number }, []>("PRAGMA data_version");
    this.byHash = db.query<Row, [string]>("SELECT * FROM keys WHERE key_hash = ?");
    this.byName = db.query<Row, [string]>("SELECT * FROM keys WHERE name = ?");
  }

  create(name: string, dailyQuota = DEFAULT_DAILY_QUOTA): IssuedKey {
    const key = newApiKey();
    const secret = newWebhookSecret();
    this.localWrites++;
    const row = this.db
      .query<Row, [string, string, string, number, number]>(
        "INSERT INTO keys (name, key_hash, webhook_secret, daily_quota, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *",
      )
      .get(name, hashKey(key), secret, dailyQuota, Date.now())!;
    return { record: toRecord(row), key, webhookSecret: secret };
  }

  findByHash(hash: string): KeyRecord | null {
    const r = this.byHash.get(hash);
    return r ? toRecord(r) : null;
  }

  findByName(name: string): KeyRecord | null {
    const r = this.byName.get(name);
    return r ? toRecord(r) : null;
  }

  list(): KeyRecord[] {
    return this.db.query<Row, []>("SELECT * FROM keys ORDER BY name").all().map(toRecord);
  }

  revoke(name: string): boolean {
    this.localWrites++;
    const r = this.db.query("UPDATE keys SET revoked_at = ? WHERE name = ? AND revoked_at IS NULL").run(Date.now(), name);
    return r.changes > 0;
  }

  /**
   * New key and secret under the same name, quota and usage; the old key stops at once.
   * Null for an unknown or revoked key: a rotation never undoes a revocation.
   */
  rotate(name: string): IssuedKey | null {
    this.localWrites++;
    const key = newApiKey();
    const secret = newWebhookSecret();
    const row = this.db
      .query<Row, [string, string, string]>("UPDATE keys SET key_hash = ?, webhook_secret = ? WHERE name = ? AND revoked_at IS NULL RETURNING *")
      .get(hashKey(key), secret, name);
    return row ? { record: toRecord(row), key, webhookSecret: secret } : null;
  }

  setQuota(name: string, dailyQuota: number): boolean {
    this.localWrites++;
    return this.db.query("UPDATE keys SET daily_quota = ? WHERE name = ?").run(dailyQuota, name).changes > 0;
  }

  version(): number {
    return this.dataVersion.get()!.data_version * 1_000_000 + this.localWrites;
  }

  count(): number {
    return (this.db.query("SELECT count(*) AS n FROM keys").get() as { n: number }).n;
  }
}
