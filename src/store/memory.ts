/**
 * Store in process memory: the same contract as the SQLite store (store.contract.ts runs
 * against both), for tests and tools that need keys, quota and rate windows without a file.
 * Nothing survives the process, and only this process sees it: a server on this store
 * cannot share keys with `cli keys` or run jobs (they need the SQLite file).
 *
 * Every method runs to completion without yielding, so check-and-debit and increment are
 * atomic for all callers in the process, as the interface asks.
 */
import { DEFAULT_DAILY_QUOTA, USAGE_KEYS, type Bucket, type UsageKey } from "../operations.ts";
import { hashKey, newApiKey, newWebhookSecret } from "./secrets.ts";
import type {
  DayUsage,
  IssuedKey,
  KeyRecord,
  ReserveResult,
  SyncKeyStore as KeyStore,
  SyncRateStore as RateStore,
  SyncStore,
  SyncUsageStore as UsageStore,
} from "./types.ts";

class MemoryKeyStore implements KeyStore {
  private byId = new Map<number, KeyRecord>();
  private idByName = new Map<string, number>();
  private idByHash = new Map<string, number>();
  private nextId = 1;
  private writes = 0;

  create(name: string, dailyQuota = DEFAULT_DAILY_QUOTA): IssuedKey {
    if (this.idByName.has(name)) throw new Error(`a key named ${JSON.stringify(name)} exists already`);
    const key = newApiKey();
    const secret = newWebhookSecret();
    const record: KeyRecord = { id: this.nextId++, name, keyHash: hashKey(key), webhookSecret: secret, dailyQuota, createdAt: Date.now(), revokedAt: null };
    this.put(record);
    return { record: { ...record }, key, webhookSecret: secret };
  }

  findByHash(hash: string): KeyRecord | null {
    return this.copy(this.idByHash.get(hash));
  }

  findByName(name: string): KeyRecord | null {
    return this.copy(this.idByName.get(name));
  }

  list(): KeyRecord[] {
    return [...this.byId.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((r) => ({ ...r }));
  }

  revoke(name: string): boolean {
    const r = this.byName(name);
    if (!r || r.revokedAt !== null) return false;
    this.put({ ...r, revokedAt: Date.now() });
    return true;
  }

  /** New key and secret under the same name, quota and usage; null for an unknown or revoked key. */
  rotate(name: string): IssuedKey | null {
    const r = this.byName(name);
    if (!r || r.revokedAt !== null) return null;
    const key = newApiKey();
    const secret = newWebhookSecret();
    this.idByHash.delete(r.keyHash);
    const next = { ...r, keyHash: hashKey(key), webhookSecret: secret };
    this.put(next);
    return { record: { ...next }, key, webhookSecret: secret };
  }

  setQuota(name: string, dailyQuota: number): boolean {
    const r = this.byName(name);
    if (!r) return false;
    this.put({ ...r, dailyQuota });
    return true;
  }

  count(): number {
    return this.byId.size;
  }

  version(): number {
    return this.writes;
  }

  private byName(name: string): KeyRecord | undefined {
    const id = this.idByName.get(name);
    return id === undefined ? undefined : this.byId.get(id);
  }

  private put(r: KeyRecord): void {
    this.byId.set(r.id, r);
    this.idByName.set(r.name, r.id);
    this.idByHash.set(r.keyHash, r.id);
    this.writes++;
  }

  private copy(id: number | undefined): KeyRecord | null {
    const r = id === undefined ? undefined : this.byId.get(id);
    return r ? { ...r } : null;
  }
}

interface Day {
  byKey: Record<UsageKey, number>;
  used: number;
  /** The snapshot `get` hands out, until the next change. */
  snapshot: DayUsage | null;
}

class MemoryUsageStore implements UsageStore {
  readonly days = new Map<string, Day>();

  reserve(keyId: number, day: string, usageKey: UsageKey, credits: number, quota: number): ReserveResult {
    const d = this.day(keyId, day, true)!;
    if (credits <= 0) return { ok: true, used: d.used };
    if (d.used + credits > quota) return { ok: false, used: d.used };
    d.byKey[usageKey] += credits;
    d.used += credits;
    d.snapshot = null;
    return { ok: true, used: d.used };
  }

  refund(keyId: number, day: string, usageKey: UsageKey, credits: number): void {
    if (credits <= 0) return;
    const d = this.day(keyId, day, false);
    if (!d) return;
    const back = Math.min(credits, d.byKey[usageKey]);
    if (back === 0) return;
    d.byKey[usageKey] -= back;
    d.used -= back;
    d.snapshot = null;
  }

  get(keyId: number, day: string): DayUsage {
    const d = this.day(keyId, day, true)!;
    d.snapshot ??= Object.freeze({ used: d.used, byKey: Object.freeze({ ...d.byKey }) });
    return d.snapshot;
  }

  private day(keyId: number, day: string, create: boolean): Day | undefined {
    const id = `${keyId} ${day}`;
    let d = this.days.get(id);
    if (!d && create) {
      d = { byKey: Object.fromEntries(USAGE_KEYS.map((k) => [k, 0])) as Record<UsageKey, number>, used: 0, snapshot: null };
      this.days.set(id, d);
    }
    return d;
  }
}

class MemoryRateStore implements RateStore {
  /** Count per key, bucket and minute, keyed "keyId bucket minute". */
  readonly windows = new Map<string, number>();

  hit(keyId: number, bucket: Bucket, minute: number): number {
    const id = `${keyId} ${bucket} ${minute}`;
    const n = (this.windows.get(id) ?? 0) + 1;
    this.windows.set(id, n);
    return n;
  }
}

export function openMemoryStore(): SyncStore {
  const usage = new MemoryUsageStore();
  const rate = new MemoryRateStore();
  return {
    keys: new MemoryKeyStore(),
    usage,
    rate,
    prune(now: number) {
      // The same horizons as the SQLite store: rate windows older than two minutes, usage after 90 days.
      const oldestMinute = Math.floor(now / 60_000) - 2;
      for (const id of rate.windows.keys()) if (Number(id.slice(id.lastIndexOf(" ") + 1)) < oldestMinute) rate.windows.delete(id);
      const oldestDay = new Date(now - 90 * 86_400_000).toISOString().slice(0, 10);
      for (const id of usage.days.keys()) if (id.slice(id.indexOf(" ") + 1) < oldestDay) usage.days.delete(id);
    },
    close() {
      rate.windows.clear();
      usage.days.clear();
    },
  };
}
