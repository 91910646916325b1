/**
 * Pool tasks of this capability ("jobs.<task>"), run in worker threads or inline.
 * "jobs.chunk": one job chunk through the job type's task, packed (chunk-task.ts).
 */
import type { BroadcastTable, TaskTable } from "../../pool/protocol.ts";
import { chunkNames, packChunk, type ChunkJob } from "./chunk-task.ts";

// The registry imports this module, so it is loaded lazily (no cycle at evaluation).
let registry: Promise<TaskTable> | null = null;
const tasksTable = () => (registry ??= import("../../../workers/tasks.ts").then((m) => m.TASKS));

export const tasks: TaskTable = {
  "jobs.chunk": async (input: ChunkJob, ctx) => {
    const fn = (await tasksTable())[input.task];
    if (!fn) throw new Error(`no pool task "${input.task}" is registered`);
    return packChunk((names) => fn({ names, options: input.options }, ctx) as never, chunkNames(input));
  },
};
export const broadcasts: BroadcastTable = {};
