/**
 * `cli jobs ...`: the client side, talking to a running service (ZW_BASE_URL, ZW_API_KEY).
 *   jobs submit FILE --type TYPE [--include-counts] [--callback-url URL] [--idempotency-key K]
 *                    [--wait] [--out FILE] [--format ndjson|csv]
 *   jobs status ID [--json]
 *   jobs download ID [--out FILE] [--format ndjson|csv]
 * FILE is one name per line (plain or .gz; "-" reads standard input); it is sent gzipped.
 * Progress goes to stderr (a live bar on a terminal, plain lines otherwise); results go to
 * --out or stdout.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { loadConfig } from "../../config.ts";
import { apiError, downloadResults, HttpFailure } from "./client-download.ts";
import { Progress } from "./client-progress.ts";

const USAGE = `usage:
  cli jobs submit FILE --type zone_lookup|appraise|categorize [--include-counts] [--callback-url URL]
                  [--idempotency-key KEY] [--wait] [--out FILE] [--format ndjson|csv]
  cli jobs status JOB_ID [--json]
  cli jobs download JOB_ID [--out FILE] [--format ndjson|csv]
environment: ZW_BASE_URL (service address), ZW_API_KEY (your key)`;

class UsageError extends Error {}

interface Client {
  base: string;
  key: string;
}

async function call(c: Client, path: string, init: RequestInit = {}): Promise<any> {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${c.key}`);
  const res = await fetch(c.base + path, { ...init, headers });
  if (!res.ok) throw await apiError(res);
  return res.json();
}

function readList(file: string): Uint8Array {
  const raw = file === "-" ? fs.readFileSync(0) : fs.readFileSync(file);
  const isGzip = raw[0] === 0x1f && raw[1] === 0x8b;
  return isGzip ? raw : gzipSync(raw);
}

const FINAL = new Set(["succeeded", "partial", "failed", "expired", "cancelled"]);

async function wait(c: Client, id: string): Promise<any> {
  const p = new Progress({ isTTY: process.stderr.isTTY === true, write: (s) => process.stderr.write(s) }, id);
  for (;;) {
    const j = await call(c, `/v1/jobs/${id}`);
    if (FINAL.has(j.status)) {
      p.end(`${id} ${j.status}: ${j.done}/${j.total} rows, ${j.errors} errors, ${j.credits_charged} credits charged (${j.credits_refunded} refunded)`);
      return j;
    }
    const state = j.status === "queued" ? `queued (position ${j.position ?? "?"})` : "running";
    p.update(state, j.done, j.total);
    await Bun.sleep(1000);
  }
}

async function download(c: Client, id: string, out: string | undefined, format: "ndjson" | "csv"): Promise<number> {
  const fd = out ? fs.openSync(out, "w") : 1;
  const p = new Progress({ isTTY: process.stderr.isTTY === true, write: (s) => process.stderr.write(s) }, `${id} download`);
  try {
    const rows = await downloadResults({
      baseUrl: c.base,
      apiKey: c.key,
      id,
      format,
      fd,
      onProgress: (done, total) => p.update("receiving", done, total),
      log: (m) => process.stderr.write(`${m}\n`),
    });
    p.end(`${id}: ${rows} rows written${out ? ` to ${out}` : ""}`);
    return rows;
  } finally {
    if (out) fs.closeSync(fd);
  }
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
    const c: Client = { base: config.baseUrl, key: config.apiKey };
    switch (sub) {
      case "submit": {
        if (!values.type) throw new UsageError("--type is required (zone_lookup, appraise or categorize)");
        const q = new URLSearchParams({ type: values.type });
        if (values["include-counts"]) q.set("include_counts", "true");
        if (values["callback-url"]) q.set("callback_url", values["callback-url"]);
        if (values["idempotency-key"]) q.set("idempotency_key", values["idempotency-key"]);
        const job = await call(c, `/v1/jobs?${q}`, {
          method: "POST",
          headers: { "content-type": "text/plain", "content-encoding": "gzip" },
          body: readList(arg),
        });
        process.stderr.write(`${job.id} ${job.status}: ${job.total} names, ${job.credits_reserved} credits reserved, position ${job.position ?? "-"}, estimated finish ${job.estimated_finish ?? "-"}\n`);
        if (!values.wait) {
          process.stdout.write(`${job.id}\n`);
          return 0;
        }
        const end = await wait(c, job.id);
        if (end.done > 0 && (values.out || values.format)) await download(c, job.id, values.out, format);
        else process.stdout.write(`${job.id}\n`);
        return end.status === "succeeded" ? 0 : 1;
      }
      case "status": {
        const j = await call(c, `/v1/jobs/${encodeURIComponent(arg)}`);
        if (values.json) process.stdout.write(JSON.stringify(j, null, 2) + "\n");
        else process.stdout.write(`${j.id} ${j.type} ${j.status}: ${j.done}/${j.total} rows (${(j.progress * 100).toFixed(1)}%), ${j.errors} errors, credits ${j.credits_charged} charged / ${j.credits_reserved} reserved${j.estimated_finish ? `, estimated finish ${j.estimated_finish}` : ""}\n`);
        return 0;
      }
      case "download":
        await download(c, arg, values.out, format);
        return 0;
      default:
        throw new UsageError(USAGE);
    }
  } catch (e) {
    if (e instanceof UsageError || e instanceof HttpFailure) {
      process.stderr.write(`cli jobs: ${e.message}\n`);
      return e instanceof UsageError ? 2 : 1;
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
