/**
 * The storage interface the routes see: keys, daily usage and per-minute rate windows.
 * Implementations: SQLite (sqlite.ts, the server's) and process memory (memory.ts). Both
 * pass one contract suite, store.contract.ts; a new implementation adds a test file that
 * runs it. What every implementation guarantees, whatever the number of processes:
 *
 * - `usage.reserve` is one atomic check-and-debit: concurrent reserves never take a day's
 *   total past the quota given (SQLite: one IMMEDIATE transaction);
 * - `usage.refund` gives back exactly what it is told, never taking a figure below zero;
 * - `rate.hit` is one atomic increment per key, bucket and minute, returning the new count;
 * - `keys.version()` moves whenever the key table may have changed, by this process or
 *   another, so that caches of key records (http/auth.ts) can be dropped.
 *
 * The methods are synchronous: SQLite answers in microseconds on the request's own thread,
 * and the auth/rate/quota path stays free of promises. A network store (PostgreSQL) cannot
 * answer synchronously. Its way in, without changing these guarantees:
 * - keys: keep a local copy (keys are few and change rarely) refreshed on LISTEN/NOTIFY or a
 *   short poll; findByHash and version() then read it synchronously;
 * - usage and rate: make these two interfaces return `T | Promise<T>` (reserve, refund, get,
 *   hit). Their callers are few (src/http/meter.ts, jobs/admit.ts, account/routes.ts) and
 *   would wait only when handed a promise (as `metered` already does for the work it runs),
 *   so a synchronous store keeps returning plain values and SQLite pays nothing. reserve becomes one statement
 *   (`INSERT ... ON CONFLICT DO UPDATE ... WHERE used + $credits <= $quota RETURNING`), hit
 *   an `INSERT ... ON CONFLICT DO UPDATE SET count = count + 1 RETURNING count`.
 */
import type { Bucket, UsageKey } from "../operations.ts";

export interface KeyRecord {
  id: number;
  name: string;
  keyHash: string;
  webhookSecret: string;
  dailyQuota: number;
  createdAt: number;
  revokedAt: number | null;
}

export interface IssuedKey {
  record: KeyRecord;
  /** Shown once; only its SHA-256 is stored. */
  key: string;
  webhookSecret: string;
}

export interface KeyStore {
  create(name: string, dailyQuota?: number): IssuedKey;
  findByHash(hash: string): KeyRecord | null;
  findByName(name: string): KeyRecord | null;
  list(): KeyRecord[];
  revoke(name: string): boolean;
  rotate(name: string): IssuedKey | null;
  setQuota(name: string, dailyQuota: number): boolean;
  count(): number;
  /** Changes whenever the key table may have changed (by this or another process). */
  version(): number;
}

/** One key's credits on one UTC day, in total and per usage key; never mutated. */
export type DayUsage = Readonly<{ used: number; byKey: Readonly<Record<UsageKey, number>> }>;

export interface ReserveResult {
  ok: boolean;
  /** Credits used today after the call (before it when refused). */
  used: number;
}

export interface UsageStore {
  /** Atomically add `credits` under `usageKey` if today's total stays within `quota`. */
  reserve(keyId: number, day: string, usageKey: UsageKey, credits: number, quota: number): ReserveResult;
  /** Give credits back (never below zero). */
  refund(keyId: number, day: string, usageKey: UsageKey, credits: number): void;
  /**
   * Credits used on `day`, in total and per usage key: a read-only snapshot that is the same
   * object until the figures change (GET /v1/usage memoises its answer on that identity).
   */
  get(keyId: number, day: string): DayUsage;
}

export interface RateStore {
  /** Count one request in the key's bucket for `minute` (epoch minutes); returns the new count. */
  hit(keyId: number, bucket: Bucket, minute: number): number;
}

/** Everything the routes need from storage (see the top of this file for the guarantees). */
export interface Store {
  keys: KeyStore;
  usage: UsageStore;
  rate: RateStore;
  /** Periodic housekeeping (old rate windows and usage rows). */
  prune(now: number): void;
  close(): void;
}
