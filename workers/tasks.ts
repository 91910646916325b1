/**
 * The registry of pool tasks: every capability's tasks.ts, merged. The worker entry and
 * the inline runner (ZW_WORKERS=0) both read this one table, so a task behaves the same
 * in both places.
 */
import * as appraise from "../src/capabilities/appraise/tasks.ts";
import * as classify from "../src/capabilities/classify/tasks.ts";
import * as jobs from "../src/capabilities/jobs/tasks.ts";
import * as lookups from "../src/capabilities/lookups/tasks.ts";
import * as zone from "../src/capabilities/zone/tasks.ts";
import type { BroadcastTable, TaskTable } from "../src/pool/protocol.ts";

const modules = [zone, classify, appraise, lookups, jobs];

export const TASKS: TaskTable = Object.assign({}, ...modules.map((m) => m.tasks));
export const BROADCASTS: readonly BroadcastTable[] = modules.map((m) => m.broadcasts);
