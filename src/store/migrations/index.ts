/** Migrations in order; each runs once, recorded in PRAGMA user_version. */
import core from "./0001-core.ts";
import jobs from "./0002-jobs.ts";
import laneServed from "./0003-lane-served.ts";
import jobRequestId from "./0004-job-request-id.ts";

export const MIGRATIONS: readonly string[] = [core, jobs, laneServed, jobRequestId];
