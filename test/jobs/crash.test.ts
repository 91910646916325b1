/**
 * kill -9 in the middle of a 300,000-name job: the server runs as a child process (the
 * real `cli serve`), is killed with SIGKILL while chunks are being written, and started
 * again on the same data folder. Every row must be present once and in input order, the
 * results file must hold exactly the committed bytes, and the credits must add up.
 * Then the callback state survives a second kill: an attempt that failed before the kill
 * is followed by a delivery from the restarted process, counted on the same job.
 */
import { afterAll, expect, test } from "bun:test";
import fs from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { openStore } from "../../src/store/sqlite.ts";
import { tempDir } from "../support/harness.ts";
import { REPO } from "../support/paths.ts";
import { placeFixtureIndex } from "../zone/fixture-index.ts";
import { startReceiver } from "./support/https-receiver.ts";
import { realNames } from "./support/real-names.ts";

interface Child {
  proc: ReturnType<typeof Bun.spawn>;
  url: string;
}

const dataDir = tempDir("zw-crash-");
const rx = startReceiver();
const env = {
  ...process.env,
  NODE_ENV: "production",
  ZW_HOST: "127.0.0.1",
  ZW_PORT: "0",
  ZW_DATA_DIR: dataDir,
  ZW_WORKERS: "1",
  ZW_CHUNK_SIZE: "5000",
  ZW_DNS_SERVERS: "127.0.0.1:9",
  ZW_CALLBACK_ALLOW_PRIVATE: "1",
  ZW_CALLBACK_CA_FILE: rx.caFile,
  ZW_CALLBACK_DELAYS_S: "0,2,4,6,8,10",
};
const children: Child[] = [];

afterAll(() => {
  for (const c of children) c.proc.kill("SIGKILL");
  rx.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function serve(): Promise<Child> {
  const proc = Bun.spawn([process.execPath, "run", path.join(REPO, "src/cli.ts"), "serve"], { env, cwd: REPO, stdout: "pipe", stderr: "inherit" });
  const reader = proc.stdout.getReader();
  let out = "";
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const r = await reader.read();
    if (r.done) break;
    out += new TextDecoder().decode(r.value);
    const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
    if (m) {
      reader.releaseLock();
      const c = { proc, url: m[1]! };
      children.push(c);
      return c;
    }
  }
  throw new Error(`server did not start: ${out}`);
}

test("SIGKILL mid-job, restart: every row once and in order, credits add up; callback state survives", async () => {
  await placeFixtureIndex(path.join(dataDir, "zone.idx"));
  const store = openStore(dataDir);
  const issued = store.keys.create("crash", 1_000_000);
  store.close();
  const auth = { authorization: `Bearer ${issued.key}` };
  const list = realNames(300_000);

  const a = await serve();
  const sub = await fetch(`${a.url}/v1/jobs?type=zone_lookup&callback_url=${encodeURIComponent(rx.url)}`, {
    method: "POST",
    headers: { ...auth, "content-type": "text/plain", "content-encoding": "gzip" },
    body: gzipSync(list.join("\n")),
  });
  expect(sub.status).toBe(202);
  const id = ((await sub.json()) as { id: string }).id;
  // Kill while the job is part-way: at least two chunks written, far from the end.
  let killedAt = 0;
  for (;;) {
    const j = (await (await fetch(`${a.url}/v1/jobs/${id}`, { headers: auth })).json()) as { done: number; status: string };
    if (j.status !== "queued" && j.status !== "running") throw new Error(`the job ended before the kill: ${JSON.stringify(j)}`);
    if (j.done >= 10_000) {
      a.proc.kill("SIGKILL");
      await a.proc.exited;
      killedAt = j.done;
      break;
    }
    await Bun.sleep(5);
  }
  expect(killedAt).toBeLessThan(300_000);

  // The first callback attempt fails; the process is killed after it, before the next.
  let attemptsSeen = 0;
  rx.answer = () => (++attemptsSeen === 1 ? 500 : 200);
  const b = await serve();
  let j: any;
  for (;;) {
    j = await (await fetch(`${b.url}/v1/jobs/${id}`, { headers: auth })).json();
    if (j.status !== "queued" && j.status !== "running" && j.callback.last_error !== null) break;
    if (j.status !== "queued" && j.status !== "running" && j.status !== "succeeded") throw new Error(`the job did not succeed: ${JSON.stringify(j)}`);
    await Bun.sleep(20);
  }
  b.proc.kill("SIGKILL");
  await b.proc.exited;
  expect(j).toMatchObject({
    status: "succeeded",
    total: 300_000,
    done: 300_000,
    errors: 0,
    credits_reserved: 30_000,
    credits_refunded: 0,
    credits_charged: 30_000,
  });
  expect(j.callback).toMatchObject({ status: "retrying", attempts: 1, last_error: "receiver answered HTTP 500" });

  const c = await serve();
  const res = await fetch(`${c.url}/v1/jobs/${id}/results`, { headers: { ...auth, "accept-encoding": "gzip" }, decompress: false } as RequestInit);
  expect(res.headers.get("x-job-rows")).toBe("300000");
  const gz = new Uint8Array(await res.arrayBuffer());
  const lines = gunzipSync(gz).toString("utf8").split("\n");
  expect(lines.pop()).toBe("");
  expect(lines.length).toBe(300_000);
  for (let i = 0; i < lines.length; i++) {
    const input = JSON.parse(lines[i]!).input;
    if (input !== list[i]) throw new Error(`row ${i}: ${input} where ${list[i]} was submitted`);
  }
  // The file holds exactly the committed members: nothing of the killed write survives.
  expect(fs.statSync(path.join(dataDir, "jobs", id, "results.ndjson.gz")).size).toBe(gz.byteLength);
  const usage = (await (await fetch(`${c.url}/v1/usage`, { headers: auth })).json()) as any;
  expect(usage.credits_used).toBe(30_000);
  expect(usage.by_endpoint.zone).toBe(30_000);

  // The restarted process delivers the callback on the schedule: attempt 2, same job.
  for (;;) {
    j = await (await fetch(`${c.url}/v1/jobs/${id}`, { headers: auth })).json();
    if (j.callback.status !== "retrying") break;
    await Bun.sleep(50);
  }
  expect(j.callback).toEqual({ url: rx.url, status: "delivered", attempts: 2, last_error: null });
  expect(rx.received.length).toBe(2);
  c.proc.kill("SIGTERM");
  await c.proc.exited;
}, 120_000);
