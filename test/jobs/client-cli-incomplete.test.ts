/**
 * `cli jobs` when the results are not whole, or cannot be had: a job still running (refused,
 * nothing written), a cancelled job (its rows written, exit 3), an answer that ends cleanly
 * before the rows it announced (resumed; a non-zero exit when it never completes), no file
 * left behind by a failure, --out checked before a job is submitted and charged, messages
 * naming ZW_BASE_URL, and an idempotent replay said as such. A child process against the
 * real server with the test executor (test/jobs/support), whose delay keeps a job running.
 */
import { afterAll, beforeAll, expect, test, setDefaultTimeout } from "bun:test";
import fs from "node:fs";
import path from "node:path";
import { tempDir } from "../support/harness.ts";
import { runJobsCli } from "./support/cli.ts";
import { isFinal, names, startJobsServer, submit, waitFor, type JobsServer } from "./support/jobs.ts";

// The machine is shared: allow for a loaded CPU (and the client's eight retries, ~21 s).
setDefaultTimeout(60_000);

let t: JobsServer;
const dir = tempDir("zw-cli-inc-");
beforeAll(async () => {
  t = await startJobsServer();
});
afterAll(async () => {
  await t.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const cli = (args: string[], baseUrl = t.url) => runJobsCli(args, baseUrl, t.key);

/** Files in the test folder: a failure leaves neither the target nor a temporary file. */
const leftovers = () => fs.readdirSync(dir);

test("a running job is refused, nothing written; cancelled part-way: its rows written, exit 3", async () => {
  // 50 chunks of 100 names, 300 ms each (two at a time): running for several seconds.
  t.fake.opts = { delayMs: 300 };
  const list = names(5000, "run");
  const id = (await submit(t, { type: "zone_lookup", domains: list })).body.id;
  await waitFor(t, id, (j) => j.done >= 100);
  const out = path.join(dir, "running.ndjson");
  const r = await cli(["download", id, "--out", out]);
  expect(r.code).toBe(1);
  expect(r.err).toMatch(new RegExp(`^cli jobs: ${id} is still running \\(\\d+ of 5000 rows so far\\): download it once it has finished, or add --wait\\n$`));
  expect(leftovers()).toEqual([]);

  await t.fetch(`/v1/jobs/${id}`, { method: "DELETE" });
  t.fake.opts = {};
  const j = await waitFor(t, id, isFinal);
  expect(j).toMatchObject({ status: "cancelled", partial: true });
  const c = await cli(["download", id, "--out", out]);
  expect(c.code).toBe(3);
  expect(c.err).toContain(`${id}: ${j.done} rows written to ${out}; the job ended cancelled (partial: ${j.done} of 5000 rows)`);
  const got = fs
    .readFileSync(out, "utf8")
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l).input);
  expect(got).toEqual(list.slice(0, j.done));
  fs.rmSync(out);
});

test("an answer that ends cleanly short of X-Job-Rows is resumed; one that never completes fails and leaves no file", async () => {
  const list = names(1000, "short");
  const id = (await submit(t, { type: "zone_lookup", domains: list })).body.id;
  await waitFor(t, id, isFinal);
  // A proxy that ends the first answer cleanly at a row boundary after 300 rows; with
  // `stuck`, every later answer ends cleanly with no row at all.
  let stuck = false;
  let answers = 0;
  const proxy = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const u = new URL(req.url);
      const headers = new Headers(req.headers);
      headers.set("accept-encoding", "identity");
      const up = await fetch(t.url + u.pathname + u.search, { headers });
      const h = new Headers(up.headers);
      h.delete("content-length");
      if (!u.pathname.endsWith("/results")) return new Response(up.body, { status: up.status, headers: h });
      if (answers++ === 0) return new Response((await up.text()).split("\n").slice(0, 300).join("\n") + "\n", { status: up.status, headers: h });
      return new Response(stuck ? "" : up.body, { status: up.status, headers: h });
    },
  });
  try {
    const out = path.join(dir, "short.ndjson");
    const r = await cli(["download", id, "--out", out], `http://127.0.0.1:${proxy.port}`);
    expect(r.code).toBe(0);
    expect(r.err).toContain("connection broken after 300 rows (the answer ended after 300 of 1000 rows); resuming");
    expect(r.err).toContain(`${id}: 1000 rows written to ${out}`);
    expect(
      fs
        .readFileSync(out, "utf8")
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l).input),
    ).toEqual(list);
    fs.rmSync(out);

    answers = 0;
    stuck = true;
    const f = await cli(["download", id, "--out", out], `http://127.0.0.1:${proxy.port}`);
    expect(f.code).toBe(1);
    expect(f.err).toEndWith("cli jobs: download incomplete: 300 of 1000 rows received, giving up after 8 retries (the answer ended after 300 of 1000 rows)\n");
    expect(leftovers()).toEqual([]);
  } finally {
    proxy.stop(true);
  }
});

test("a job that does not exist: the message, exit 1, no file", async () => {
  const out = path.join(dir, "x");
  const r = await cli(["download", "job_doesnotexist", "--out", out]);
  expect(r.code).toBe(1);
  expect(r.err).toBe("cli jobs: HTTP 404: job not found\n");
  expect(leftovers()).toEqual([]);
});

test("submit --wait --out into a missing folder is refused before anything is submitted", async () => {
  const before = (await (await t.fetch("/v1/jobs?limit=100")).json()).jobs.length;
  fs.writeFileSync(path.join(dir, "list.txt"), "a.com\nb.com\n");
  const out = path.join(dir, "missing", "x.csv");
  const r = await cli(["submit", path.join(dir, "list.txt"), "--type", "zone_lookup", "--wait", "--out", out]);
  expect(r.code).toBe(1);
  expect(r.err).toBe(`cli jobs: --out ${out}: the folder ${path.join(dir, "missing")} does not exist\n`);
  expect((await (await t.fetch("/v1/jobs?limit=100")).json()).jobs.length).toBe(before);
  fs.rmSync(path.join(dir, "list.txt"));
});

test("a ZW_BASE_URL that is no URL, not http, or not answering: one line naming it", async () => {
  for (const [url, msg] of [
    ["notaurl", 'ZW_BASE_URL "notaurl" is not a URL: set it to the service address, e.g. http://127.0.0.1:8080'],
    ["ftp://127.0.0.1:9", 'ZW_BASE_URL "ftp://127.0.0.1:9" must be an http:// or https:// address'],
    ["http://127.0.0.1:9", "cannot reach the service at ZW_BASE_URL http://127.0.0.1:9 (connection refused)"],
  ]) {
    const r = await cli(["status", "job_x"], url);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`cli jobs: ${msg}\n`);
  }
});

test("an idempotent replay is said to be one, charging nothing; 1 credit, not 1 credits", async () => {
  fs.writeFileSync(path.join(dir, "one.txt"), "a.com\n");
  const args = ["submit", path.join(dir, "one.txt"), "--type", "zone_lookup", "--idempotency-key", "cli-replay"];
  const first = await cli(args);
  expect(first.code).toBe(0);
  expect(first.err).toMatch(/^job_\w+ queued: 1 names, 1 credit reserved,/);
  const again = await cli(args);
  expect(again.code).toBe(0);
  expect(again.out).toBe(first.out);
  expect(again.err).toContain(
    ": 1 names, idempotent replay of the job already submitted with this key (nothing charged now; 1 credit reserved at first submission)",
  );
  fs.rmSync(path.join(dir, "one.txt"));
});
