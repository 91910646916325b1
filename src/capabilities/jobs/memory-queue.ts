/**
 * A JobQueue held in memory, for unit tests of the jobs code without a database, and the
 * second implementation the queue contract (queue.contract.ts) runs against, so the
 * interface says what a job queue must do rather than what SQLite happens to do.
 * Single-threaded JavaScript makes each method one atomic step; rows are handed out as
 * copies, so a caller can never change the stored state except through the methods.
 */
import { USAGE_KEYS, type JobType, type UsageKey } from "../../operations.ts";
import type { DayUsage, SyncUsageStore as UsageStore } from "../../store/types.ts";
import {
  creditsFor,
  type AdmitChecks,
  type FinishOptions,
  type JobQueue,
  type KeyJobFigures,
  type LaneEntry,
  type Lease,
  type ListedJob,
  type ListFilter,
  type NewJob,
} from "./queue.ts";
import type { CallbackStatus, ChunkRow, FinalStatus, JobRow } from "./types.ts";

/** Credits per key and UTC day, in memory (the UsageStore contract: reserve within a quota, refund never below 0). */
export class MemoryUsage implements UsageStore {
  private days = new Map<string, Record<UsageKey, number>>();
  private slot(keyId: number, day: string): Record<UsageKey, number> {
    const k = `${keyId}/${day}`;
    let s = this.days.get(k);
    if (!s) this.days.set(k, (s = Object.fromEntries(USAGE_KEYS.map((u) => [u, 0])) as Record<UsageKey, number>));
    return s;
  }
  reserve(keyId: number, day: string, usageKey: UsageKey, credits: number, quota: number) {
    const s = this.slot(keyId, day);
    const used = USAGE_KEYS.reduce((n, u) => n + s[u], 0);
    if (used + credits > quota) return { ok: false, used };
    s[usageKey] += credits;
    return { ok: true, used: used + credits };
  }
  refund(keyId: number, day: string, usageKey: UsageKey, credits: number): void {
    const s = this.slot(keyId, day);
    s[usageKey] = Math.max(0, s[usageKey] - credits);
  }
  get(keyId: number, day: string): DayUsage {
    const s = { ...this.slot(keyId, day) };
    return { used: USAGE_KEYS.reduce((n, u) => n + s[u], 0), byKey: s };
  }
}

const CALLBACKS_DUE_MAX = 64;
const active = (j: JobRow) => j.status === "queued" || j.status === "running";

export class MemoryJobQueue implements JobQueue {
  private jobs = new Map<string, JobRow & { rid: number }>();
  private chunks = new Map<string, ChunkRow[]>();
  private rates = new Map<JobType, number>();
  private nextRid = 1;

  /** `usage`: where reservations and refunds go; `secrets`: each key's webhook secret. */
  constructor(
    readonly usage: UsageStore = new MemoryUsage(),
    private secrets: (keyId: number) => string | null = () => null,
  ) {}

  private row(id: string) {
    return this.jobs.get(id) ?? null;
  }
  private copy<T extends JobRow>(j: T): T {
    return { ...j };
  }

  insert(j: NewJob): void {
    if (this.jobs.has(j.id)) throw new Error(`job ${j.id} exists`);
    this.jobs.set(j.id, {
      ...j,
      status: "queued",
      done: 0,
      errors: 0,
      started: null,
      finished: null,
      expires_at: null,
      files_removed_at: null,
      partial: 0,
      results_bytes: 0,
      cancel_requested: 0,
      failure: null,
      lease_owner: null,
      lease_token: null,
      lease_expires: null,
      credits_refunded: 0,
      callback_status: j.callback_url === null ? null : "pending",
      callback_attempts: 0,
      callback_last_error: null,
      callback_next_at: null,
      callback_event: null,
      callback_body: null,
      rid: this.nextRid++,
    });
  }

  admit(job: NewJob, quota: number, checks: AdmitChecks): { row: JobRow; replayed: boolean } {
    if (job.idem_key !== null) {
      const hit = this.byIdempotencyKey(job.key_id, job.idem_key);
      if (hit) {
        if (checks.replay(hit)) return { row: hit, replayed: true };
        this.forgetIdempotencyKey(hit.id);
      }
    }
    checks.inFlight(this.namesInFlight(job.key_id));
    this.insert(job);
    try {
      checks.lane(this.lane(job.type));
      const r = this.usage.reserve(job.key_id, job.usage_day, job.usage_key, job.credits_reserved, quota);
      if (!r.ok) checks.quotaRefused(r.used);
    } catch (e) {
      this.jobs.delete(job.id); // the step is undone: no job (and no reservation was made)
      throw e;
    }
    return { row: this.get(job.id)!, replayed: false };
  }

  byIdempotencyKey(keyId: number, idemKey: string): JobRow | null {
    for (const j of this.jobs.values()) if (j.key_id === keyId && j.idem_key === idemKey) return this.copy(j);
    return null;
  }
  forgetIdempotencyKey(id: string): void {
    const j = this.row(id);
    if (j) j.idem_key = j.idem_hash = null;
  }

  get(id: string): JobRow | null {
    const j = this.row(id);
    if (!j) return null;
    const { rid: _rid, ...row } = j;
    return row;
  }

  list(keyId: number, f: ListFilter): ListedJob[] {
    const out: ListedJob[] = [];
    for (const j of this.jobs.values()) {
      if (j.key_id !== keyId || (j.finished !== null && j.finished < f.listedSince)) continue;
      if (f.status === "expired" && !(j.status === "expired" || j.files_removed_at !== null)) continue;
      if (f.status !== undefined && f.status !== "expired" && !(j.status === f.status && j.files_removed_at === null)) continue;
      if (f.type !== undefined && j.type !== f.type) continue;
      if (f.after && !(j.created < f.after.created || (j.created === f.after.created && j.rid < f.after.rowid))) continue;
      out.push(this.copy(j));
    }
    out.sort((a, b) => b.created - a.created || b.rid - a.rid);
    return out.slice(0, f.limit);
  }

  chunksFrom(id: string, fromRow: number): ChunkRow[] {
    return (this.chunks.get(id) ?? []).filter((c) => c.row_start + c.rows > fromRow).map((c) => ({ ...c }));
  }

  namesInFlight(keyId: number): number {
    let n = 0;
    for (const j of this.jobs.values()) if (j.key_id === keyId && active(j)) n += j.total - j.done;
    return n;
  }

  keyFigures(keyId: number): KeyJobFigures {
    let storageBytes = 0;
    for (const j of this.jobs.values()) if (j.key_id === keyId && j.files_removed_at === null) storageBytes += j.results_bytes;
    return { namesInFlight: this.namesInFlight(keyId), storageBytes };
  }

  lane(type: JobType): LaneEntry[] {
    const ofType = [...this.jobs.values()].filter((j) => j.type === type);
    const served = new Map<number, number>();
    for (const j of ofType) if (j.started !== null) served.set(j.key_id, Math.max(served.get(j.key_id) ?? -Infinity, j.started));
    const queued = ofType.filter((j) => j.status === "queued").sort((a, b) => a.created - b.created || a.rid - b.rid);
    const turn = new Map<string, number>();
    const seen = new Map<number, number>();
    const keyFirst = new Map<number, number>();
    for (const j of queued) {
      const t = (seen.get(j.key_id) ?? 0) + 1;
      seen.set(j.key_id, t);
      turn.set(j.id, t);
      if (!keyFirst.has(j.key_id)) keyFirst.set(j.key_id, j.created);
    }
    type Sortable = { j: JobRow & { rid: number }; turn: number; servedAt: number; keyFirst: number };
    const rows: Sortable[] = [
      ...ofType.filter((j) => j.status === "running").map((j) => ({ j, turn: 0, servedAt: 0, keyFirst: j.created })),
      ...queued.map((j) => ({ j, turn: turn.get(j.id)!, servedAt: served.get(j.key_id) ?? -1, keyFirst: keyFirst.get(j.key_id)! })),
    ];
    rows.sort(
      (a, b) =>
        a.turn - b.turn || a.servedAt - b.servedAt || a.keyFirst - b.keyFirst || a.j.key_id - b.j.key_id || a.j.created - b.j.created || a.j.rid - b.j.rid,
    );
    return rows.map(({ j }) => ({ id: j.id, key_id: j.key_id, total: j.total, done: j.done, status: j.status }));
  }

  laneRate(type: JobType): number | null {
    return this.rates.get(type) ?? null;
  }
  setLaneRate(type: JobType, namesPerS: number): void {
    this.rates.set(type, namesPerS);
  }

  running(): JobRow[] {
    return [...this.jobs.values()].filter((j) => j.status === "running").map((j) => this.get(j.id)!);
  }

  claim(id: string, lease: Lease, now: number, force = false): boolean {
    const j = this.row(id);
    if (!j) return false;
    const free = j.status === "queued" || (j.status === "running" && (force || j.lease_expires === null || j.lease_expires < now));
    if (!free) return false;
    j.status = "running";
    j.started ??= now;
    j.lease_owner = lease.owner;
    j.lease_token = lease.token;
    j.lease_expires = lease.expires;
    return true;
  }

  renew(id: string, token: string, expires: number): boolean {
    const j = this.row(id);
    if (j?.status !== "running" || j.lease_token !== token) return false;
    j.lease_expires = expires;
    return true;
  }

  commitChunk(id: string, token: string, c: ChunkRow, errors: number): boolean {
    const j = this.row(id);
    if (j?.status !== "running" || j.lease_token !== token || j.done !== c.row_start) return false;
    j.done += c.rows;
    j.errors += errors;
    j.results_bytes = c.offset + c.bytes;
    const list = this.chunks.get(id) ?? [];
    list.push({ ...c });
    this.chunks.set(id, list);
    return true;
  }

  requestCancel(id: string): boolean {
    const j = this.row(id);
    if (j?.status !== "running") return false;
    j.cancel_requested = 1;
    return true;
  }

  finish(id: string, status: FinalStatus, now: number, opts: FinishOptions): JobRow | null {
    const j = this.row(id);
    if (!j || !active(j)) return null;
    const kept = Math.min(j.credits_reserved, creditsFor(j, j.done - j.errors));
    const refunded = j.credits_reserved - kept;
    Object.assign(j, {
      status,
      finished: now,
      expires_at: now + opts.ttlMs,
      partial: j.done > 0 && j.done < j.total ? 1 : 0,
      credits_refunded: refunded,
      failure: opts.failure ?? null,
      lease_owner: null,
      lease_token: null,
      lease_expires: null,
      callback_next_at: j.callback_url === null ? null : now + opts.callbackDelayMs,
      callback_event: j.callback_url === null ? null : `job.${status}`,
    });
    if (refunded > 0) this.usage.refund(j.key_id, j.usage_day, j.usage_key, refunded);
    if (j.callback_url !== null && opts.body) j.callback_body = opts.body(this.get(id)!);
    return this.get(id);
  }

  overdue(now: number): JobRow[] {
    return [...this.jobs.values()].filter((j) => j.status === "queued" && j.deadline <= now).map((j) => this.get(j.id)!);
  }
  filesDue(now: number): JobRow[] {
    return [...this.jobs.values()].filter((j) => j.expires_at !== null && j.expires_at <= now && j.files_removed_at === null).map((j) => this.get(j.id)!);
  }
  markFilesRemoved(id: string, now: number): void {
    const j = this.row(id);
    if (j && j.files_removed_at === null) {
      j.files_removed_at = now;
      j.results_bytes = 0;
    }
    this.chunks.delete(id);
  }
  purge(cutoff: number): string[] {
    const gone: string[] = [];
    for (const j of this.jobs.values()) {
      const settled = j.callback_status !== "pending" && j.callback_status !== "retrying";
      if (j.finished !== null && j.finished < cutoff && j.files_removed_at !== null && settled) gone.push(j.id);
    }
    for (const id of gone) {
      this.jobs.delete(id);
      this.chunks.delete(id);
    }
    return gone;
  }

  callbacksDue(now: number): JobRow[] {
    return [...this.jobs.values()]
      .filter((j) => (j.callback_status === "pending" || j.callback_status === "retrying") && j.callback_next_at !== null && j.callback_next_at <= now)
      .sort((a, b) => a.callback_next_at! - b.callback_next_at!)
      .slice(0, CALLBACKS_DUE_MAX)
      .map((j) => this.get(j.id)!);
  }
  takeCallbackAttempt(id: string, seenAttempts: number, nextAt: number): boolean {
    const j = this.row(id);
    if (!j || j.callback_attempts !== seenAttempts || (j.callback_status !== "pending" && j.callback_status !== "retrying")) return false;
    j.callback_attempts = seenAttempts + 1;
    j.callback_next_at = nextAt;
    return true;
  }
  setCallbackState(id: string, status: CallbackStatus, attempts: number, error: string | null, nextAt: number | null): void {
    const j = this.row(id);
    if (!j) return;
    Object.assign(j, { callback_status: status, callback_attempts: attempts, callback_last_error: error, callback_next_at: nextAt });
  }
  webhookSecret(keyId: number): string | null {
    return this.secrets(keyId);
  }
}
