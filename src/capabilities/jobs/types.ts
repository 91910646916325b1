/** The job record as stored, its statuses, and the small facts every jobs module shares. */
import type { JobOptionName, JobType, UsageKey } from "../../operations.ts";

export type JobStatus = "queued" | "running" | "succeeded" | "partial" | "failed" | "expired" | "cancelled";
export const JOB_STATUSES: readonly JobStatus[] = ["queued", "running", "succeeded", "partial", "failed", "expired", "cancelled"];
export type FinalStatus = Exclude<JobStatus, "queued" | "running">;
export const isFinal = (s: JobStatus): s is FinalStatus => s !== "queued" && s !== "running";

export type CallbackStatus = "pending" | "retrying" | "delivered" | "gave_up";

/** The options a job was submitted with (JOB_OPTIONS in src/operations.ts). */
export type JobOptions = { [K in JobOptionName]?: boolean };

/** One row of the jobs table (snake_case as in SQL). */
export interface JobRow {
  id: string;
  key_id: number;
  type: JobType;
  status: JobStatus;
  total: number;
  done: number;
  errors: number;
  options: string;
  chunk_size: number;
  usage_key: UsageKey;
  usage_day: string;
  credits_reserved: number;
  credits_refunded: number;
  created: number;
  started: number | null;
  finished: number | null;
  deadline: number;
  expires_at: number | null;
  files_removed_at: number | null;
  partial: number;
  results_bytes: number;
  cancel_requested: number;
  failure: string | null;
  lease_owner: string | null;
  lease_token: string | null;
  lease_expires: number | null;
  idem_key: string | null;
  idem_hash: string | null;
  callback_url: string | null;
  callback_status: CallbackStatus | null;
  callback_attempts: number;
  callback_last_error: string | null;
  callback_next_at: number | null;
  callback_event: string | null;
  callback_body: string | null;
  /** X-Request-Id of the submitting request (migration 0004). */
  request_id?: string | null;
}

/** One committed chunk: rows [row_start, row_start + rows) are the gzip member at offset. */
export interface ChunkRow {
  row_start: number;
  rows: number;
  offset: number;
  bytes: number;
}

/** Reported status: a finished job whose file is gone reads expired (docs/jobs.md). */
export const reportedStatus = (j: Pick<JobRow, "status" | "files_removed_at">): JobStatus => (j.files_removed_at !== null ? "expired" : j.status);
