/**
 * bench/jobs: end to end, as a user sees it. The service runs as a child process (the real
 * `cli serve`, ZW_WORKERS=2); for each job type a gzip text file of N names (default
 * 1,000,000 real names from ../shared/data) is submitted, the job is polled to its final
 * status, and the results are downloaded as gzip. Reported: submit, job and total times,
 * names/s, the download rate in MB/s of gzip, and the service's peak RSS (VmHWM of the
 * whole process, worker threads included) sampled from /proc every 50 ms.
 *
 *   node scripts/bun.cjs run bench/jobs/e2e.ts [N] [types...]
 *   types: zone_lookup zone_lookup+counts categorize appraise (default: all)
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { openStore } from "../../src/store/sqlite.ts";
import { namesOf, realNames } from "../../test/jobs/support/real-names.ts";
import { sharedFile, sharedZoneInputs } from "../../test-data/support/shared-data.ts";
import { tempDir } from "../../test/support/harness.ts";
import { REPO } from "../../test/support/paths.ts";
import { placeFixtureIndex } from "../../test/zone/fixture-index.ts";

const N = Number(process.argv[2] ?? 1_000_000);
const ALL = ["zone_lookup", "zone_lookup+counts", "categorize", "appraise"];
const types = process.argv.slice(3).length ? process.argv.slice(3) : ALL;

const dataDir = tempDir("zw-bench-jobs-");
await placeFixtureIndex(path.join(dataDir, "zone.idx"), sharedZoneInputs());
const store = openStore(dataDir);
const key = store.keys.create("bench", 100_000_000).key;
store.close();

const proc = Bun.spawn([process.execPath, "run", path.join(REPO, "src/cli.ts"), "serve"], {
  cwd: REPO,
  env: { ...process.env, NODE_ENV: "production", ZW_HOST: "127.0.0.1", ZW_PORT: "0", ZW_DATA_DIR: dataDir, ZW_WORKERS: process.env.ZW_WORKERS ?? "2" },
  stdout: "pipe",
  stderr: "inherit",
});
let url = "";
{
  const reader = proc.stdout.getReader();
  let out = "";
  while (!url) {
    const r = await reader.read();
    if (r.done) throw new Error(`server did not start: ${out}`);
    out += new TextDecoder().decode(r.value);
    url = /listening on (http:\/\/[\d.:]+)/.exec(out)?.[1] ?? "";
  }
  reader.releaseLock();
}

const rss = () => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${proc.pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
};
let peakRss = 0;
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, rss())), 50);
await Bun.sleep(1000);
console.log(`service RSS when idle: ${(rss() / 1e6).toFixed(0)} MB`);

const auth = { authorization: `Bearer ${key}` };
const list = realNames(N, namesOf([sharedFile("domains/tranco_top_100k.csv.gz"), sharedFile("domains/iis-nu_domains.txt.gz")]));
const body = gzipSync(list.join("\n") + "\n");
const mb = (b: number) => (b / 1e6).toFixed(1);
console.log(`service ${url} pid ${proc.pid}; ${N} names, ${mb(body.byteLength)} MB gzip; load: ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`);

interface Row {
  type: string;
  submitS: number;
  jobS: number;
  totalS: number;
  namesPerS: number;
  downloadS: number;
  downloadMB: number;
  peakRssMB: number;
  status: string;
}
const results: Row[] = [];

for (const t of types) {
  const [type, counts] = t.split("+");
  const q = new URLSearchParams({ type: type! });
  if (counts) q.set("include_counts", "true");
  peakRss = 0;
  const t0 = performance.now();
  const res = await fetch(`${url}/v1/jobs?${q}`, { method: "POST", headers: { ...auth, "content-type": "text/plain", "content-encoding": "gzip" }, body });
  const job = (await res.json()) as any;
  if (res.status !== 202) {
    console.log(`${t}: HTTP ${res.status} ${JSON.stringify(job)}`);
    continue;
  }
  const t1 = performance.now();
  let j: any;
  for (;;) {
    j = await (await fetch(`${url}/v1/jobs/${job.id}`, { headers: auth })).json();
    if (!["queued", "running"].includes(j.status)) break;
    await Bun.sleep(50);
  }
  const t2 = performance.now();
  const dl = await fetch(`${url}/v1/jobs/${job.id}/results`, { headers: { ...auth, "accept-encoding": "gzip" }, decompress: false } as RequestInit);
  let bytes = 0;
  for await (const chunk of dl.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  const t3 = performance.now();
  const row: Row = {
    type: t,
    status: `${j.status} ${j.done}/${j.total} errors ${j.errors}`,
    submitS: (t1 - t0) / 1000,
    jobS: (t2 - t1) / 1000,
    totalS: (t3 - t0) / 1000,
    namesPerS: Math.round(N / ((t2 - t0) / 1000)),
    downloadS: (t3 - t2) / 1000,
    downloadMB: bytes / 1e6,
    peakRssMB: peakRss / 1e6,
  };
  results.push(row);
  console.log(
    `${t.padEnd(19)} ${row.status}: submit ${row.submitS.toFixed(2)} s, job ${row.jobS.toFixed(2)} s, end to end ${row.totalS.toFixed(2)} s (${row.namesPerS} names/s); ` +
      `download ${mb(bytes)} MB gzip in ${row.downloadS.toFixed(2)} s = ${(row.downloadMB / row.downloadS).toFixed(0)} MB/s; peak RSS ${row.peakRssMB.toFixed(0)} MB`,
  );
  await fetch(`${url}/v1/jobs/${job.id}`, { method: "DELETE", headers: auth });
}

clearInterval(rssTimer);
proc.kill("SIGTERM");
await proc.exited;
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`load after: ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`);
