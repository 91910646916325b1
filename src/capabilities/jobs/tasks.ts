/**
 * Pool tasks of this capability ("jobs.<task>"), run in worker threads or inline.
 * "jobs.chunk": one job chunk through the job type's task, packed (chunk-task.ts).
 *
 * The job types' tasks are other capabilities' tasks, so this module does not list them:
 * the registry (workers/tasks.ts) passes its table of every other task to `jobsTasks`,
 * and "jobs.chunk" looks the type's task up there. Nothing here imports the registry, so
 * the registry and the capabilities form no import cycle.
 */
import type { BroadcastTable, ChunkJob, TaskTable } from "../../pool/protocol.ts";
import { chunkNames, packChunk } from "./chunk-task.ts";

/** The jobs tasks over `registry`, the table holding the job types' tasks. */
export function jobsTasks(registry: TaskTable): TaskTable {
  return {
    "jobs.chunk": (input: ChunkJob, ctx) => {
      const fn = registry[input.task];
      if (!fn) throw new Error(`no pool task "${input.task}" is registered`);
      return packChunk((names) => fn({ names, options: input.options }, ctx) as never, chunkNames(input));
    },
  };
}
export const broadcasts: BroadcastTable = {};
