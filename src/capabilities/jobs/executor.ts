/**
 * How the runner gets a chunk computed: `services.pool.run(task, input)` on the worker pool
 * (inline when ZW_WORKERS=0), with the chunk lease as the pool's time limit so a silent
 * worker is replaced. `services.jobsExecutor`, when set, takes precedence: it is the seam
 * tests use to run a task of their own (a worker that hangs, rows that fail, a crash).
 */
import type { Pool } from "../../pool/pool.ts";
import type { Services } from "../../services.ts";
import type { ChunkInput, ChunkOutput } from "./types.ts";

export interface ChunkExecutor {
  run(task: string, input: ChunkInput, leaseMs: number): Promise<ChunkOutput>;
}

export function executorOf(services: Services): ChunkExecutor {
  const override = services.jobsExecutor as ChunkExecutor | undefined;
  if (override) return override;
  const pool = services.pool as Pool | undefined;
  if (!pool) throw new Error("the worker pool is not running");
  return { run: (task, input, leaseMs) => pool.run<ChunkOutput>(task, input, { timeoutMs: leaseMs }) };
}

/** Chunks a lane keeps in flight: one per worker plus one, so workers never idle. */
export function parallelism(services: Services): number {
  const pool = services.pool as Pool | undefined;
  return Math.max(1, pool?.size ?? services.config.workers) + 1;
}
