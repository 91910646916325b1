/**
 * THE operation table: every operation of the API with its method and path, rate bucket
 * and per-minute limit, cost function, batch limit, tool-server name and list limit, and
 * usage key. REST routes, MCP tools, job reservations, the usage endpoint and the shared
 * test suites all read it. No other file types a price or a limit.
 */

export type Bucket =
  | "appraise"
  | "appraise_bulk"
  | "categorize"
  | "camelcase"
  | "zone"
  | "zone_lookup"
  | "jobs"
  | "rdap"
  | "dns"
  | "mcp";

/** Keys of usage.by_endpoint: six, always present, adding up to credits_used (docs/api-rules.md). */
export type UsageKey = "appraise" | "zone" | "categorize" | "rdap" | "dns" | "camelcase";
export const USAGE_KEYS: readonly UsageKey[] = ["appraise", "zone", "categorize", "rdap", "dns", "camelcase"];

/** What a cost is computed from: the number of list items, and zone_lookup's flag. */
export interface CostUnits {
  items: number;
  includeCounts?: boolean;
}

export type OperationId =
  | "appraise"
  | "appraise_bulk"
  | "categorize"
  | "camelcase"
  | "zone_count"
  | "zone_lookup"
  | "zone_stats"
  | "rdap"
  | "dns"
  | "jobs_submit"
  | "jobs_list"
  | "job_status"
  | "job_delete"
  | "job_results"
  | "usage"
  | "usage_history"
  | "ping"
  | "taxonomy";

export interface McpTool {
  name: string;
  /** Largest list the tool accepts; null where the tool takes no list. */
  listLimit: number | null;
}

export interface Operation {
  id: OperationId;
  method: "GET" | "POST" | "DELETE";
  /** Path as routed (Elysia syntax for parameters). */
  path: string;
  /** Rate bucket, or null for free, unlimited operations. */
  bucket: Bucket | null;
  /** Credits for a request; 0 for free operations. */
  cost: (u: CostUnits) => number;
  /** Largest list a REST request may carry (null: no list). */
  batchLimit: number | null;
  /** Field that carries the list, when there is one. */
  listField: "domains" | null;
  usageKey: UsageKey | null;
  mcp: McpTool | null;
  /**
   * The error statuses it answers with (the API's documented ones, and ours beside them:
   * 502 for zone/stats without an index, 400 for a bad filter or paging parameter, 409 and
   * 410 for results). The body endpoints' 408, 413 and 415 are added by the OpenAPI builder.
   */
  errors: readonly number[];
}

const free = () => 0;
const perItem = (n: number) => (u: CostUnits) => u.items * n;
/** zone_lookup: 1 credit per 10 names, doubled with include_counts (REST and jobs alike). */
export const zoneLookupCost = (u: CostUnits) => Math.ceil(u.items / 10) * (u.includeCounts ? 2 : 1);

/**
 * Requests per minute per key and bucket, in fixed UTC-minute windows (docs/api-rules.md).
 * `mcp` is ours: every POST /mcp (any JSON-RPC message or batch) counts in it before its body
 * is read, so that no key can make the server read and parse unlimited bodies; each
 * tools/call also counts in its twin's bucket. 120 (two a second) is more than a client
 * needs: the tools' own buckets allow 110 calls a minute together (docs/mcp.md).
 */
export const RATE_LIMITS: Readonly<Record<Bucket, number>> = {
  appraise: 30,
  appraise_bulk: 6,
  categorize: 12,
  camelcase: 60,
  zone: 20,
  zone_lookup: 12,
  jobs: 12,
  rdap: 6,
  dns: 12,
  mcp: 120,
};

/** The metered operations on a list or a term answer 400, 401, 429 and 502. */
const LOOKUP_ERRORS = [400, 401, 429, 502] as const;

function op(o: Operation): Operation {
  return o;
}

export const OPERATIONS: Readonly<Record<OperationId, Operation>> = {
  appraise: op({ id: "appraise", method: "POST", path: "/v1/appraise", bucket: "appraise", cost: () => 1, batchLimit: null, listField: null, usageKey: "appraise", mcp: { name: "appraise_domain", listLimit: 1 }, errors: LOOKUP_ERRORS }),
  appraise_bulk: op({ id: "appraise_bulk", method: "POST", path: "/v1/appraise/bulk", bucket: "appraise_bulk", cost: perItem(1), batchLimit: 500, listField: "domains", usageKey: "appraise", mcp: { name: "appraise_bulk", listLimit: 100 }, errors: LOOKUP_ERRORS }),
  categorize: op({ id: "categorize", method: "POST", path: "/v1/categorize", bucket: "categorize", cost: perItem(2), batchLimit: 100, listField: "domains", usageKey: "categorize", mcp: { name: "categorize_domains", listLimit: 50 }, errors: LOOKUP_ERRORS }),
  camelcase: op({ id: "camelcase", method: "POST", path: "/v1/camelcase", bucket: "camelcase", cost: () => 1, batchLimit: 1000, listField: "domains", usageKey: "camelcase", mcp: null, errors: LOOKUP_ERRORS }),
  zone_count: op({ id: "zone_count", method: "POST", path: "/v1/zone/count", bucket: "zone", cost: () => 2, batchLimit: null, listField: null, usageKey: "zone", mcp: { name: "zone_count", listLimit: null }, errors: LOOKUP_ERRORS }),
  zone_lookup: op({ id: "zone_lookup", method: "POST", path: "/v1/zone/lookup", bucket: "zone_lookup", cost: zoneLookupCost, batchLimit: 5000, listField: "domains", usageKey: "zone", mcp: { name: "zone_lookup", listLimit: 500 }, errors: LOOKUP_ERRORS }),
  zone_stats: op({ id: "zone_stats", method: "GET", path: "/v1/zone/stats", bucket: "zone", cost: () => 1, batchLimit: null, listField: null, usageKey: "zone", mcp: null, errors: [401, 429, 502] }),
  rdap: op({ id: "rdap", method: "POST", path: "/v1/rdap", bucket: "rdap", cost: perItem(2), batchLimit: 10, listField: "domains", usageKey: "rdap", mcp: { name: "rdap_lookup", listLimit: 5 }, errors: LOOKUP_ERRORS }),
  dns: op({ id: "dns", method: "POST", path: "/v1/dns", bucket: "dns", cost: perItem(1), batchLimit: 50, listField: "domains", usageKey: "dns", mcp: { name: "dns_lookup", listLimit: 25 }, errors: LOOKUP_ERRORS }),
  // Jobs: the submit request itself costs nothing here; the job reserves JOB_TYPES' cost.
  jobs_submit: op({ id: "jobs_submit", method: "POST", path: "/v1/jobs", bucket: "jobs", cost: free, batchLimit: 1_000_000, listField: "domains", usageKey: null, mcp: { name: "submit_job", listLimit: 50_000 }, errors: [400, 401, 409, 429, 502, 503] }),
  jobs_list: op({ id: "jobs_list", method: "GET", path: "/v1/jobs", bucket: null, cost: free, batchLimit: null, listField: null, usageKey: null, mcp: null, errors: [400, 401, 429] }),
  job_status: op({ id: "job_status", method: "GET", path: "/v1/jobs/:job_id", bucket: null, cost: free, batchLimit: null, listField: null, usageKey: null, mcp: { name: "job_status", listLimit: null }, errors: [401, 404, 429] }),
  job_delete: op({ id: "job_delete", method: "DELETE", path: "/v1/jobs/:job_id", bucket: null, cost: free, batchLimit: null, listField: null, usageKey: null, mcp: null, errors: [401, 404, 429] }),
  job_results: op({ id: "job_results", method: "GET", path: "/v1/jobs/:job_id/results", bucket: null, cost: free, batchLimit: null, listField: null, usageKey: null, mcp: { name: "job_results", listLimit: null }, errors: [400, 401, 404, 409, 410, 429] }),
  usage: op({ id: "usage", method: "GET", path: "/v1/usage", bucket: null, cost: free, batchLimit: null, listField: null, usageKey: null, mcp: null, errors: [401, 429] }),
  usage_history: op({ id: "usage_history", method: "GET", path: "/v1/usage/history", bucket: null, cost: free, batchLimit: null, listField: null, usageKey: null, mcp: null, errors: [400, 401, 429] }),
  ping: op({ id: "ping", method: "GET", path: "/v1/ping", bucket: null, cost: free, batchLimit: null, listField: null, usageKey: null, mcp: null, errors: [401, 429] }),
  taxonomy: op({ id: "taxonomy", method: "GET", path: "/v1/taxonomy", bucket: null, cost: free, batchLimit: null, listField: null, usageKey: null, mcp: null, errors: [401] }),
};

export const OPERATION_LIST: readonly Operation[] = Object.values(OPERATIONS);

/**
 * THE job type table: one row per job type, everything the jobs code and the tool server
 * know of a type. Lanes, request schemas and messages, the CSV layout, the tool
 * descriptions and the runner's task are all derived from it: adding a job type is a row
 * here and its pool task (the job chunk contract, src/pool/protocol.ts).
 */
export interface JobTypeRow {
  /** Credits reserved at submit for the names (and kept for rows written without error). */
  cost: (u: CostUnits) => number;
  usageKey: UsageKey;
  /** The synchronous operation whose validation and rows the job's names follow. */
  twin: OperationId;
  /** Whether names need an extension (appraise does). */
  requireExtension: boolean;
  /** The pool task that does a chunk of the work ("<cap>.jobChunk"). */
  task: string;
  /** The field naming the input in a row, including a failed row (`{"input": ..., "error": ...}`). */
  rowIdField: "input" | "domain";
  /** The options (JOB_OPTIONS) this type accepts; any other is refused naming the field. */
  options: readonly JobOptionName[];
  /** CSV columns of the results in the twin's field order, nested fields dotted, `error` last. */
  csvColumns: (options: { include_counts?: boolean }) => readonly string[];
  /** The lane's starting throughput before it has measured anything (names per second). */
  indicativeNamesPerS: number;
}

/** Options a job may take: boolean flags, in JSON (`options.<name>`) and text/plain (`?<name>=true|false`). */
export const JOB_OPTIONS = {
  include_counts: { description: "add the containing/starting/ending counts (doubles the cost)" },
} as const;
export type JobOptionName = keyof typeof JOB_OPTIONS;

const JOB_TYPE_TABLE = {
  zone_lookup: {
    cost: zoneLookupCost,
    usageKey: "zone",
    twin: "zone_lookup",
    requireExtension: false,
    task: "zone.jobChunk",
    rowIdField: "input",
    options: ["include_counts"],
    csvColumns: (o) => [
      "input", "name", "extension", "registered", "extensions_registered",
      ...(o.include_counts ? ["containing_domains", "containing_names", "starting_domains", "ending_domains"] : []),
      "supported", "error",
    ],
    indicativeNamesPerS: 20_000,
  },
  appraise: {
    cost: perItem(1),
    usageKey: "appraise",
    twin: "appraise_bulk",
    requireExtension: true,
    task: "appraise.jobChunk",
    rowIdField: "domain",
    options: [],
    csvColumns: () => [
      "domain", "value", "low", "high", "version",
      "classification.split", "classification.vertical", "classification.subcategory", "classification.domain_type", "error",
    ],
    indicativeNamesPerS: 1_800,
  },
  categorize: {
    cost: perItem(2),
    usageKey: "categorize",
    twin: "categorize",
    requireExtension: false,
    task: "classify.jobChunk",
    rowIdField: "domain",
    options: [],
    csvColumns: () => ["domain", "sld", "split", "vertical", "subcategory", "confidence", "matched", "source", "type", "tags", "error"],
    indicativeNamesPerS: 5_000,
  },
} satisfies Record<string, JobTypeRow>;

export type JobType = keyof typeof JOB_TYPE_TABLE;
export interface JobTypeSpec extends JobTypeRow {
  type: JobType;
}
/** The job types in table order (the order of every enum and message that lists them). */
export const JOB_TYPE_LIST = Object.keys(JOB_TYPE_TABLE) as JobType[];
export const JOB_TYPES: Readonly<Record<JobType, JobTypeSpec>> = Object.fromEntries(
  JOB_TYPE_LIST.map((type) => [type, { type, ...(JOB_TYPE_TABLE[type] as JobTypeRow) }]),
) as Record<JobType, JobTypeSpec>;

export const isJobType = (s: string): s is JobType => Object.hasOwn(JOB_TYPE_TABLE, s);

/** "zone_lookup, appraise or categorize" (conjunction "or"), or comma-separated (none). */
export function jobTypesPhrase(conjunction?: string): string {
  if (!conjunction || JOB_TYPE_LIST.length < 2) return JOB_TYPE_LIST.join(", ");
  return `${JOB_TYPE_LIST.slice(0, -1).join(", ")} ${conjunction} ${JOB_TYPE_LIST[JOB_TYPE_LIST.length - 1]}`;
}

/** Job limits: names per job and names in flight per key (docs/jobs.md). */
export const JOB_LIMITS = {
  maxNames: 1_000_000,
  namesInFlightCap: 5_000_000,
  maxBodyBytes: 32 * 1024 * 1024,
  maxInflatedBytes: 256 * 1024 * 1024,
  idempotencyTtlMs: 24 * 3600 * 1000,
  rowAttempts: 3,
  listedAfterFinishMs: 48 * 3600 * 1000,
} as const;

/** Request limits shared by every endpoint. */
export const REQUEST_LIMITS = {
  maxBodyBytes: 32 * 1024 * 1024,
  maxInflatedBytes: 256 * 1024 * 1024,
  /** A body must arrive in full within this time. */
  bodyTimeoutMs: 30_000,
  /** zone/count: term length and the extension filter. */
  termMin: 2,
  termMax: 63,
  maxTlds: 50,
  /** job_results tool paging: limit defaults to 100, at most 1,000 (docs/mcp.md). */
  jobResultsPageDefault: 100,
  jobResultsPageMax: 1000,
} as const;

export const DEFAULT_DAILY_QUOTA = 10_000;

/** usage.rate_limits_per_minute, generated from the table. */
export function rateLimitsPerMinute(): Record<Bucket, number> {
  return { ...RATE_LIMITS };
}

/** usage.batch_limits: keys appraise_bulk, categorize, camelcase, zone_lookup, rdap, dns. */
export function batchLimits(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const o of OPERATION_LIST) {
    if (o.batchLimit !== null && o.id !== "jobs_submit") out[o.id] = o.batchLimit;
  }
  return out;
}

export function operationByTool(name: string): Operation | undefined {
  return OPERATION_LIST.find((o) => o.mcp?.name === name);
}
