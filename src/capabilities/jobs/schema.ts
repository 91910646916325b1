/** Response schemas of the jobs endpoints (OpenAPI and the tool server's output schemas). */
import { Type } from "@sinclair/typebox";
import { JOB_OPTIONS, JOB_TYPE_LIST, JOB_TYPES, type JobOptionName } from "../../operations.ts";

/** The job types that accept an option (JOB_TYPES[type].options). */
export const typesAccepting = (name: JobOptionName) => JOB_TYPE_LIST.filter((t) => JOB_TYPES[t].options.includes(name));

const JobTypeSchema = (opts?: { description: string }) =>
  Type.Union(
    JOB_TYPE_LIST.map((s) => Type.Literal(s)),
    opts,
  );

/** `options`: each of JOB_OPTIONS, described with the types that take it when not all do. */
function optionsSchema() {
  const props: Record<string, ReturnType<typeof Type.Optional>> = {};
  for (const name of Object.keys(JOB_OPTIONS) as JobOptionName[]) {
    const takers = typesAccepting(name);
    const only = takers.length === JOB_TYPE_LIST.length ? "" : `${takers.join(", ")} only: `;
    props[name] = Type.Optional(Type.Boolean({ description: `${only}${JOB_OPTIONS[name].description}` }));
  }
  return props;
}

const Time = Type.Union([Type.String({ format: "date-time" }), Type.Null()]);

export const CallbackSchema = Type.Object({
  url: Type.String(),
  status: Type.Union(["pending", "retrying", "delivered", "gave_up"].map((s) => Type.Literal(s))),
  attempts: Type.Integer(),
  last_error: Type.Union([Type.String(), Type.Null()]),
});

export const JobSchema = Type.Object({
  id: Type.String({ description: "Job identifier (begins with job_)" }),
  type: JobTypeSchema(),
  status: Type.Union(["queued", "running", "succeeded", "partial", "failed", "expired", "cancelled"].map((s) => Type.Literal(s))),
  total: Type.Integer(),
  done: Type.Integer(),
  errors: Type.Integer(),
  progress: Type.Number(),
  options: Type.Object(Object.fromEntries(Object.keys(JOB_OPTIONS).map((k) => [k, Type.Optional(Type.Boolean())]))),
  credits_reserved: Type.Integer(),
  credits_refunded: Type.Integer(),
  credits_charged: Type.Integer(),
  position: Type.Optional(Type.Integer({ description: "Place in line while queued; 1 is next" })),
  created: Type.String({ format: "date-time" }),
  started: Time,
  finished: Time,
  estimated_start: Time,
  estimated_finish: Time,
  deadline: Time,
  expires_at: Time,
  partial: Type.Boolean(),
  poll_url: Type.String(),
  results_url: Type.Union([Type.String(), Type.Null()]),
  callback: Type.Optional(CallbackSchema),
  request_id: Type.Union([Type.String(), Type.Null()], { description: "X-Request-Id of the request that submitted the job; null when unknown" }),
});

export const JobListSchema = Type.Object({
  jobs: Type.Array(JobSchema),
  names_in_flight: Type.Integer(),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});

export const JobDeleteSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  status: Type.String(),
  total: Type.Integer(),
  done: Type.Integer(),
  errors: Type.Integer(),
  progress: Type.Number(),
  credits_reserved: Type.Integer(),
  credits_refunded: Type.Integer(),
  credits_charged: Type.Integer(),
  results_url: Type.Union([Type.String(), Type.Null()]),
});

export const JobResultsPageSchema = Type.Object({
  rows: Type.Array(Type.Object({}, { additionalProperties: true })),
  from: Type.Integer(),
  next_from: Type.Union([Type.Integer(), Type.Null()]),
  total: Type.Integer(),
  done: Type.Integer(),
  status: Type.String(),
});

/** The longest idempotency_key, in both forms of a submission. */
export const IDEMPOTENCY_KEY_MAX = 255;

/** POST /v1/jobs JSON body (and the submit_job tool's input) for a list limit. */
export const SubmitSchema = (limit: number) =>
  Type.Object(
    {
      type: JobTypeSchema({ description: "Job type" }),
      domains: Type.Array(Type.String({ description: "A domain name, e.g. bestpizza.com" }), {
        minItems: 1,
        maxItems: limit,
        description: `1 to ${limit} names, validated like the synchronous twin (appraise needs full domains)`,
      }),
      options: Type.Optional(Type.Object(optionsSchema(), { additionalProperties: false })),
      callback_url: Type.Optional(Type.String({ maxLength: 2048, description: "HTTPS URL that receives a signed POST when the job ends" })),
      idempotency_key: Type.Optional(
        Type.String({ minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX, description: "Resubmitting with the same key within 24 hours returns the existing job" }),
      ),
    },
    { additionalProperties: false },
  );
