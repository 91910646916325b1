/**
 * The registry of pool tasks: every capability's tasks.ts, merged. The worker entry and
 * the inline runner (ZW_WORKERS=0) both read this one table, so a task behaves the same
 * in both places. The jobs tasks run the other capabilities' tasks (a job type's work is
 * one of them), so they are built over the table of the others.
 */
import * as appraise from "../src/capabilities/appraise/tasks.ts";
import * as classify from "../src/capabilities/classify/tasks.ts";
import * as jobs from "../src/capabilities/jobs/tasks.ts";
import * as lookups from "../src/capabilities/lookups/tasks.ts";
import * as zone from "../src/capabilities/zone/tasks.ts";
import type { BroadcastTable, TaskTable } from "../src/pool/protocol.ts";

const modules = [zone, classify, appraise, lookups];
const others: TaskTable = Object.assign({}, ...modules.map((m) => m.tasks));

export const TASKS: TaskTable = { ...others, ...jobs.jobsTasks(others) };
export const BROADCASTS: readonly BroadcastTable[] = [...modules.map((m) => m.broadcasts), jobs.broadcasts];
