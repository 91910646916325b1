/**
 * Downloading a job's results from a running service, resumable: rows are written out only
 * as whole lines and counted; when the connection breaks, or an answer ends cleanly with
 * fewer rows than its X-Job-Rows announced (a proxy closing at a row or gzip-member
 * boundary looks like a finished transfer), the download asks again with from=<rows
 * written> and carries on, so the output holds every row once. The transfer is gzip (the
 * service sends its file as stored) and is inflated here.
 */
import fs from "node:fs";

export interface DownloadOptions {
  baseUrl: string;
  apiKey: string;
  id: string;
  format: "ndjson" | "csv";
  /** Where to write (a file descriptor). */
  fd: number;
  retries?: number;
  onProgress?: (rows: number, total: number) => void;
  log?: (msg: string) => void;
}

/** What a finished transfer got, and what the service said of the job while sending it. */
export interface DownloadResult {
  rows: number;
  /** X-Job-Status: the job's status when the last answer started. */
  status: string;
  /** X-Job-Partial: rows were still missing from the job. */
  partial: boolean;
}

export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function apiError(res: Response): Promise<HttpFailure> {
  const text = await res.text().catch(() => "");
  let msg = text;
  try {
    msg = (JSON.parse(text) as { error?: string }).error ?? text;
  } catch {}
  return new HttpFailure(res.status, `HTTP ${res.status}: ${msg}`);
}

export async function downloadResults(o: DownloadOptions): Promise<DownloadResult> {
  let rows = 0;
  let wroteHeader = false;
  let failures = 0;
  const retries = o.retries ?? 8;
  let total = 0; // X-Job-Rows of the latest answer: the rows the job has
  for (;;) {
    const dec = new TextDecoder();
    try {
      const q = new URLSearchParams({ from: String(rows) });
      if (o.format === "csv") q.set("format", "csv");
      const res = await fetch(`${o.baseUrl}/v1/jobs/${encodeURIComponent(o.id)}/results?${q}`, {
        headers: { authorization: `Bearer ${o.apiKey}`, "accept-encoding": "gzip" },
        decompress: false,
      } as RequestInit);
      if (!res.ok) throw await apiError(res);
      total = Number(res.headers.get("x-job-rows") ?? 0);
      let body = res.body!;
      if (res.headers.get("content-encoding") === "gzip") {
        body = body.pipeThrough(new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>);
      }
      // Each CSV answer starts with the header: written once, dropped on a resumed answer.
      let header = o.format === "csv";
      let carry = "";
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        const text = carry + dec.decode(chunk, { stream: true });
        const cut = text.lastIndexOf("\n");
        if (cut < 0) {
          carry = text;
          continue;
        }
        let whole = text.slice(0, cut + 1);
        carry = text.slice(cut + 1);
        if (header) {
          const eol = whole.indexOf("\n") + 1;
          if (!wroteHeader) fs.writeSync(o.fd, whole.slice(0, eol));
          wroteHeader = true;
          whole = whole.slice(eol);
          header = false;
        }
        let n = 0;
        for (let i = whole.indexOf("\n"); i >= 0; i = whole.indexOf("\n", i + 1)) n++;
        if (n > 0) fs.writeSync(o.fd, whole);
        rows += n;
        o.onProgress?.(rows, total);
      }
      if (carry !== "") throw new Error("the download ended inside a row");
      // A clean end is no proof of a whole file: only the announced count is.
      if (rows < total) throw new Error(`the answer ended after ${rows} of ${total} rows`);
      return { rows, status: res.headers.get("x-job-status") ?? "", partial: res.headers.get("x-job-partial") === "true" };
    } catch (e) {
      if (e instanceof HttpFailure) throw e;
      const why = e instanceof Error ? e.message : String(e);
      if (++failures > retries) throw new Error(`download incomplete: ${rows} of ${total} rows received, giving up after ${retries} retries (${why})`);
      o.log?.(`connection broken after ${rows} rows (${why}); resuming`);
      await Bun.sleep(Math.min(5000, 200 * 2 ** (failures - 1)));
    }
  }
}
