/**
 * Pool tasks of the zone capability, run in worker threads (or inline with ZW_WORKERS=0):
 * - "zone.lookup": a batch of normalised names -> compact rows (rows.ts), for POST /v1/zone/lookup;
 * - "zone.jobChunk": a zone_lookup job chunk -> NDJSON rows (job-chunk.ts);
 * - broadcast "zone.swap": move this thread to the index file the main thread verified.
 * Each thread maps the index file itself (thread-index.ts); no index is a 502.
 */
import type { BroadcastTable, TaskTable } from "../../pool/protocol.ts";
import { zoneJobChunk, type JobChunkInput } from "./job-chunk.ts";
import { lookupCompact, type LookupTaskInput } from "./rows.ts";
import { onSwapNotice, requireZoneIndex, type SwapNotice } from "./thread-index.ts";

export const tasks: TaskTable = {
  "zone.lookup": (input: LookupTaskInput, ctx) => lookupCompact(requireZoneIndex(ctx.config), input.domains.split("\n"), input.includeCounts),
  "zone.jobChunk": (input: JobChunkInput, ctx) => zoneJobChunk(requireZoneIndex(ctx.config), input),
};

export const broadcasts: BroadcastTable = {
  "zone.swap": (notice: SwapNotice, ctx) => onSwapNotice(notice, ctx.config),
};
