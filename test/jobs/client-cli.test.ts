/**
 * `cli jobs ...` as a user runs it: a child process talking HTTP to a running service
 * (ZW_BASE_URL, ZW_API_KEY). Submit with --wait and --out (plain progress lines when not
 * on a terminal), status, and a download that survives a connection broken half-way
 * (through a loopback proxy that cuts the first answer) with every row once.
 */
import { afterAll, beforeAll, expect, test, setDefaultTimeout } from "bun:test";
import fs from "node:fs";
import path from "node:path";
import { startTestServer, tempDir, type TestServer } from "../support/harness.ts";
import { runJobsCli } from "./support/cli.ts";
import { realNames } from "./support/real-names.ts";

// The machine is shared: allow for a loaded CPU.
setDefaultTimeout(60_000);

let t: TestServer;
const dir = tempDir("zw-cli-");
const list = realNames(20_000);
beforeAll(async () => {
  t = await startTestServer({ ZW_CHUNK_SIZE: "1000" }, { quota: 1_000_000 });
  fs.writeFileSync(path.join(dir, "names.txt"), list.join("\n") + "\n");
});
afterAll(async () => {
  await t.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const cli = (args: string[], baseUrl = t.url) => runJobsCli(args, baseUrl, t.key);

let jobId = "";

test("submit --wait --out: progress lines, the results file in input order", async () => {
  const out = path.join(dir, "out.ndjson");
  const r = await cli(["submit", path.join(dir, "names.txt"), "--type", "zone_lookup", "--wait", "--out", out]);
  expect(r.code).toBe(0);
  const m = /^(job_\w+) queued: 20000 names, 2000 credits reserved/m.exec(r.err);
  expect(m).not.toBeNull();
  jobId = m![1]!;
  expect(r.err).toContain(`${jobId} succeeded: 20000/20000 rows, 0 errors, 2000 credits charged (0 refunded)`);
  expect(r.err).not.toContain("\x1b["); // no terminal control codes when not on a terminal
  const rows = fs
    .readFileSync(out, "utf8")
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l).input);
  expect(rows).toEqual(list);
});

test("status", async () => {
  const r = await cli(["status", jobId]);
  expect(r.code).toBe(0);
  expect(r.out).toBe(`${jobId} zone_lookup succeeded: 20000/20000 rows (100.0%), 0 errors, credits 2000 charged / 2000 reserved\n`);
  const j = await cli(["status", jobId, "--json"]);
  expect(JSON.parse(j.out).id).toBe(jobId);
  const missing = await cli(["status", "job_nope"]);
  expect(missing.code).toBe(1);
  expect(missing.err).toBe("cli jobs: HTTP 404: job not found\n");
});

test("download resumes after a broken connection, every row once", async () => {
  let answers = 0;
  const proxy = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const u = new URL(req.url);
      const up = await fetch(t.url + u.pathname + u.search, { headers: req.headers, decompress: false } as RequestInit);
      const headers = new Headers(up.headers);
      headers.delete("content-length");
      if (!u.pathname.endsWith("/results") || answers++ > 0) return new Response(up.body, { status: up.status, headers });
      // The first answer breaks after 60 kB.
      const reader = up.body!.getReader();
      let sent = 0;
      const cut = new ReadableStream<Uint8Array>({
        async pull(ctl) {
          const r = await reader.read();
          if (r.done || sent > 60_000) {
            reader.cancel();
            ctl.error(new Error("connection reset"));
            return;
          }
          sent += r.value.byteLength;
          ctl.enqueue(r.value);
        },
      });
      return new Response(cut, { status: up.status, headers });
    },
  });
  try {
    for (const format of ["ndjson", "csv"]) {
      answers = 0;
      const out = path.join(dir, `dl.${format}`);
      const r = await cli(["download", jobId, "--out", out, "--format", format], `http://127.0.0.1:${proxy.port}`);
      expect(r.code).toBe(0);
      expect(r.err).toMatch(/connection broken after \d+ rows .*; resuming/);
      expect(r.err).toContain(`${jobId}: 20000 rows written to ${out}`);
      expect(answers).toBeGreaterThanOrEqual(2);
      const lines = fs
        .readFileSync(out, "utf8")
        .trimEnd()
        .split(format === "csv" ? "\r\n" : "\n");
      if (format === "csv") {
        expect(lines[0]).toBe("input,name,extension,registered,extensions_registered,supported,error");
        expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(list);
      } else expect(lines.map((l) => JSON.parse(l).input)).toEqual(list);
    }
  } finally {
    proxy.stop(true);
  }
});

test("usage errors", async () => {
  const r = await cli(["submit", path.join(dir, "names.txt")]);
  expect(r.code).toBe(2);
  expect(r.err).toBe("cli jobs: --type is required (zone_lookup, appraise or categorize)\n");
  const bad = await cli(["submit", path.join(dir, "names.txt"), "--type", "zone_lookup", "--bogus"]);
  expect(bad.code).toBe(2);
});
