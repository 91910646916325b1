/**
 * Admitting a checked submission. After the names file is written, ONE step of the job
 * queue (JobQueue.admit; in SQLite one IMMEDIATE transaction) does the idempotency
 * re-check (a concurrent twin may have won), the names-in-flight cap (429), the insert,
 * lane capacity and start horizon (503) and the credit reservation (429 quota). Any refusal rolls everything back and removes the file, so a
 * refused submission leaves no job, no file and no charge, and concurrent submissions can
 * never overshoot a cap or a quota.
 */
import { clockNow, utcDay } from "../../http/clock.ts";
import { ApiError } from "../../http/errors.ts";
import { quotaRefusal } from "../../http/meter.ts";
import { JOB_LIMITS, JOB_TYPES } from "../../operations.ts";
import { randomBase62 } from "../../store/secrets.ts";
import type { KeyRecord } from "../../store/types.ts";
import { checkCallbackUrl } from "./callback-url.ts";
import type { JobsCore } from "./core.ts";
import { isNoSpace, noSpaceForJob } from "./files.ts";
import { checkInFlight, type Submission } from "./submit.ts";
import type { NewJob } from "./queue.ts";
import type { JobRow } from "./types.ts";

function horizonText(s: number): string {
  if (s % 3600 === 0) return `${s / 3600} hour${s === 3600 ? "" : "s"}`;
  if (s % 60 === 0) return `${s / 60} minutes`;
  return `${s} seconds`;
}

function unavailable(message: string, waitS: number, retryAfterS: number): ApiError {
  const wait = Math.max(1, Math.ceil(waitS));
  const ra = String(Math.max(1, Math.ceil(retryAfterS)));
  return new ApiError("busy", message, { estimated_wait_seconds: wait }, { "Retry-After": ra });
}

/** Whether an earlier job with this idempotency key is replayed: true, false (older than 24 h: forgotten), or a 409. */
function replays(hit: JobRow, s: Submission, now: number): boolean {
  if (now - hit.created >= JOB_LIMITS.idempotencyTtlMs) return false;
  if (hit.idem_hash !== s.fingerprint) throw new ApiError("conflict", "idempotency_key was already used with a different request body");
  return true;
}

/** An earlier job with this idempotency key (a replay), a 409, or null (none within 24 h). */
function replay(core: JobsCore, key: KeyRecord, s: Submission, now: number): JobRow | null {
  if (s.idempotencyKey === null) return null;
  const hit = core.store.byIdempotencyKey(key.id, s.idempotencyKey);
  if (!hit) return null;
  if (replays(hit, s, now)) return hit;
  core.store.forgetIdempotencyKey(hit.id);
  return null;
}

export async function admit(core: JobsCore, key: KeyRecord, s: Submission, now: number): Promise<{ row: JobRow; replayed: boolean }> {
  const { store, lanes, files, config } = core;
  const early = replay(core, key, s, now);
  if (early) return { row: early, replayed: true };
  const callbackUrl = s.callbackUrl === null ? null : await checkCallbackUrl(s.callbackUrl, config.callbackAllowPrivate);
  const spec = JOB_TYPES[s.type];
  const n = s.namesBytes !== undefined ? s.count! : s.names.length;
  const cost = spec.cost({ items: n, includeCounts: s.options.include_counts === true });
  const id = `job_${randomBase62(24)}`;
  if (s.namesBytes !== undefined) await files.writeInputBytes(id, s.namesBytes);
  else files.writeInput(id, s.names);
  try {
    // The quota day is the day of the reservation (the body is read by now), as in meter.ts.
    const at = Math.max(now, clockNow());
    const day = utcDay(at);
    const job: NewJob = {
      id,
      key_id: key.id,
      type: s.type,
      total: n,
      options: JSON.stringify(s.options),
      chunk_size: config.chunkSize,
      usage_key: spec.usageKey,
      usage_day: day,
      credits_reserved: cost,
      created: now,
      deadline: now + config.jobDeadlineS * 1000,
      idem_key: s.idempotencyKey,
      idem_hash: s.idempotencyKey === null ? null : s.fingerprint,
      callback_url: callbackUrl,
    };
    const res = store.admit(job, key.dailyQuota, {
      // a concurrent twin may have won since the early look
      replay: (hit) => replays(hit, s, now),
      inFlight: (inFlight) => checkInFlight(inFlight, n),
      // One read of the lane, the new job in it: its names are part of the queued total the
      // cap is checked against, and its start horizon is judged where the lane's order puts
      // it (the keys take turns), not at the end of the lane. A refusal undoes the insert.
      lane: (lane) => {
        const queued = lanes.queuedNames(lane);
        if (queued > config.jobLaneCapNames) {
          const waitS = (queued - config.jobLaneCapNames) / lanes.namesPerSecond(s.type);
          throw unavailable("job queue is full", waitS, waitS);
        }
        const est = lanes.estimate(s.type, id, n, lane);
        const horizonMs = config.jobDeadlineS * 1000;
        if (est.startInMs > horizonMs) {
          throw unavailable(`job cannot start within ${horizonText(config.jobDeadlineS)}`, est.startInMs / 1000, (est.startInMs - horizonMs) / 1000);
        }
      },
      quotaRefused: (used) => {
        throw quotaRefusal(key, cost, used, at);
      },
    });
    if (res.replayed) files.tryRemove(id);
    return res;
  } catch (e) {
    files.tryRemove(id);
    // SQLite's own "database or disk is full" is the same 507 as the names file's.
    throw isNoSpace(e) ? noSpaceForJob() : e;
  }
}
