/**
 * The Store on PostgreSQL: keys, usage and rate windows shared by every node that names the
 * same database (ZW_DATABASE_URL). The guarantees of types.ts hold across nodes:
 *
 * - reserve is ONE statement: a conditional upsert of the key's day total
 *   (`ON CONFLICT DO UPDATE ... WHERE used + credits <= quota`), which PostgreSQL applies to
 *   the newest committed row under its row lock, so concurrent reserves from any number of
 *   nodes never take the total past the quota; the per-usage-key split is written by the
 *   same statement, so it commits or fails with it;
 * - refund locks the day total first (the same order as reserve, so they never deadlock)
 *   and takes back at most what the usage key holds;
 * - rate.hit is one upsert returning the new count;
 * - keys.version() moves on this node's key writes at once, and on another node's as soon
 *   as its NOTIFY on channel `zw_keys` arrives (sent by the writing transaction at commit,
 *   typically within a millisecond); a poll of the key change counter every
 *   `pollMs` (1 s) catches a notification lost while the listening connection was down.
 *   A key write made here returns once this node has received its own notification.
 *   Every rated request also re-reads its key row inside the rate upsert (rate.hit with the
 *   key's hash), so a key revoked or rotated on any node is refused by every node on its
 *   next rated request, before the notification arrives; unrated requests (ping, usage)
 *   follow the notification.
 *
 * Every call on the request path (findByHash, reserve, refund, get, hit) that fails to
 * reach the database throws ApiError `unavailable` (503): the statement did not commit, so
 * nothing was charged. Key management (the CLI) gets the database's own error.
 */
import { SQL } from "bun";
import { ApiError } from "../../http/errors.ts";
import { DEFAULT_DAILY_QUOTA, USAGE_KEYS, type Bucket, type UsageKey } from "../../operations.ts";
import { hashKey, newApiKey, newWebhookSecret, randomBase62 } from "../secrets.ts";
import type { DayUsage, IssuedKey, KeyRecord, KeyStore, RateStore, ReserveResult, Store, UsageStore } from "../types.ts";
import { migrate } from "./migrations.ts";

const CHANNEL = "zw_keys";

interface KeyRow {
  id: number;
  name: string;
  key_hash: string;
  webhook_secret: string;
  daily_quota: string | number;
  created_at: string | number;
  revoked_at: string | number | null;
}

const toRecord = (r: KeyRow): KeyRecord => ({
  id: Number(r.id),
  name: r.name,
  keyHash: r.key_hash,
  webhookSecret: r.webhook_secret,
  dailyQuota: Number(r.daily_quota),
  createdAt: Number(r.created_at),
  revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
});

/** A failure to reach the database on the request path: 503, and nothing was charged. */
function unavailable(e: unknown): never {
  if (e instanceof ApiError) throw e;
  throw new ApiError("unavailable", "the database did not answer; nothing was charged, try again shortly", { retry_after_s: 1 }, { "Retry-After": "1" });
}

class PostgresKeyStore implements KeyStore {
  private changes = 0;
  private seenCounter = -1;
  private waiting = new Map<string, () => void>();

  constructor(
    private sql: SQL,
    private listening: boolean,
  ) {}

  /** A notification arrived (another node's key write, or one of ours coming back). */
  notified(payload: string): void {
    this.changes++;
    const done = this.waiting.get(payload);
    if (done) {
      this.waiting.delete(payload);
      done();
    }
  }

  /** The listening connection (re)subscribed: notifications may have been missed meanwhile. */
  resubscribed(): void {
    this.changes++;
  }

  /** The poll's view of the change counter: moves version() when another node wrote unseen. */
  async poll(): Promise<void> {
    const rows: { n: string }[] = await this.sql`SELECT n FROM key_changes`;
    const n = Number(rows[0]?.n ?? 0);
    if (n !== this.seenCounter) {
      if (this.seenCounter !== -1) this.changes++;
      this.seenCounter = n;
    }
  }

  /**
   * Resolves once this node has received every key notification sent before the call: one
   * of its own, sent now, comes back after them (a listener gets one channel's
   * notifications in commit order).
   */
  async sync(): Promise<void> {
    if (!this.listening) return;
    const token = `sync ${randomBase62(16)}`;
    await this.echo(token, () => this.sql.notify(CHANNEL, token));
  }

  private async echo(token: string, send: () => Promise<unknown>): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const back = new Promise<void>((resolve) => {
      this.waiting.set(token, resolve);
      // A listener that is reconnecting must not hang a key command; the poll covers it.
      timer = setTimeout(() => {
        this.waiting.delete(token);
        resolve();
      }, 2_000);
    });
    try {
      await send();
    } catch (e) {
      this.waiting.delete(token);
      clearTimeout(timer);
      throw e;
    }
    await back;
    clearTimeout(timer);
  }

  /** A key write: the change, the counter and the notification commit together. */
  private async write<T>(change: (tx: SQL) => Promise<T>, changed: (r: T) => boolean): Promise<T> {
    const token = `write ${randomBase62(16)}`;
    let result!: T;
    const run = () =>
      this.sql.begin(async (tx) => {
        result = await change(tx);
        if (changed(result)) {
          await tx`UPDATE key_changes SET n = n + 1`;
          await tx`SELECT pg_notify(${CHANNEL}, ${token})`;
        }
      });
    if (this.listening) await this.echo(token, run);
    else await run();
    if (changed(result)) this.changes++;
    return result;
  }

  async create(name: string, dailyQuota = DEFAULT_DAILY_QUOTA): Promise<IssuedKey> {
    const key = newApiKey();
    const secret = newWebhookSecret();
    const row = await this.write(
      async (tx): Promise<KeyRow> =>
        (
          await tx`INSERT INTO keys (name, key_hash, webhook_secret, daily_quota, created_at)
                   VALUES (${name}, ${hashKey(key)}, ${secret}, ${dailyQuota}, ${Date.now()}) RETURNING *`
        )[0],
      () => true,
    );
    return { record: toRecord(row), key, webhookSecret: secret };
  }

  findByHash(hash: string): Promise<KeyRecord | null> {
    return this.sql`SELECT * FROM keys WHERE key_hash = ${hash}`.then((rows: KeyRow[]) => (rows[0] ? toRecord(rows[0]) : null), unavailable);
  }

  async findByName(name: string): Promise<KeyRecord | null> {
    const rows: KeyRow[] = await this.sql`SELECT * FROM keys WHERE name = ${name}`;
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async list(): Promise<KeyRecord[]> {
    const rows: KeyRow[] = await this.sql`SELECT * FROM keys ORDER BY name COLLATE "C"`;
    return rows.map(toRecord);
  }

  revoke(name: string): Promise<boolean> {
    return this.write(
      async (tx) => (await tx`UPDATE keys SET revoked_at = ${Date.now()} WHERE name = ${name} AND revoked_at IS NULL RETURNING id`).length > 0,
      (done) => done,
    );
  }

  /** New key and secret under the same name, quota and usage; null for an unknown or revoked key. */
  async rotate(name: string): Promise<IssuedKey | null> {
    const key = newApiKey();
    const secret = newWebhookSecret();
    const row = await this.write(
      async (tx): Promise<KeyRow | null> =>
        (await tx`UPDATE keys SET key_hash = ${hashKey(key)}, webhook_secret = ${secret} WHERE name = ${name} AND revoked_at IS NULL RETURNING *`)[0] ?? null,
      (r) => r !== null,
    );
    return row ? { record: toRecord(row), key, webhookSecret: secret } : null;
  }

  setQuota(name: string, dailyQuota: number): Promise<boolean> {
    return this.write(
      async (tx) => (await tx`UPDATE keys SET daily_quota = ${dailyQuota} WHERE name = ${name} RETURNING id`).length > 0,
      (done) => done,
    );
  }

  async count(): Promise<number> {
    const rows: { n: string }[] = await this.sql`SELECT count(*) AS n FROM keys`;
    return Number(rows[0]!.n);
  }

  version(): number {
    return this.changes;
  }
}

class PostgresUsageStore implements UsageStore {
  /** The last snapshot handed out per "keyId day": handed out again while the figures are equal. */
  private snapshots = new Map<string, DayUsage>();

  constructor(private sql: SQL) {}

  reserve(keyId: number, day: string, usageKey: UsageKey, credits: number, quota: number): Promise<ReserveResult> {
    if (credits <= 0) return this.total(keyId, day).then((used) => ({ ok: true, used }), unavailable);
    // The day row is inserted only when the credits fit at all; on conflict it is debited
    // only when the new total fits. The split row follows from the day row's RETURNING, so
    // a refused reserve writes nothing.
    return this.sql`
      WITH d AS (
        INSERT INTO usage_days AS u (key_id, day, used)
        SELECT ${keyId}, ${day}, ${credits} WHERE ${credits}::bigint <= ${quota}::bigint
        ON CONFLICT (key_id, day) DO UPDATE SET used = u.used + EXCLUDED.used
          WHERE u.used + EXCLUDED.used <= ${quota}::bigint
        RETURNING u.used
      ), k AS (
        INSERT INTO usage AS s (key_id, day, usage_key, credits)
        SELECT ${keyId}, ${day}, ${usageKey}, ${credits} FROM d
        ON CONFLICT (key_id, day, usage_key) DO UPDATE SET credits = s.credits + EXCLUDED.credits
        RETURNING 1
      )
      SELECT (SELECT used FROM d) AS after,
             (SELECT used FROM usage_days WHERE key_id = ${keyId} AND day = ${day}) AS before,
             (SELECT count(*) FROM k) AS split`.then((rows: { after: string | null; before: string | null }[]) => {
      const r = rows[0]!;
      return r.after !== null ? { ok: true, used: Number(r.after) } : { ok: false, used: Number(r.before ?? 0) };
    }, unavailable);
  }

  refund(keyId: number, day: string, usageKey: UsageKey, credits: number): Promise<void> | void {
    if (credits <= 0) return;
    return this.sql
      .begin(async (tx) => {
        // The day row first, as reserve locks it: every writer of this key's day queues here.
        const days: unknown[] = await tx`SELECT 1 FROM usage_days WHERE key_id = ${keyId} AND day = ${day} FOR UPDATE`;
        if (days.length === 0) return;
        const rows: { credits: string }[] = await tx`SELECT credits FROM usage WHERE key_id = ${keyId} AND day = ${day} AND usage_key = ${usageKey}`;
        const back = Math.min(Number(rows[0]?.credits ?? 0), credits);
        if (back > 0) await tx`UPDATE usage SET credits = credits - ${back} WHERE key_id = ${keyId} AND day = ${day} AND usage_key = ${usageKey}`;
        if (back > 0) await tx`UPDATE usage_days SET used = used - ${back} WHERE key_id = ${keyId} AND day = ${day}`;
      })
      .then(() => {}, unavailable);
  }

  get(keyId: number, day: string): Promise<DayUsage> {
    return this.sql`SELECT usage_key, credits FROM usage WHERE key_id = ${keyId} AND day = ${day}`.then((rows: { usage_key: string; credits: string }[]) => {
      const byKey = Object.fromEntries(USAGE_KEYS.map((k) => [k, 0])) as Record<UsageKey, number>;
      let used = 0;
      for (const r of rows) {
        const n = Number(r.credits);
        if (r.usage_key in byKey) byKey[r.usage_key as UsageKey] = n;
        used += n;
      }
      const id = `${keyId} ${day}`;
      const last = this.snapshots.get(id);
      if (last && last.used === used && USAGE_KEYS.every((k) => last.byKey[k] === byKey[k])) return last;
      const fresh: DayUsage = Object.freeze({ used, byKey: Object.freeze(byKey) });
      if (this.snapshots.size >= 10_000) this.snapshots.clear();
      this.snapshots.set(id, fresh);
      return fresh;
    }, unavailable);
  }

  private async total(keyId: number, day: string): Promise<number> {
    const rows: { used: string }[] = await this.sql`SELECT used FROM usage_days WHERE key_id = ${keyId} AND day = ${day}`;
    return Number(rows[0]?.used ?? 0);
  }
}

class PostgresRateStore implements RateStore {
  constructor(private sql: SQL) {}

  hit(keyId: number, bucket: Bucket, minute: number, keyHash?: string): Promise<number> {
    if (keyHash === undefined) {
      return this.sql`
        INSERT INTO rate_windows AS w (key_id, bucket, minute, count) VALUES (${keyId}, ${bucket}, ${minute}, 1)
        ON CONFLICT (key_id, bucket, minute) DO UPDATE SET count = w.count + 1 RETURNING count`.then(
        (rows: { count: number }[]) => rows[0]!.count,
        unavailable,
      );
    }
    // The key row is read in the same statement: a key revoked or rotated on any node is
    // refused here on its next rated request, whatever this node's key cache holds.
    return this.sql`
      INSERT INTO rate_windows AS w (key_id, bucket, minute, count)
      SELECT ${keyId}, ${bucket}, ${minute}, 1 FROM keys WHERE id = ${keyId} AND key_hash = ${keyHash} AND revoked_at IS NULL
      ON CONFLICT (key_id, bucket, minute) DO UPDATE SET count = w.count + 1 RETURNING count`.then(
      (rows: { count: number }[]) => rows[0]?.count ?? -1,
      unavailable,
    );
  }
}

export interface PostgresStore extends Store {
  keys: PostgresKeyStore;
  /** The connection pool (tests and tools that inspect the database). */
  sql: SQL;
}

export interface PostgresOptions {
  /** Connections in the pool (default 10). */
  max?: number;
  /**
   * LISTEN for other nodes' key writes and poll the change counter (default true). A
   * short-lived tool (`cli keys`) sets false: it caches nothing, so it needs neither.
   */
  listen?: boolean;
  /** How often the change counter is polled, in ms (default 1,000). */
  pollMs?: number;
  /** Days of per-day usage rows prune() keeps (ZW_USAGE_RETENTION_DAYS; default 90). */
  usageRetentionDays?: number;
}

/**
 * Connects, migrates (once across nodes, under an advisory lock) and subscribes to key
 * changes. Throws when the database cannot be reached or its schema is newer than this build.
 */
export async function openPostgresStore(url: string, opts: PostgresOptions = {}): Promise<PostgresStore> {
  const listening = opts.listen ?? true;
  const retentionDays = opts.usageRetentionDays ?? 90;
  const sql = new SQL(url, { max: opts.max ?? 10, connectionTimeout: 5, idleTimeout: 60 });
  let poller: ReturnType<typeof setInterval> | undefined;
  let subscription: SQL.ListenSubscription | undefined;
  try {
    await migrate(sql);
    const keys = new PostgresKeyStore(sql, listening);
    if (listening) {
      await keys.poll();
      subscription = await sql.listen(
        CHANNEL,
        (payload) => keys.notified(payload),
        () => keys.resubscribed(),
      );
      poller = setInterval(() => keys.poll().catch(() => {}), opts.pollMs ?? 1_000);
      poller.unref?.();
    }
    const pruneRate = (minute: number) => sql`DELETE FROM rate_windows WHERE minute < ${minute}`;
    const pruneUsage = (day: string) => sql`DELETE FROM usage_days WHERE day < ${day}`;
    return {
      async: true,
      sql,
      keys,
      usage: new PostgresUsageStore(sql),
      rate: new PostgresRateStore(sql),
      async prune(now: number) {
        // The same horizons as the SQLite store: rate windows older than two minutes, usage
        // after the retention (ZW_USAGE_RETENTION_DAYS).
        await pruneRate(Math.floor(now / 60_000) - 2);
        await pruneUsage(new Date(now - retentionDays * 86_400_000).toISOString().slice(0, 10));
      },
      async close() {
        clearInterval(poller);
        await subscription?.unlisten().catch(() => {});
        await sql.close({ timeout: 5 });
      },
    };
  } catch (e) {
    clearInterval(poller);
    await sql.close({ timeout: 1 }).catch(() => {});
    throw e;
  }
}
