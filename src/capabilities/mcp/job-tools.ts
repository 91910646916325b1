/**
 * The job tools whose REST twins are raw routes (submit reads JSON or text, results stream
 * NDJSON/CSV from disk), so they wrap the jobs service that those routes call (docs/jobs.md)
 * instead of an Endpoint. job_status wraps its Endpoint like every other tool (tools.ts).
 * Present only while the jobs capability runs (services.jobs).
 */
import { Type } from "@sinclair/typebox";
import { creditHeaders, remainingToday } from "../../http/meter.ts";
import type { Answer } from "../../http/pipeline.ts";
import { validator } from "../../http/validate.ts";
import { OPERATIONS, REQUEST_LIMITS, type OperationId } from "../../operations.ts";
import { sqliteOf, type Services } from "../../services.ts";
import { JobResultsPageSchema, JobSchema, SubmitSchema } from "../jobs/schema.ts";
import { jobsService } from "../jobs/service.ts";
import { JOB_ID } from "./describe.ts";
import type { ToolSource } from "./tools.ts";

/** job_results arguments (docs/mcp.md); ranges are checked by the service, with its messages. */
const PageArgs = Type.Object(
  {
    job_id: Type.String({ minLength: 1, description: JOB_ID }),
    from: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        description: "First row to return, counted from 0 (default 0); pass next_from of the previous page",
      }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: REQUEST_LIMITS.jobResultsPageMax,
        description: `Rows per page, 1 to ${REQUEST_LIMITS.jobResultsPageMax} (default ${REQUEST_LIMITS.jobResultsPageDefault})`,
      }),
    ),
  },
  { additionalProperties: false },
);
const pageArgs = validator<{ job_id: string; from?: number; limit?: number }>(PageArgs);

/** submit_job and job_results, when the jobs service runs; nothing otherwise (not listed). */
export function jobTools(services: Services): Partial<Record<OperationId, ToolSource>> {
  if (!services.jobs) return {};
  const listLimit = OPERATIONS.jobs_submit.mcp!.listLimit!;
  return {
    jobs_submit: {
      input: SubmitSchema(listLimit),
      output: JobSchema,
      run: async (args, ctx): Promise<Answer> => {
        const { job, replayed } = await jobsService(ctx.services).submitJson(ctx.key, args, { now: ctx.now, listLimit });
        return {
          status: replayed ? 200 : 202,
          body: job,
          headers: creditHeaders(
            replayed ? { "Idempotent-Replayed": "true" } : {},
            replayed ? 0 : job.credits_reserved,
            remainingToday(sqliteOf(ctx.services), ctx.key, ctx.now),
          ),
        };
      },
    },
    job_results: {
      input: PageArgs,
      output: JobResultsPageSchema,
      run: (args, ctx): Answer => {
        const a = pageArgs.parse(args);
        const page = jobsService(ctx.services).page(ctx.key, a.job_id, { from: a.from, limit: a.limit });
        return { status: 200, body: page, headers: {} };
      },
    },
  };
}
