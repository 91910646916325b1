/**
 * Lanes: one per job type. Each lane knows its measured throughput (a moving average of
 * names per second over committed chunks, persisted so estimates survive a restart) and
 * the order in which it will run its jobs (JobQueue.lane: running first, then each key's
 * oldest queued job in turn). Positions, estimates and the submit-time refusals (503)
 * are all computed from that one order.
 */
import { JOB_TYPE_LIST, JOB_TYPES, type JobType } from "../../operations.ts";
import type { JobQueue, LaneEntry } from "./queue.ts";

/** Starting estimates before a lane has measured anything (JOB_TYPES[type].indicativeNamesPerS). */
export const INDICATIVE_NAMES_PER_S: Readonly<Record<JobType, number>> = Object.fromEntries(
  JOB_TYPE_LIST.map((t) => [t, JOB_TYPES[t].indicativeNamesPerS]),
) as Record<JobType, number>;

const EMA_WEIGHT = 0.2;

export interface Estimate {
  /** 1 + jobs ahead in the lane (for a queued job). */
  position: number;
  /** Milliseconds from now until the job starts and finishes. */
  startInMs: number;
  finishInMs: number;
}

export class Lanes {
  private rates = new Map<JobType, number>();
  constructor(private store: Pick<JobQueue, "lane" | "laneRate" | "setLaneRate">) {}

  namesPerSecond(type: JobType): number {
    let r = this.rates.get(type);
    if (r === undefined) {
      r = this.store.laneRate(type) ?? INDICATIVE_NAMES_PER_S[type];
      this.rates.set(type, r);
    }
    return r;
  }

  /** Feed a measurement: `rows` committed over `ms` of the lane's wall time. */
  measure(type: JobType, rows: number, ms: number): void {
    if (rows <= 0 || ms <= 0) return;
    const current = this.namesPerSecond(type);
    // One outlier (a chunk redone after a silent worker, a paused process) moves the
    // average at most tenfold, so a single stall cannot make the lane refuse work for long.
    const sample = Math.min(current * 10, Math.max(current / 10, (rows * 1000) / ms));
    const next = current * (1 - EMA_WEIGHT) + sample * EMA_WEIGHT;
    this.rates.set(type, next);
  }

  /** Persist the lane's average (called when a job ends, not per chunk). */
  save(type: JobType): void {
    this.store.setLaneRate(type, this.namesPerSecond(type));
  }

  /** Position and estimates of a queued job, or of a job of `total` names joining the lane now. */
  estimate(type: JobType, jobId: string | null, total: number, lane: LaneEntry[] = this.store.lane(type)): Estimate {
    const rate = this.namesPerSecond(type);
    let ahead = 0;
    let jobsAhead = 0;
    for (const e of lane) {
      if (e.id === jobId) break;
      ahead += e.total - e.done;
      if (e.status === "queued") jobsAhead++;
    }
    const startInMs = (ahead / rate) * 1000;
    return { position: jobsAhead + 1, startInMs, finishInMs: startInMs + (total / rate) * 1000 };
  }

  /** Names waiting (queued) in the lane. */
  queuedNames(lane: LaneEntry[]): number {
    let n = 0;
    for (const e of lane) if (e.status === "queued") n += e.total;
    return n;
  }

  /** Milliseconds until a running job is done, from the lane's rate. */
  remainingMs(type: JobType, left: number): number {
    return (left / this.namesPerSecond(type)) * 1000;
  }
}
