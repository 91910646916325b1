/**
 * What one POST /mcp may cost the server, whatever its price to the caller: job_results
 * and submit_job are free, so a batch of a hundred job_results calls of 1,000 rows each
 * (a 25 MB answer, over a second of main-thread time) cost nothing and had no limit.
 * A batch may read at most MCP_BATCH_LIMITS.resultRows result rows in all (the page limits
 * of its job_results calls added up, an absent limit counting as the default page) and
 * submit at most MCP_BATCH_LIMITS.jobNames names in all: one full call's worth each.
 * A large body is also checked for its shape on the parse worker (MCP_SHAPE). docs/mcp.md.
 */
import type { ShapeRule } from "../../http/body.ts";
import { OPERATIONS, REQUEST_LIMITS } from "../../operations.ts";

export const MCP_BATCH_LIMITS = {
  resultRows: REQUEST_LIMITS.jobResultsPageMax,
  jobNames: OPERATIONS.jobs_submit.mcp!.listLimit!,
} as const;

/** Shape limits of a large /mcp body: a full batch of the largest calls fits well inside. */
export const MCP_SHAPE: ShapeRule = { maxObjectKeys: 10_000, maxValues: 200_000 };

const RESULTS_TOOL = OPERATIONS.job_results.mcp!.name;
const SUBMIT_TOOL = OPERATIONS.jobs_submit.mcp!.name;

function argsOf(m: unknown): Record<string, unknown> | null {
  if (m === null || typeof m !== "object" || (m as { method?: unknown }).method !== "tools/call") return null;
  const params = (m as { params?: unknown }).params;
  if (params === null || typeof params !== "object") return null;
  const args = (params as { arguments?: unknown }).arguments;
  return { name: (params as { name?: unknown }).name, args: args !== null && typeof args === "object" ? args : {} };
}

/** Why this batch asks too much (the sentence of a -32600 answer), or null. Single messages are bounded by their tools. */
export function batchTooCostly(payload: unknown): string | null {
  // Over 100 messages the transport's own batch cap answers first, in its words.
  if (!Array.isArray(payload) || payload.length < 2 || payload.length > 100) return null;
  let rows = 0;
  let names = 0;
  for (const m of payload) {
    const call = argsOf(m);
    if (!call) continue;
    const args = call.args as Record<string, unknown>;
    if (call.name === RESULTS_TOOL) {
      const limit = args.limit;
      rows +=
        typeof limit === "number" && Number.isInteger(limit) && limit >= 1
          ? Math.min(limit, REQUEST_LIMITS.jobResultsPageMax)
          : REQUEST_LIMITS.jobResultsPageDefault;
    } else if (call.name === SUBMIT_TOOL && Array.isArray(args.domains)) {
      names += args.domains.length;
    }
  }
  if (rows > MCP_BATCH_LIMITS.resultRows) {
    return `Invalid Request: a batch may read at most ${MCP_BATCH_LIMITS.resultRows} result rows in all (its job_results calls ask for ${rows}); send fewer calls or smaller limits`;
  }
  if (names > MCP_BATCH_LIMITS.jobNames) {
    return `Invalid Request: a batch may submit at most ${MCP_BATCH_LIMITS.jobNames} names in all (its submit_job calls hold ${names}); send them in separate requests`;
  }
  return null;
}
