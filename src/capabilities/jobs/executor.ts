/**
 * How the runner gets a chunk computed: `services.pool.run(task, input)` (worker threads)
 * when the pool exists, else the task registry inline (the same functions the workers
 * run). `services.jobsExecutor`, when set, takes precedence: it is the seam tests use to
 * run a task of their own (a receiver that hangs, a worker that goes silent).
 */
import type { Services } from "../../services.ts";
import { TASKS } from "../../../workers/tasks.ts";
import type { ChunkInput, ChunkOutput } from "./types.ts";

export interface ChunkExecutor {
  run(task: string, input: ChunkInput): Promise<ChunkOutput>;
}

interface PoolLike {
  run(task: string, input: unknown): Promise<unknown>;
}

export function executorOf(services: Services): ChunkExecutor {
  const override = services.jobsExecutor as ChunkExecutor | undefined;
  if (override) return override;
  const pool = services.pool as PoolLike | undefined;
  if (pool && typeof pool.run === "function") return { run: (t, i) => pool.run(t, i) as Promise<ChunkOutput> };
  return {
    async run(task, input) {
      const fn = TASKS[task];
      if (!fn) throw new Error(`no pool task "${task}" is registered`);
      return (await fn(input, { config: services.config, inWorker: false })) as ChunkOutput;
    },
  };
}

/** Parallel chunks a lane keeps in flight: one per worker plus one, so workers never idle. */
export function parallelism(services: Services): number {
  return Math.max(1, services.config.workers) + 1;
}
