/**
 * The storage interface the routes see: keys, daily usage and per-minute rate windows.
 * Implementations: SQLite (sqlite.ts, the default), process memory (memory.ts) and
 * PostgreSQL (postgres/, shared by several nodes). All pass one contract suite,
 * store.contract.ts; a new implementation adds a test file that runs it. What every
 * implementation guarantees, whatever the number of processes or nodes:
 *
 * - `usage.reserve` is one atomic check-and-debit: concurrent reserves never take a day's
 *   total past the quota given (SQLite: one IMMEDIATE transaction; PostgreSQL: one
 *   conditional upsert);
 * - `usage.refund` gives back exactly what it is told, never taking a figure below zero;
 * - `rate.hit` is one atomic increment per key, bucket and minute, returning the new count;
 * - `keys.version()` moves whenever the key table may have changed, by this process or
 *   another, so that caches of key records (http/auth.ts) can be dropped.
 *
 * Every method may answer a value or a promise of it (`MaybePromise`): SQLite and memory
 * answer synchronously (microseconds, on the request's own thread) and their callers take
 * the value as is, without a promise or a microtask; PostgreSQL answers with promises. The
 * callers (src/http/meter.ts, src/app.ts, account/routes.ts, keys-cli.ts) wait only when
 * handed a promise. `version()` is always synchronous: it is read on every request.
 * `SyncStore` is the synchronous shape (SQLite, memory) for code that needs it (the jobs
 * tables share SQLite's transactions).
 */
import type { Bucket, UsageKey } from "../operations.ts";

export type MaybePromise<T> = T | Promise<T>;

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
  create(name: string, dailyQuota?: number): MaybePromise<IssuedKey>;
  findByHash(hash: string): MaybePromise<KeyRecord | null>;
  findByName(name: string): MaybePromise<KeyRecord | null>;
  list(): MaybePromise<KeyRecord[]>;
  revoke(name: string): MaybePromise<boolean>;
  rotate(name: string): MaybePromise<IssuedKey | null>;
  setQuota(name: string, dailyQuota: number): MaybePromise<boolean>;
  count(): MaybePromise<number>;
  /** Changes whenever the key table may have changed (by this or another process or node). */
  version(): number;
}

export interface SyncKeyStore extends KeyStore {
  create(name: string, dailyQuota?: number): IssuedKey;
  findByHash(hash: string): KeyRecord | null;
  findByName(name: string): KeyRecord | null;
  list(): KeyRecord[];
  revoke(name: string): boolean;
  rotate(name: string): IssuedKey | null;
  setQuota(name: string, dailyQuota: number): boolean;
  count(): number;
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
  reserve(keyId: number, day: string, usageKey: UsageKey, credits: number, quota: number): MaybePromise<ReserveResult>;
  /** Give credits back (never below zero). */
  refund(keyId: number, day: string, usageKey: UsageKey, credits: number): MaybePromise<void>;
  /**
   * Credits used on `day`, in total and per usage key: a read-only snapshot that is the same
   * object until the figures change (GET /v1/usage memoises its answer on that identity).
   */
  get(keyId: number, day: string): MaybePromise<DayUsage>;
}

export interface SyncUsageStore extends UsageStore {
  reserve(keyId: number, day: string, usageKey: UsageKey, credits: number, quota: number): ReserveResult;
  refund(keyId: number, day: string, usageKey: UsageKey, credits: number): void;
  get(keyId: number, day: string): DayUsage;
}

export interface RateStore {
  /**
   * Count one request in the key's bucket for `minute` (epoch minutes); returns the new
   * count. With `keyHash`, a store whose key records may be cached elsewhere (PostgreSQL)
   * checks in the same statement that the key still has that hash and is not revoked, and
   * answers -1, counting nothing, when it has not.
   */
  hit(keyId: number, bucket: Bucket, minute: number, keyHash?: string): MaybePromise<number>;
}

export interface SyncRateStore extends RateStore {
  hit(keyId: number, bucket: Bucket, minute: number): number;
}

/** Everything the routes need from storage (see the top of this file for the guarantees). */
export interface Store {
  /** True when the store answers with promises (PostgreSQL): the app then composes awaiting hooks. */
  readonly async?: boolean;
  keys: KeyStore;
  usage: UsageStore;
  rate: RateStore;
  /** Periodic housekeeping (old rate windows and usage rows). */
  prune(now: number): MaybePromise<void>;
  close(): MaybePromise<void>;
}

/** A store that answers every call synchronously (SQLite, memory). */
export interface SyncStore extends Store {
  keys: SyncKeyStore;
  usage: SyncUsageStore;
  rate: SyncRateStore;
  prune(now: number): void;
  close(): void;
}
