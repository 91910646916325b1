/**
 * The SQLite job queue (the JobQueue of queue.ts): every SQL statement of the jobs
 * capability, each with a header saying what it reads and writes. Guarantees, beside the
 * interface's:
 * - a chunk is committed (chunk row, `done`, `errors`, `results_bytes`) in ONE transaction
 *   and only by the holder of the job's lease token, so a chunk is never counted twice;
 * - a job reaches a final state once (`WHERE status IN ('queued','running')`), and the
 *   refund of its unprocessed and error rows happens in that same transaction, so
 *   credits_charged = credits_reserved - credits_refunded at every instant;
 * - admission is one IMMEDIATE transaction over the jobs table and the usage table (one
 *   database), so concurrent submissions, in this process or another, never overshoot.
 */
import type { Database } from "bun:sqlite";
import type { JobType } from "../../operations.ts";
import { CommitAwareCache } from "../../store/read-cache.ts";
import type { SqliteStore } from "../../store/sqlite.ts";
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

export class SqliteJobQueue implements JobQueue {
  /** The database (tests read and seed it directly; the jobs code never does). */
  readonly db: Database;
  private q;
  /**
   * Per-key usage figures, read on every GET /v1/usage. Every write below that can move
   * them (insert, commitChunk, finish, markFilesRemoved) clears the cache; other processes'
   * writes clear it through data_version.
   */
  private figures: CommitAwareCache<number, KeyJobFigures>;

  constructor(private store: SqliteStore) {
    const db = (this.db = store.db);
    this.figures = new CommitAwareCache(db);
    this.q = {
      // in: a whole new job -> inserts it queued
      insert: db.query(
        `INSERT INTO jobs (id, key_id, type, status, total, options, chunk_size, usage_key, usage_day, credits_reserved,
           created, deadline, idem_key, idem_hash, callback_url, callback_status)
         VALUES ($id, $key_id, $type, 'queued', $total, $options, $chunk_size, $usage_key, $usage_day, $credits_reserved,
           $created, $deadline, $idem_key, $idem_hash, $callback_url, CASE WHEN $callback_url IS NULL THEN NULL ELSE 'pending' END)`,
      ),
      // in: id -> the row
      get: db.query<JobRow, [string]>("SELECT * FROM jobs WHERE id = ?"),
      // in: key, idempotency key -> the job that used it (any age)
      idem: db.query<JobRow, [number, string]>("SELECT * FROM jobs WHERE key_id = ? AND idem_key = ?"),
      // in: id -> forgets its idempotency key (older than 24 h)
      clearIdem: db.query("UPDATE jobs SET idem_key = NULL, idem_hash = NULL WHERE id = ?"),
      // in: key -> names not yet processed in its queued and running jobs
      inFlight: db.query<{ n: number }, [number]>("SELECT coalesce(sum(total - done), 0) AS n FROM jobs WHERE key_id = ? AND status IN ('queued', 'running')"),
      // in: key -> committed bytes of its results files still on disk
      storage: db.query<{ n: number }, [number]>("SELECT coalesce(sum(results_bytes), 0) AS n FROM jobs WHERE key_id = ? AND files_removed_at IS NULL"),
      // in: lane -> its running jobs, then its queued jobs in the order the lane takes them,
      // the keys in turn (docs/jobs.md): each key's oldest queued job first (turn 1), then
      // each key's second (turn 2)...; within a turn, the key the lane served longest ago
      // first (a key never served yet before any; then by its oldest queued job). Served =
      // the latest start of one of the key's jobs in this lane, so the order remembers whose
      // turn it was: numbering turns afresh at each start (as before) put a key with a
      // running job back at turn 1, and its backlog won every tie by age against another
      // key's first job.
      lane: db.query<LaneEntry, [string]>(
        `WITH served AS (SELECT key_id, max(started) AS at FROM jobs WHERE type = ?1 AND started IS NOT NULL GROUP BY key_id)
         SELECT id, key_id, total, done, status FROM (
           SELECT id, key_id, total, done, status, 0 AS turn, 0 AS served_at, created AS key_first, created, rowid AS rid
           FROM jobs WHERE type = ?1 AND status = 'running'
           UNION ALL
           SELECT q.id, q.key_id, q.total, q.done, q.status,
                  ROW_NUMBER() OVER (PARTITION BY q.key_id ORDER BY q.created, q.rowid) AS turn,
                  coalesce(s.at, -1) AS served_at,
                  min(q.created) OVER (PARTITION BY q.key_id) AS key_first,
                  q.created, q.rowid AS rid
           FROM jobs q LEFT JOIN served s ON s.key_id = q.key_id
           WHERE q.type = ?1 AND q.status = 'queued')
         ORDER BY turn, served_at, key_first, key_id, created, rid`,
      ),
      // in: job, owner, token, expiry, now -> takes the lease of a queued job, or of a running
      // job whose lease expired or belongs to a dead process (decided by the caller: $force)
      claim: db.query(
        `UPDATE jobs SET status = 'running', started = coalesce(started, $now),
           lease_owner = $owner, lease_token = $token, lease_expires = $expires
         WHERE id = $id AND (status = 'queued'
           OR (status = 'running' AND ($force = 1 OR lease_expires IS NULL OR lease_expires < $now)))`,
      ),
      // in: running jobs with their lease holder, for reclaiming
      running: db.query<JobRow, []>("SELECT * FROM jobs WHERE status = 'running'"),
      // in: job, token, expiry -> extends the lease; 0 changes when the lease was lost
      renew: db.query("UPDATE jobs SET lease_expires = ?3 WHERE id = ?1 AND lease_token = ?2 AND status = 'running'"),
      // in: job, token, chunk -> advances done/errors/results_bytes when the token still holds
      advance: db.query(
        `UPDATE jobs SET done = done + $rows, errors = errors + $errors, results_bytes = $end
         WHERE id = $id AND lease_token = $token AND status = 'running' AND done = $row_start`,
      ),
      addChunk: db.query("INSERT INTO job_chunks (job_id, row_start, rows, offset, bytes) VALUES (?, ?, ?, ?, ?)"),
      // in: job, first row wanted -> the committed chunks from the one holding that row
      chunksFrom: db.query<ChunkRow, [string, number]>(
        `SELECT row_start, rows, offset, bytes FROM job_chunks WHERE job_id = ?1
           AND row_start + rows > ?2 ORDER BY row_start`,
      ),
      // in: job, status, now, refund, ... -> the final state, once
      finish: db.query(
        `UPDATE jobs SET status = $status, finished = $now, expires_at = $expires_at, partial = $partial,
           credits_refunded = $refunded, failure = $failure, lease_owner = NULL, lease_token = NULL, lease_expires = NULL,
           callback_next_at = CASE WHEN callback_url IS NULL THEN NULL ELSE $callback_at END,
           callback_event = CASE WHEN callback_url IS NULL THEN NULL ELSE 'job.' || $status END
         WHERE id = $id AND status IN ('queued', 'running')`,
      ),
      setCallbackBody: db.query("UPDATE jobs SET callback_body = ? WHERE id = ?"),
      cancelRequest: db.query("UPDATE jobs SET cancel_requested = 1 WHERE id = ? AND status = 'running'"),
      // in: now -> queued jobs past their deadline
      overdue: db.query<JobRow, [number]>("SELECT * FROM jobs WHERE status = 'queued' AND deadline <= ?"),
      // in: now -> finished jobs whose files are due for removal
      filesDue: db.query<JobRow, [number]>("SELECT * FROM jobs WHERE expires_at IS NOT NULL AND expires_at <= ? AND files_removed_at IS NULL"),
      markRemoved: db.query("UPDATE jobs SET files_removed_at = ?2, results_bytes = 0 WHERE id = ?1 AND files_removed_at IS NULL"),
      dropChunks: db.query("DELETE FROM job_chunks WHERE job_id = ?"),
      // in: cutoff -> jobs no longer listed (their files are already gone)
      purge: db.query<{ id: string }, [number]>(
        "DELETE FROM jobs WHERE finished IS NOT NULL AND finished < ? AND files_removed_at IS NOT NULL AND callback_status IS NOT 'pending' AND callback_status IS NOT 'retrying' RETURNING id",
      ),
      // in: now -> callbacks due for an attempt
      callbacksDue: db.query<JobRow, [number]>(
        "SELECT * FROM jobs WHERE callback_status IN ('pending', 'retrying') AND callback_next_at <= ? ORDER BY callback_next_at LIMIT 64",
      ),
      callbackState: db.query(
        `UPDATE jobs SET callback_status = $status, callback_attempts = $attempts, callback_last_error = $error,
           callback_next_at = $next_at WHERE id = $id`,
      ),
      // in: job, the attempts count read before -> counts one more attempt, unless another
      // process counted it first (compare-and-set: one sender per attempt)
      takeAttempt: db.query(
        "UPDATE jobs SET callback_attempts = ?2 + 1, callback_next_at = ?3 WHERE id = ?1 AND callback_attempts = ?2 AND callback_status IN ('pending', 'retrying')",
      ),
      // in: key -> the secret its callbacks are signed with
      secret: db.query<{ webhook_secret: string }, [number]>("SELECT webhook_secret FROM keys WHERE id = ?"),
      laneRate: db.query<{ names_per_s: number }, [string]>("SELECT names_per_s FROM job_lanes WHERE type = ?"),
      setLaneRate: db.query("INSERT INTO job_lanes (type, names_per_s) VALUES (?1, ?2) ON CONFLICT (type) DO UPDATE SET names_per_s = ?2"),
    };
  }

  /** Inserts a queued job as is, no checks (admit is the service's way in; tests and benches seed lanes with this). */
  insert(j: NewJob): void {
    this.figures.clear();
    this.q.insert.run({ ...j } as never);
  }
  get(id: string): JobRow | null {
    return this.q.get.get(id);
  }
  byIdempotencyKey(keyId: number, idemKey: string): JobRow | null {
    return this.q.idem.get(keyId, idemKey);
  }
  forgetIdempotencyKey(id: string): void {
    this.q.clearIdem.run(id);
  }
  /** Exact, from the database: what admission checks the cap against (inside its transaction). */
  namesInFlight(keyId: number): number {
    return this.q.inFlight.get(keyId)!.n;
  }
  /** Names not yet processed in the key's queued and running jobs, and its results bytes on disk (cached). */
  keyFigures(keyId: number): KeyJobFigures {
    return this.figures.get(keyId, (k) => ({
      namesInFlight: this.q.inFlight.get(k)!.n,
      storageBytes: this.q.storage.get(k)!.n,
    }));
  }
  lane(type: JobType): LaneEntry[] {
    return this.q.lane.all(type);
  }
  running(): JobRow[] {
    return this.q.running.all();
  }
  claim(id: string, lease: Lease, now: number, force = false): boolean {
    return this.q.claim.run({ id, owner: lease.owner, token: lease.token, expires: lease.expires, now, force: force ? 1 : 0 } as never).changes === 1;
  }
  renew(id: string, token: string, expires: number): boolean {
    return this.q.renew.run(id, token, expires).changes === 1;
  }
  chunksFrom(id: string, fromRow: number): ChunkRow[] {
    return this.q.chunksFrom.all(id, fromRow);
  }
  requestCancel(id: string): boolean {
    return this.q.cancelRequest.run(id).changes === 1;
  }
  overdue(now: number): JobRow[] {
    return this.q.overdue.all(now);
  }
  filesDue(now: number): JobRow[] {
    return this.q.filesDue.all(now);
  }
  markFilesRemoved(id: string, now: number): void {
    this.figures.clear();
    this.db.transaction(() => {
      this.q.markRemoved.run(id, now);
      this.q.dropChunks.run(id);
    })();
  }
  purge(cutoff: number): string[] {
    return this.q.purge.all(cutoff).map((r) => r.id);
  }
  callbacksDue(now: number): JobRow[] {
    return this.q.callbacksDue.all(now);
  }
  setCallbackState(id: string, status: CallbackStatus, attempts: number, error: string | null, nextAt: number | null): void {
    this.q.callbackState.run({ id, status, attempts, error, next_at: nextAt } as never);
  }
  /** Counts the next callback attempt; false when another process already did. */
  takeCallbackAttempt(id: string, seenAttempts: number, nextAt: number): boolean {
    return this.q.takeAttempt.run(id, seenAttempts, nextAt).changes === 1;
  }
  laneRate(type: JobType): number | null {
    return this.q.laneRate.get(type)?.names_per_s ?? null;
  }
  setLaneRate(type: JobType, namesPerS: number): void {
    this.q.setLaneRate.run(type, namesPerS);
  }

  webhookSecret(keyId: number): string | null {
    return this.q.secret.get(keyId)?.webhook_secret ?? null;
  }

  admit(job: NewJob, quota: number, checks: AdmitChecks): { row: JobRow; replayed: boolean } {
    return this.db
      .transaction(() => {
        if (job.idem_key !== null) {
          const hit = this.q.idem.get(job.key_id, job.idem_key);
          if (hit) {
            if (checks.replay(hit)) return { row: hit, replayed: true };
            this.q.clearIdem.run(hit.id);
          }
        }
        checks.inFlight(this.q.inFlight.get(job.key_id)!.n);
        this.insert(job);
        checks.lane(this.lane(job.type));
        const r = this.store.usage.reserve(job.key_id, job.usage_day, job.usage_key, job.credits_reserved, quota);
        if (!r.ok) checks.quotaRefused(r.used);
        return { row: this.q.get.get(job.id)!, replayed: false };
      })
      .immediate();
  }

  /** Records a written chunk and advances the job, atomically, if `token` still holds the lease. */
  commitChunk(id: string, token: string, c: ChunkRow, errors: number): boolean {
    this.figures.clear();
    return this.db
      .transaction(() => {
        const r = this.q.advance.run({ id, token, rows: c.rows, errors, end: c.offset + c.bytes, row_start: c.row_start } as never);
        if (r.changes !== 1) return false;
        this.q.addChunk.run(id, c.row_start, c.rows, c.offset, c.bytes);
        return true;
      })
      .immediate();
  }

  /**
   * Moves a queued or running job to its final status, refunding (in the same transaction)
   * every credit not earned by a row processed without error. Returns the final row, or
   * null when the job was already final. `body` builds the callback body from that row.
   */
  finish(id: string, status: FinalStatus, now: number, opts: FinishOptions): JobRow | null {
    this.figures.clear();
    return this.db
      .transaction(() => {
        const before = this.q.get.get(id);
        if (!before || (before.status !== "queued" && before.status !== "running")) return null;
        const kept = Math.min(before.credits_reserved, creditsFor(before, before.done - before.errors));
        const refunded = before.credits_reserved - kept;
        this.q.finish.run({
          id,
          status,
          now,
          expires_at: now + opts.ttlMs,
          partial: before.done > 0 && before.done < before.total ? 1 : 0,
          refunded,
          failure: opts.failure ?? null,
          callback_at: now + opts.callbackDelayMs,
        } as never);
        if (refunded > 0) this.store.usage.refund(before.key_id, before.usage_day, before.usage_key, refunded);
        const after = this.q.get.get(id)!;
        if (after.callback_url !== null && opts.body) {
          const body = opts.body(after);
          this.q.setCallbackBody.run(body, id);
          after.callback_body = body;
        }
        return after;
      })
      .immediate();
  }

  /** The key's jobs, newest first, with the filters of GET /v1/jobs. */
  list(keyId: number, f: ListFilter): ListedJob[] {
    const where = ["key_id = $key", "(finished IS NULL OR finished >= $since)"];
    const params: Record<string, string | number> = { key: keyId, since: f.listedSince, limit: f.limit };
    if (f.status === "expired") where.push("(status = 'expired' OR files_removed_at IS NOT NULL)");
    else if (f.status) {
      where.push("status = $status AND files_removed_at IS NULL");
      params.status = f.status;
    }
    if (f.type) {
      where.push("type = $type");
      params.type = f.type;
    }
    if (f.after) {
      where.push("(created < $ac OR (created = $ac AND rowid < $ar))");
      params.ac = f.after.created;
      params.ar = f.after.rowid;
    }
    const sql = `SELECT *, rowid AS rid FROM jobs WHERE ${where.join(" AND ")} ORDER BY created DESC, rowid DESC LIMIT $limit`;
    return this.db.query<ListedJob, [Record<string, string | number>]>(sql).all(params);
  }
}
