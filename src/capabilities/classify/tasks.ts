/**
 * Pool tasks of the classify capability, run in worker threads (or inline with ZW_WORKERS=0):
 * - "classify.camelcase" / "classify.categorize": a chunk of normalised domains (one per
 *   line) -> its rows in order, as columns (camelcase-columns.ts) or as JSON text
 *   (categorize); service.ts cuts the batches, rebuilds the rows and builds the tables;
 * - "classify.jobChunk": a categorize job chunk -> NDJSON rows (job-chunk.ts);
 * - share "classify.lexicon": the main thread's lexicon tables, on shared memory; a worker
 *   reads them in place instead of loading a copy of its own (lexicon.ts);
 * - broadcast "classify.warm": build the splitter now rather than on the first task.
 */
import type { BroadcastTable, TaskTable } from "../../pool/protocol.ts";
import { categorizeJobChunk, type JobChunkInput } from "./job-chunk.ts";
import { camelcaseRowsTask, categorizeRowsTask, type BatchInput } from "./service.ts";
import { adoptLexicon, LEXICON_SHARE, type LexiconTables } from "./lexicon.ts";
import { getSplitter } from "./splitter.ts";

export const tasks: TaskTable = {
  "classify.camelcase": (input: BatchInput) => camelcaseRowsTask(input),
  "classify.categorize": (input: BatchInput) => categorizeRowsTask(input),
  "classify.jobChunk": (input: JobChunkInput) => categorizeJobChunk(input),
};

export const broadcasts: BroadcastTable = {
  [LEXICON_SHARE]: (tables: LexiconTables) => adoptLexicon(tables),
  "classify.warm": () => {
    getSplitter();
  },
};
