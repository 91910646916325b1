/** Helpers for the jobs tests: a server with a fake executor, submitting, waiting, reading. */
import { gunzipSync } from "node:zlib";
import { startTestServer, type TestServer } from "../../support/harness.ts";
import { FakeExecutor, type FakeOptions } from "./fake-executor.ts";

export interface JobsServer extends TestServer {
  fake: FakeExecutor;
}

export async function startJobsServer(env: Record<string, string> = {}, fake: FakeOptions = {}, quota = 1_000_000): Promise<JobsServer> {
  const t = await startTestServer({ ZW_CHUNK_SIZE: "100", ...env }, { quota });
  const ex = new FakeExecutor(fake);
  t.server.services.jobsExecutor = ex;
  return Object.assign(t, { fake: ex });
}

export const names = (n: number, prefix = "name", ext = ".com") => Array.from({ length: n }, (_, i) => `${prefix}${i}${ext}`);

export async function submit(t: TestServer, body: Record<string, unknown>, key?: string) {
  const r = await t.fetch("/v1/jobs", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" }, key });
  return { r, body: (await r.json()) as any };
}

export async function waitFor(t: TestServer, id: string, until: (j: any) => boolean, timeoutMs = 20_000, key?: string): Promise<any> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const j = await (await t.fetch(`/v1/jobs/${id}`, { key })).json();
    if (until(j)) return j;
    if (Date.now() > end) throw new Error(`job ${id} stuck: ${JSON.stringify(j)}`);
    await Bun.sleep(25);
  }
}

export const isFinal = (j: any) => !["queued", "running"].includes(j.status);

/** All rows of a job as parsed objects (plain NDJSON). */
export async function rows(t: TestServer, id: string, query = "", key?: string): Promise<any[]> {
  const r = await t.fetch(`/v1/jobs/${id}/results${query}`, { key, headers: { "accept-encoding": "identity" } });
  if (r.status !== 200) throw new Error(`results ${r.status}: ${await r.text()}`);
  const text = await r.text();
  return text === ""
    ? []
    : text
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l));
}

/** The raw gzip bytes, decoded by us (every member). */
export async function gzipRows(t: TestServer, id: string, query = "", key?: string): Promise<{ res: Response; lines: string[] }> {
  const res = await t.fetch(`/v1/jobs/${id}/results${query}`, { key, headers: { "accept-encoding": "gzip" }, decompress: false } as RequestInit);
  if (res.status !== 200) throw new Error(`results ${res.status}: ${await res.text()}`);
  const buf = new Uint8Array(await res.arrayBuffer());
  const text = buf.byteLength ? gunzipSync(buf).toString("utf8") : "";
  return { res, lines: text === "" ? [] : text.trimEnd().split("\n") };
}

export async function usage(t: TestServer, key?: string): Promise<any> {
  return (await t.fetch("/v1/usage", { key })).json();
}
