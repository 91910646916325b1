import type { BroadcastTable, TaskTable } from "../../pool/protocol.ts";

/** Pool tasks of this capability ("lookups.<task>"), run in worker threads or inline. */
export const tasks: TaskTable = {};
export const broadcasts: BroadcastTable = {};
