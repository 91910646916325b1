/**
 * Pool tasks of the classify capability, run in worker threads (or inline with ZW_WORKERS=0):
 * - "classify.camelcase" / "classify.categorize": a chunk of normalised domains (one per
 *   line) -> its rows in order, as columns (camelcase-columns.ts) or as JSON text
 *   (categorize); service.ts cuts the batches, rebuilds the rows and builds the tables;
 * - "classify.jobChunk": a categorize job chunk -> NDJSON rows (job-chunk.ts);
 * - broadcast "classify.warm": load the lexicon now rather than on the first task.
 * Each thread loads its own lexicon (about 50 MB) on first use.
 */
import type { BroadcastTable, TaskTable } from "../../pool/protocol.ts";
import { categorizeJobChunk, type JobChunkInput } from "./job-chunk.ts";
import { camelcaseRowsTask, categorizeRowsTask, type BatchInput } from "./service.ts";
import { getSplitter } from "./splitter.ts";

export const tasks: TaskTable = {
  "classify.camelcase": (input: BatchInput) => camelcaseRowsTask(input),
  "classify.categorize": (input: BatchInput) => categorizeRowsTask(input),
  "classify.jobChunk": (input: JobChunkInput) => categorizeJobChunk(input),
};

export const broadcasts: BroadcastTable = {
  "classify.warm": () => {
    getSplitter();
  },
};
