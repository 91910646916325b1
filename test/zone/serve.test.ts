/**
 * `cli serve` on a fresh data folder, as `npm start` runs it: the sample zone index is built
 * from the project's own generator before the server listens, the zone endpoints answer
 * from it with the demo key, and SIGHUP re-reads the index without stopping the server.
 */
import { afterAll, expect, test } from "bun:test";
import fs from "node:fs";
import path from "node:path";
import { SAMPLE_DOMAINS } from "../../src/sample-index.ts";
import { tempDir } from "../support/harness.ts";
import { REPO } from "../support/paths.ts";

const dir = tempDir("zw-serve-");
let proc: ReturnType<typeof Bun.spawn> | null = null;
afterAll(() => {
  proc?.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Reads a stream until `re` matches the accumulated text (or fails after ms). */
async function until(stream: ReadableStream<Uint8Array>, re: RegExp, ms: number, acc = { text: "" }): Promise<RegExpMatchArray> {
  const reader = stream.getReader();
  const dec = new TextDecoder();
  const deadline = Date.now() + ms;
  try {
    for (;;) {
      const m = acc.text.match(re);
      if (m) return m;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${re}; got:\n${acc.text}`);
      const r = await Promise.race([reader.read(), Bun.sleep(left).then(() => null)]);
      if (r === null) continue;
      if (r.done) throw new Error(`stream ended before ${re}; got:\n${acc.text}`);
      acc.text += dec.decode(r.value);
    }
  } finally {
    reader.releaseLock();
  }
}

test("first start builds the sample index and serves it; SIGHUP reloads", async () => {
  proc = Bun.spawn([process.execPath, "run", path.join(REPO, "src/cli.ts"), "serve"], {
    env: { ...process.env, ZW_DATA_DIR: dir, ZW_PORT: "0", ZW_HOST: "127.0.0.1", ZW_WORKERS: "0", NODE_ENV: "production" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const out = { text: "" };
  const stdout = proc.stdout as ReadableStream<Uint8Array>;
  const [, key] = await until(stdout, /API key:\s+(zw_live_\w+)/, 30_000, out);
  await until(stdout, /sample index written in ([\d.]+) s/, 30_000, out);
  const [, url] = await until(stdout, /listening on (http:\/\/[\d.:]+)/, 30_000, out);
  expect(fs.existsSync(path.join(dir, "zone.idx"))).toBe(true);

  const auth = { authorization: `Bearer ${key}` };
  const stats = await (await fetch(`${url}/v1/zone/stats`, { headers: auth })).json();
  expect(stats.total_domains).toBe(SAMPLE_DOMAINS);
  expect(stats.total_tlds).toBeGreaterThan(1000);
  expect(stats.top_tlds[0].tld).toBe("com");
  const count = await fetch(`${url}/v1/zone/count`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ term: "shop" }),
  });
  expect(count.status).toBe(200);
  expect((await count.json()).total_matches).toBeGreaterThan(0);

  // The log (JSON lines on a pipe) tells the first load and the swap SIGHUP caused.
  await until(stdout, /"msg":"zone index loaded"/, 5_000, out);
  proc.kill("SIGHUP");
  await until(stdout, /"msg":"zone index swapped"/, 5_000, out);
  expect((await fetch(`${url}/v1/zone/stats`, { headers: auth })).status).toBe(200);
}, 60_000);
