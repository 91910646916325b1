/**
 * The storage interface the routes see. The SQLite implementation lives beside it; a
 * PostgreSQL one can be added later without touching routes (same methods, async-safe
 * semantics: reserve is atomic check-and-debit, rate hit is atomic increment).
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

export interface Store {
  keys: KeyStore;
  usage: UsageStore;
  rate: RateStore;
  /** Periodic housekeeping (old rate windows and usage rows). */
  prune(now: number): void;
  close(): void;
}
