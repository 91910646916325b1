/**
 * The five jobs endpoints. GET /v1/jobs, GET and DELETE /v1/jobs/{id} are free Endpoints
 * of the pipeline. POST /v1/jobs (JSON or text/plain, gzip or not) and the results stream
 * read their own request, so they are raw routes: authentication and the submit route's rate
 * limit (the capability's `rated` entry) already ran in onRequest, before the body.
 */
import { recordJobRequest } from "../../observe/jobs.ts";
import { authOf, type Authed, type RawRoute } from "../../app.ts";
import { checkApart, OFFLOAD_BYTES } from "../../http/big-body.ts";
import { clockNow } from "../../http/clock.ts";
import { BODY_SHAPE, decodeText, parseJsonObject, readBody } from "../../http/body.ts";
import { defineEndpoint, ONE } from "../../http/endpoint.ts";
import { ApiError, jsonResponse, toErrorResponse } from "../../http/errors.ts";
import { creditHeaders, remainingToday } from "../../http/meter.ts";
import { ERROR_TEXT, err } from "../../http/openapi.ts";
import { queryOf, readQuery } from "../../http/query.ts";
import { JOB_LIMITS, JOB_TYPE_LIST, OPERATIONS, REQUEST_LIMITS } from "../../operations.ts";
import { sqliteOf, type Services } from "../../services.ts";
import { csvColumns, csvHeader, csvLine } from "./csv.ts";
import { gzipStream, lineStream } from "./results-read.ts";
import { JobDeleteSchema, JobListSchema, JobSchema, SubmitSchema } from "./schema.ts";
import { checkFrom, jobsService } from "./service.ts";
import { TEXT_PARAMS } from "./submit.ts";
import { JOB_STATUSES, reportedStatus } from "./types.ts";

export const listJobs = defineEndpoint({
  op: OPERATIONS.jobs_list,
  summary: "List the key's jobs",
  description: "Newest first. Query: status, type, limit (1-100, default 20), cursor (next_cursor of the previous page). Adds names_in_flight.",
  response: JobListSchema,
  query: [
    { name: "status", description: "only jobs in this status", schema: { type: "string", enum: [...JOB_STATUSES] } },
    { name: "type", description: "only jobs of this type", schema: { type: "string", enum: [...JOB_TYPE_LIST] } },
    { name: "limit", description: "jobs per page, 1 to 100 (default 20)", schema: { type: "integer", minimum: 1, maximum: 100 } },
    { name: "cursor", description: "next_cursor of the previous page", schema: { type: "string" } },
  ],
  prepare: () => ({ input: null, units: ONE }),
  handle: (_i, ctx) => {
    const q = ctx.query;
    return {
      body: jobsService(ctx.services).list(ctx.key, { status: q.get("status"), type: q.get("type"), limit: q.get("limit"), cursor: q.get("cursor") }, ctx.now),
    };
  },
});

export const jobStatus = defineEndpoint({
  op: OPERATIONS.job_status,
  summary: "A job's status and progress",
  description: "The Job object. While the job is queued or running the answer carries Retry-After: 30 (a good polling interval).",
  response: JobSchema,
  prepare: () => ({ input: null, units: ONE }),
  handle: (_i, ctx) => {
    const view = jobsService(ctx.services).status(ctx.key, ctx.params.job_id ?? "", ctx.now);
    const active = view.status === "queued" || view.status === "running";
    return { body: view, headers: active ? { "Retry-After": "30" } : undefined };
  },
});

export const deleteJob = defineEndpoint({
  op: OPERATIONS.job_delete,
  summary: "Cancel a job, or delete a finished job's results",
  description:
    "Queued: cancelled at once, every credit refunded. Running: stops after its current chunk; rows written are kept; unprocessed rows refunded. Finished: the results file is deleted now and the job reports expired.",
  response: JobDeleteSchema,
  prepare: () => ({ input: null, units: ONE }),
  handle: async (_i, ctx) => ({ body: await jobsService(ctx.services).cancel(ctx.key, ctx.params.job_id ?? "", ctx.now) }),
});

function mediaType(h: string | null): string {
  return (h ?? "").split(";")[0]!.trim().toLowerCase();
}

/** POST /v1/jobs */
export const submitRoute: RawRoute = (app, services: Services) => {
  app.post(
    OPERATIONS.jobs_submit.path,
    async ({ request, authed }: { request: Request; authed?: Authed }) => {
      try {
        const { key, now } = authOf(authed);
        const type = mediaType(request.headers.get("content-type"));
        if (type !== "application/json" && type !== "text/plain") {
          throw new ApiError("unsupported_media_type", "Content-Type must be application/json or text/plain (one name per line)");
        }
        const query = queryOf(request.url);
        if (type === "application/json" && [...query.keys()].length > 0) {
          throw new ApiError("invalid_request", "query parameters are for text/plain submissions: put the settings in the JSON body");
        }
        const bytes = await readBody(request, {
          maxBytes: JOB_LIMITS.maxBodyBytes,
          maxInflatedBytes: JOB_LIMITS.maxInflatedBytes,
          timeoutMs: REQUEST_LIMITS.bodyTimeoutMs,
        });
        const svc = jobsService(services);
        const limit = OPERATIONS.jobs_submit.batchLimit!;
        // A large submission is parsed and checked on the parse worker (src/http/big-body.ts).
        const res =
          bytes.byteLength > OFFLOAD_BYTES
            ? await svc.submitChecked(
                key,
                (
                  await checkApart(
                    type === "application/json"
                      ? { kind: "job-json", listLimit: limit, bytes, rule: BODY_SHAPE }
                      : { kind: "job-text", listLimit: limit, query: query.toString(), bytes, rule: BODY_SHAPE },
                  )
                ).submission!,
                { now },
              )
            : type === "application/json"
              ? await svc.submitJson(key, parseJsonObject(bytes), { now, listLimit: limit })
              : await svc.submitText(key, decodeText(bytes), query, { now, listLimit: limit });
        if (!res.replayed) res.job.request_id = recordJobRequest(svc.core, res.job, request);
        // Remaining credits on the day they were reserved on: the day of the charge (docs/errors.md).
        const headers = creditHeaders({}, res.replayed ? 0 : res.job.credits_reserved, remainingToday(sqliteOf(services), key, Math.max(now, clockNow())));
        headers.Location = res.job.poll_url;
        if (res.replayed) headers["Idempotent-Replayed"] = "true";
        return jsonResponse(res.replayed ? 200 : 202, res.job, headers);
      } catch (e) {
        return toErrorResponse(e);
      }
    },
    { parse: "none" },
  );
};

function acceptsGzip(h: string | null): boolean {
  if (!h) return false;
  return h.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name !== "gzip" && name !== "x-gzip" && name !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

const RESULTS_PARAMS = ["from", "format"] as const;

/** GET /v1/jobs/{id}/results */
export const resultsRoute: RawRoute = (app, services: Services) => {
  app.get(
    OPERATIONS.job_results.path,
    ({ request, params, authed }: { request: Request; params: Record<string, string>; authed?: Authed }) => {
      try {
        const { key } = authOf(authed);
        const q = readQuery(request.url, RESULTS_PARAMS);
        const fromRaw = q.get("from") ?? "0";
        // digits only ("1e3", "0x10", "+1" and " 1" are no row numbers), then the shared range
        const from = checkFrom(/^\d{1,20}$/.test(fromRaw) ? Number(fromRaw) : NaN);
        const format = q.get("format") ?? "ndjson";
        if (format !== "ndjson" && format !== "csv") throw new ApiError("invalid_request", "format must be ndjson or csv");
        const svc = jobsService(services);
        const { j, chunks } = svc.readable(key, params.job_id ?? "", from);
        const headers: Record<string, string> = {
          "X-Job-Status": reportedStatus(j),
          "X-Job-Rows": String(j.done),
          "X-Job-Partial": String(j.done < j.total),
          "Cache-Control": "no-store",
          // Bun would name a file body after the file on disk (results.ndjson.gz).
          "Content-Disposition": `attachment; filename="${j.id}.${format}"`,
        };
        const file = svc.core.files.resultsPath(j.id);
        if (format === "csv") {
          const cols = csvColumns(j.type, JSON.parse(j.options));
          headers["Content-Type"] = "text/csv; charset=utf-8";
          const body = lineStream(file, chunks, from, { header: csvHeader(cols), map: (l) => csvLine(cols, l) });
          return new Response(body, { headers });
        }
        headers["Content-Type"] = "application/x-ndjson; charset=utf-8";
        headers.Vary = "Accept-Encoding";
        if (chunks.length === 0) return new Response("", { headers });
        if (acceptsGzip(request.headers.get("accept-encoding"))) {
          headers["Content-Encoding"] = "gzip";
          return new Response(gzipStream(file, chunks, from), { headers });
        }
        return new Response(lineStream(file, chunks, from), { headers });
      } catch (e) {
        return toErrorResponse(e);
      }
    },
    { parse: "none" },
  );
};

const JobParam = [{ name: "job_id", in: "path", required: true, schema: { type: "string" } }];

export const openapi = [
  {
    method: "post",
    path: "/v1/jobs",
    summary: "Submit a job",
    description: `JSON body {type, domains, options?, callback_url?, idempotency_key?}, or text/plain (one name per line) with query parameters ${TEXT_PARAMS.join(", ")}. Either may be gzip-encoded (Content-Encoding: gzip); 32 MB as received, 256 MB inflated. Credits for the whole job are reserved now and refunded for rows never processed or failed. 12 requests/min (bucket jobs).`,
    requestBody: {
      required: true,
      content: {
        "application/json": { schema: JSON.parse(JSON.stringify(SubmitSchema(OPERATIONS.jobs_submit.batchLimit!))) },
        "text/plain": { schema: { type: "string" } },
      },
    },
    parameters: TEXT_PARAMS.map((name) => ({
      name,
      in: "query",
      required: false,
      description: `text/plain submissions only (a JSON body carries ${name} itself)`,
      schema: { type: "string" },
    })),
    responses: {
      "202": { description: "Queued", content: { "application/json": { schema: JSON.parse(JSON.stringify(JobSchema)) } } },
      "200": { description: "Idempotent replay (header Idempotent-Replayed: true)" },
      "400": err("Invalid body or query; the message names the field, index, line or parameter"),
      "401": err(ERROR_TEXT[401]!),
      "408": err(ERROR_TEXT[408]!),
      "409": err("idempotency_key reused with a different body"),
      "413": err(ERROR_TEXT[413]!),
      "415": err("Content-Type other than application/json or text/plain, a charset other than UTF-8, or a Content-Encoding other than gzip"),
      "429": err("Rate limit, daily quota, or names-in-flight cap"),
      "502": err(ERROR_TEXT[502]!),
      "503": err("Queue full or the job cannot start within 2 hours (estimated_wait_seconds, Retry-After)"),
    },
  },
  {
    method: "get",
    path: "/v1/jobs/{job_id}/results",
    summary: "Download a job's results",
    description:
      "NDJSON (gzip-encoded when the client accepts gzip) or CSV (format=csv), one row per input name in input order; from=N skips N rows. Headers X-Job-Status, X-Job-Rows, X-Job-Partial. 409 before any row, 410 after the file expired. Free.",
    parameters: [
      ...JobParam,
      { name: "from", in: "query", schema: { type: "integer", minimum: 0 } },
      { name: "format", in: "query", schema: { type: "string", enum: ["ndjson", "csv"] } },
    ],
    responses: {
      "200": { description: "The rows", content: { "application/x-ndjson": {}, "text/csv": {} } },
      "400": err("A bad from or format, or an unknown query parameter"),
      "401": err(ERROR_TEXT[401]!),
      "404": err("job not found"),
      "409": err("job has no rows yet"),
      "410": err("job results expired"),
    },
  },
];
