/**
 * `cli jobs ...`: the client side, talking to a running service (ZW_BASE_URL, ZW_API_KEY).
 *   jobs submit FILE --type TYPE [--include-counts] [--callback-url URL] [--idempotency-key K]
 *                    [--wait] [--out FILE] [--format ndjson|csv]
 *   jobs status ID [--json]
 *   jobs download ID [--wait] [--out FILE] [--format ndjson|csv]
 * FILE is one name per line (plain or .gz; "-" reads standard input); it is sent gzipped.
 * Progress goes to stderr (a live bar on a terminal, plain lines otherwise); results go to
 * --out or stdout. --out is written beside the target and renamed into place only once
 * every row the job has arrived, so a FILE that exists is never a cut-off download.
 * Exit status: 0 all rows of a succeeded job; 3 the job ended without all its rows
 * (partial, cancelled, failed, expired; the rows it has are written); 2 usage; 1 any other
 * failure (nothing written to --out).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { loadConfig } from "../../config.ts";
import { credits } from "../../cost-phrase.ts";
import { outputPathProblem } from "../../file-problems.ts";
import { JOB_TYPE_LIST, jobTypesPhrase } from "../../operations.ts";
import { apiError, downloadResults, HttpFailure } from "./client-download.ts";
import { Progress } from "./client-progress.ts";
import type { JobView } from "./view.ts";

const USAGE = `usage:
  cli jobs submit FILE --type ${JOB_TYPE_LIST.join("|")} [--include-counts] [--callback-url URL]
                  [--idempotency-key KEY] [--wait] [--out FILE] [--format ndjson|csv]
  cli jobs status JOB_ID [--json]
  cli jobs download JOB_ID [--wait] [--out FILE] [--format ndjson|csv]
exit status: 0 done, 3 the job ended without all its rows (those it has are written), 1 failure
environment: ZW_BASE_URL (service address), ZW_API_KEY (your key)`;

class UsageError extends Error {}

/** A failure the user can act on, said in one line; exitCode 1 unless stated. */
class Failure extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Exit status when the job itself ended without all its rows (see the header comment). */
const INCOMPLETE_JOB = 3;

interface Client {
  base: string;
  key: string;
}

/** ZW_BASE_URL checked before any request: fetch's own messages name neither it nor the URL. */
function serviceBase(base: string): string {
  let u: URL;
  try {
    u = new URL(base);
  } catch {
    throw new Failure(`ZW_BASE_URL "${base}" is not a URL: set it to the service address, e.g. http://127.0.0.1:8080`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") {
    throw new Failure(`ZW_BASE_URL "${base}" must be an http:// or https:// address`);
  }
  return base;
}

async function request(c: Client, p: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${c.key}`);
  let res: Response;
  try {
    res = await fetch(c.base + p, { ...init, headers });
  } catch (e) {
    const why = (e as { code?: string }).code === "ECONNREFUSED" ? "connection refused" : e instanceof Error ? e.message : String(e);
    throw new Failure(`cannot reach the service at ZW_BASE_URL ${c.base} (${why})`);
  }
  if (!res.ok) throw await apiError(res);
  return res;
}

async function call(c: Client, p: string, init: RequestInit = {}): Promise<JobView> {
  return (await request(c, p, init)).json();
}

function readList(file: string): Uint8Array {
  const raw = file === "-" ? fs.readFileSync(0) : fs.readFileSync(file);
  const isGzip = raw[0] === 0x1f && raw[1] === 0x8b;
  return isGzip ? raw : gzipSync(raw);
}

/** The charge line of a submission: a replay is the earlier job again and charges nothing. */
function submitCharge(job: JobView, replayed: boolean): string {
  if (replayed)
    return `idempotent replay of the job already submitted with this key (nothing charged now; ${credits(job.credits_reserved)} reserved at first submission)`;
  return `${credits(job.credits_reserved)} reserved`;
}

const FINAL = new Set(["succeeded", "partial", "failed", "expired", "cancelled"]);

async function wait(c: Client, id: string): Promise<JobView> {
  const p = new Progress({ isTTY: process.stderr.isTTY === true, write: (s) => process.stderr.write(s) }, id);
  for (;;) {
    const j = await call(c, `/v1/jobs/${encodeURIComponent(id)}`);
    if (FINAL.has(j.status)) {
      p.end(`${id} ${j.status}: ${j.done}/${j.total} rows, ${j.errors} errors, ${credits(j.credits_charged)} charged (${j.credits_refunded} refunded)`);
      return j;
    }
    const state = j.status === "queued" ? `queued (position ${j.position ?? "?"})` : "running";
    p.update(state, j.done, j.total);
    await Bun.sleep(1000);
  }
}

/** Refuses an --out whose folder is missing or read-only before anything is submitted or charged. */
function checkOut(out: string): void {
  const problem = outputPathProblem(out);
  if (problem !== null) throw new Failure(`--out ${problem}`);
}

/**
 * Downloads a final job's rows; `job` is its status. Returns the exit status: 0 every row
 * of a succeeded job, INCOMPLETE_JOB when the job ended without all its rows.
 */
async function download(c: Client, job: JobView, out: string | undefined, format: "ndjson" | "csv"): Promise<number> {
  const id: string = job.id;
  // Rows of a queued or running job are a snapshot that would pass for the results.
  if (!FINAL.has(job.status)) {
    throw new Failure(`${id} is still ${job.status} (${job.done} of ${job.total} rows so far): download it once it has finished, or add --wait`);
  }
  if (job.done === 0) throw new Failure(`${id} ${job.status} with no rows: nothing to download`, INCOMPLETE_JOB);
  const tmp = out && path.join(path.dirname(out), `.${path.basename(out)}.${process.pid}.part`);
  const fd = tmp ? fs.openSync(tmp, "w") : 1;
  const p = new Progress({ isTTY: process.stderr.isTTY === true, write: (s) => process.stderr.write(s) }, `${id} download`);
  let got: Awaited<ReturnType<typeof downloadResults>>;
  try {
    got = await downloadResults({
      baseUrl: c.base,
      apiKey: c.key,
      id,
      format,
      fd,
      onProgress: (done, total) => p.update("receiving", done, total),
      log: (m) => process.stderr.write(`${m}\n`),
    });
  } catch (e) {
    if (tmp) {
      fs.closeSync(fd);
      fs.rmSync(tmp, { force: true });
    }
    throw e;
  }
  if (tmp) {
    fs.closeSync(fd);
    fs.renameSync(tmp, out!);
  }
  const to = out ? ` to ${out}` : "";
  if (got.status === "succeeded" && !got.partial) {
    p.end(`${id}: ${got.rows} rows written${to}`);
    return 0;
  }
  p.end(`${id}: ${got.rows} rows written${to}; the job ended ${got.status} (partial: ${got.rows} of ${job.total} rows)`);
  return INCOMPLETE_JOB;
}

export async function runJobsCommand(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        type: { type: "string" },
        "include-counts": { type: "boolean" },
        "callback-url": { type: "string" },
        "idempotency-key": { type: "string" },
        wait: { type: "boolean" },
        out: { type: "string" },
        format: { type: "string" },
        json: { type: "boolean" },
      },
    });
    const [sub, arg] = positionals;
    if (!sub || !arg || positionals.length > 2) throw new UsageError(USAGE);
    const format = (values.format ?? "ndjson") as "ndjson" | "csv";
    if (format !== "ndjson" && format !== "csv") throw new UsageError("--format must be ndjson or csv");
    const config = loadConfig();
    if (!config.apiKey) throw new UsageError("set ZW_API_KEY to your API key");
    const c: Client = { base: serviceBase(config.baseUrl), key: config.apiKey };
    switch (sub) {
      case "submit": {
        if (!values.type) throw new UsageError(`--type is required (${jobTypesPhrase("or")})`);
        const q = new URLSearchParams({ type: values.type });
        if (values["include-counts"]) q.set("include_counts", "true");
        if (values["callback-url"]) q.set("callback_url", values["callback-url"]);
        if (values["idempotency-key"]) q.set("idempotency_key", values["idempotency-key"]);
        // Before the job is charged: a bad --out would only fail once the results are in.
        if (values.wait && values.out) checkOut(values.out);
        const res = await request(c, `/v1/jobs?${q}`, {
          method: "POST",
          headers: { "content-type": "text/plain", "content-encoding": "gzip" },
          body: readList(arg),
        });
        const job = await res.json();
        process.stderr.write(
          `${job.id} ${job.status}: ${job.total} names, ${submitCharge(job, res.headers.get("idempotent-replayed") === "true")}, position ${job.position ?? "-"}, estimated finish ${job.estimated_finish ?? "-"}\n`,
        );
        if (!values.wait) {
          process.stdout.write(`${job.id}\n`);
          return 0;
        }
        const end = await wait(c, job.id);
        if (end.done > 0 && (values.out || values.format)) return await download(c, end, values.out, format);
        process.stdout.write(`${job.id}\n`);
        return end.status === "succeeded" ? 0 : INCOMPLETE_JOB;
      }
      case "status": {
        const j = await call(c, `/v1/jobs/${encodeURIComponent(arg)}`);
        if (values.json) process.stdout.write(JSON.stringify(j, null, 2) + "\n");
        else
          process.stdout.write(
            `${j.id} ${j.type} ${j.status}: ${j.done}/${j.total} rows (${(j.progress * 100).toFixed(1)}%), ${j.errors} errors, credits ${j.credits_charged} charged / ${j.credits_reserved} reserved${j.estimated_finish ? `, estimated finish ${j.estimated_finish}` : ""}\n`,
          );
        return 0;
      }
      case "download": {
        if (values.out) checkOut(values.out);
        const job = values.wait ? await wait(c, arg) : await call(c, `/v1/jobs/${encodeURIComponent(arg)}`);
        return await download(c, job, values.out, format);
      }
      default:
        throw new UsageError(USAGE);
    }
  } catch (e) {
    if (e instanceof UsageError || e instanceof HttpFailure || e instanceof Failure) {
      process.stderr.write(`cli jobs: ${e.message}\n`);
      return e instanceof UsageError ? 2 : e instanceof Failure ? e.exitCode : 1;
    }
    if (e instanceof Error && "code" in e && (e as NodeJS.ErrnoException).code === "ENOENT") {
      process.stderr.write(`cli jobs: ${e.message}\n`);
      return 1;
    }
    if (e instanceof TypeError && /parseArgs|Unknown option|ERR_PARSE_ARGS/i.test(String((e as { code?: string }).code ?? e.message))) {
      process.stderr.write(`cli jobs: ${e.message}\n${USAGE}\n`);
      return 2;
    }
    process.stderr.write(`cli jobs: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
