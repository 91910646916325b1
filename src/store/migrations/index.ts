/** Migrations in order; each runs once, recorded in PRAGMA user_version. */
import core from "./0001-core.ts";
import jobs from "./0002-jobs.ts";

export const MIGRATIONS: readonly string[] = [core, jobs];
