/**
 * One chunk of a job, done where the work runs (a worker thread, or inline): the job type's
 * task ("zone.jobChunk", ...) on the names, rows answered with an error field retried (only
 * those names) until they have had three attempts, the row count checked (one line per
 * name, input order), and the NDJSON compressed into the chunk's gzip member right there.
 *
 * Why here and not on the main thread: a chunk's NDJSON is about 1.2 MB for 10,000 zone
 * rows, and msgpackr moves a string that size in ~75 ms each way (measured, bench/jobs),
 * while the member (~150 kB) crosses as a typed array by memcpy; and compressing in the
 * workers keeps the main thread, which serves HTTP, free of the gzip work.
 */
import { gzipSync } from "node:zlib";
import { JOB_LIMITS } from "../../operations.ts";
import type { ChunkJob, JobChunkOutput, PackedChunk } from "../../pool/protocol.ts";

/** The names of a chunk, as the type's task takes them. */
export function chunkNames(job: ChunkJob): string[] {
  return job.names.split("\n");
}

/** Level 1: level 6 costs 3.6x the CPU for files only ~40% smaller (bench/jobs/RESULTS.md). */
const GZIP_LEVEL = 1;

export class ChunkFault extends Error {
  override name = "ChunkFault";
}

function splitLines(out: JobChunkOutput, expected: number): string[] {
  if (!out || typeof out.ndjson !== "string") throw new ChunkFault("task answered without ndjson");
  const lines = out.ndjson.split("\n");
  if (lines.pop() !== "") throw new ChunkFault("task output does not end with a newline");
  if (lines.length !== expected) throw new ChunkFault(`task answered ${lines.length} rows for ${expected} names`);
  return lines;
}

const hasError = (line: string) => line.includes('"error"') && Object.hasOwn(JSON.parse(line) as object, "error");

export type TaskRunner = (names: string[]) => JobChunkOutput | Promise<JobChunkOutput>;

export async function packChunk(run: TaskRunner, names: string[]): Promise<PackedChunk> {
  const lines = splitLines(await run(names), names.length);
  let failed: number[] = [];
  let retried = 0;
  for (let i = 0; i < lines.length; i++) if (hasError(lines[i]!)) failed.push(i);
  for (let round = 1; round < JOB_LIMITS.rowAttempts && failed.length > 0; round++) {
    retried += failed.length;
    const again = splitLines(await run(failed.map((i) => names[i]!)), failed.length);
    const still: number[] = [];
    for (let k = 0; k < failed.length; k++) {
      lines[failed[k]!] = again[k]!;
      if (hasError(again[k]!)) still.push(failed[k]!);
    }
    failed = still;
  }
  const member = gzipSync(lines.join("\n") + "\n", { level: GZIP_LEVEL });
  return { member: new Uint8Array(member.buffer, member.byteOffset, member.byteLength), rows: names.length, errors: failed.length, retried };
}
