/** The Job object (docs/jobs.md), built from a stored row and the lane's estimates. */
import { iso } from "../../http/clock.ts";
import type { Lanes } from "./lanes.ts";
import type { LaneEntry } from "./queue.ts";
import { reportedStatus, type JobRow } from "./types.ts";

export interface JobView {
  id: string;
  type: string;
  status: string;
  total: number;
  done: number;
  errors: number;
  progress: number;
  options: Record<string, unknown>;
  credits_reserved: number;
  credits_refunded: number;
  credits_charged: number;
  position?: number;
  created: string;
  started: string | null;
  finished: string | null;
  estimated_start: string | null;
  estimated_finish: string | null;
  deadline: string | null;
  expires_at: string | null;
  partial: boolean;
  poll_url: string;
  results_url: string | null;
  callback?: { url: string; status: string; attempts: number; last_error: string | null };
  /** X-Request-Id of the request that submitted the job (null when unknown). */
  request_id: string | null;
}

export const pollUrl = (id: string) => `/v1/jobs/${id}`;
export const resultsUrl = (j: Pick<JobRow, "id" | "done" | "files_removed_at">) =>
  j.done > 0 && j.files_removed_at === null ? `/v1/jobs/${j.id}/results` : null;

/** `lane` may be passed when building many views of one lane (the list endpoint). */
export function jobView(j: JobRow, now: number, lanes: Lanes, lane?: LaneEntry[]): JobView {
  const status = reportedStatus(j);
  let position: number | undefined;
  let estStart: number | null = null;
  let estFinish: number | null = null;
  if (j.status === "queued") {
    const e = lanes.estimate(j.type, j.id, j.total, lane);
    position = e.position;
    estStart = now + e.startInMs;
    estFinish = now + e.finishInMs;
  } else if (j.status === "running") {
    estStart = j.started;
    estFinish = now + lanes.remainingMs(j.type, j.total - j.done);
  }
  const view: JobView = {
    id: j.id,
    type: j.type,
    status,
    total: j.total,
    done: j.done,
    errors: j.errors,
    progress: j.total === 0 ? 1 : Math.round((j.done / j.total) * 1e6) / 1e6,
    options: JSON.parse(j.options) as Record<string, unknown>,
    credits_reserved: j.credits_reserved,
    credits_refunded: j.credits_refunded,
    credits_charged: j.credits_reserved - j.credits_refunded,
    ...(position !== undefined ? { position } : {}),
    created: iso(j.created)!,
    started: iso(j.started),
    finished: iso(j.finished),
    estimated_start: iso(estStart),
    estimated_finish: iso(estFinish),
    deadline: iso(j.deadline),
    expires_at: iso(j.expires_at),
    partial: j.partial === 1,
    poll_url: pollUrl(j.id),
    results_url: resultsUrl(j),
    request_id: j.request_id ?? null,
  };
  if (j.callback_url !== null) {
    view.callback = { url: j.callback_url, status: j.callback_status ?? "pending", attempts: j.callback_attempts, last_error: j.callback_last_error };
  }
  return view;
}

/** The DELETE answer (a subset of the Job object). */
export function deleteView(v: JobView) {
  return {
    id: v.id,
    type: v.type,
    status: v.status,
    total: v.total,
    done: v.done,
    errors: v.errors,
    progress: v.progress,
    credits_reserved: v.credits_reserved,
    credits_refunded: v.credits_refunded,
    credits_charged: v.credits_charged,
    results_url: v.results_url,
  };
}
