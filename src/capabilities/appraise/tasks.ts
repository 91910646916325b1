/**
 * Pool tasks of the appraise capability, run in worker threads (or inline with ZW_WORKERS=0):
 * - "appraise.bulk": normalised domains -> bulk rows, for POST /v1/appraise/bulk;
 * - "appraise.jobChunk": an appraise job chunk -> NDJSON rows (the job chunk contract).
 * Each thread loads the lexicon and maps the zone index itself (env.ts).
 */
import type { BroadcastTable, TaskTable } from "../../pool/protocol.ts";
import { appraiseBulk, appraiseJobChunk, type BulkInput, type JobChunkInput } from "./appraiser.ts";
import { envHere } from "./env.ts";

export const tasks: TaskTable = {
  "appraise.bulk": (input: BulkInput, ctx) => appraiseBulk(input, envHere(ctx.config)),
  "appraise.jobChunk": (input: JobChunkInput, ctx) => appraiseJobChunk(input, envHere(ctx.config)),
};
export const broadcasts: BroadcastTable = {};
