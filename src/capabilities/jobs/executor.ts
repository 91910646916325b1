/**
 * How the runner gets a chunk done: `services.pool.run("jobs.chunk", ...)` on the worker
 * pool (inline when ZW_WORKERS=0), with the chunk lease as the pool's time limit so a
 * silent worker is replaced. `services.jobsExecutor`, when set, takes precedence: it is the
 * seam tests use to run work of their own (a worker that hangs, rows that fail, a crash).
 */
import type { Pool } from "../../pool/pool.ts";
import type { Services } from "../../services.ts";
import type { ChunkJob, PackedChunk } from "../../pool/protocol.ts";

export interface ChunkExecutor {
  run(job: ChunkJob, leaseMs: number): Promise<PackedChunk>;
}

export function executorOf(services: Services): ChunkExecutor {
  const override = services.jobsExecutor;
  if (override) return override;
  const pool = services.pool as Pool | undefined;
  if (!pool) throw new Error("the worker pool is not running");
  return { run: (job, leaseMs) => pool.run<PackedChunk>("jobs.chunk", job, { timeoutMs: leaseMs }) };
}

/** Chunks a lane keeps in flight: one per worker plus one, so workers never idle. */
export function parallelism(services: Services): number {
  const pool = services.pool as Pool | undefined;
  return Math.max(1, pool?.size ?? services.config.workers) + 1;
}
