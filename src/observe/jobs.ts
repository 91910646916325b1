/**
 * A submitted job is tied to the request that submitted it: the request's X-Request-Id (set
 * by the observing wrapper, always well-formed) is stored on the job row, shown in the Job
 * object and its callback, and the submission is logged with both ids.
 */
import type { Database } from "bun:sqlite";
import type { JobsCore } from "../capabilities/jobs/core.ts";
import type { JobView } from "../capabilities/jobs/view.ts";
import { observerOf } from "./observer.ts";
import { isWellFormedRequestId, REQUEST_ID_HEADER } from "./request-id.ts";

/** Stores the submitting request's id on the new job and logs the submission; returns the id stored. */
export function recordJobRequest(core: JobsCore, job: JobView, request: Request): string | null {
  const id = request.headers.get(REQUEST_ID_HEADER);
  const requestId = isWellFormedRequestId(id) ? id : null;
  // Kept where the queue is the SQLite one (jobs.request_id); another queue answers null later.
  const db = (core.store as { db?: Database }).db;
  if (requestId !== null && db !== undefined) db.query("UPDATE jobs SET request_id = ? WHERE id = ? AND request_id IS NULL").run(requestId, job.id);
  observerOf(core.services).job({ id: job.id, type: job.type, status: "queued", names: job.total, request_id: requestId });
  return requestId;
}
