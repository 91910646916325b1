/**
 * bench/jobs overhead: the jobs machinery alone, with a chunk executor that does no work
 * beyond building rows (test/jobs/support/fake-executor.ts, run inline): submit 1,000,000
 * names as a gzip text body, run (chunking, gzip members, fsync, SQLite commits), and
 * download as gzip and inflated. What is left of the end-to-end time in e2e.ts is the
 * pool tasks' own work.
 *
 *   node scripts/bun.cjs run bench/jobs/overhead.ts [N]
 */
import fs from "node:fs";
import { gzipSync } from "node:zlib";
import { startJobsServer } from "../../test/jobs/support/jobs.ts";
import { namesOf, realNames } from "../../test/jobs/support/real-names.ts";
import { sharedFile } from "../../test-data/support/shared-data.ts";

const N = Number(process.argv[2] ?? 1_000_000);
const t = await startJobsServer({ ZW_CHUNK_SIZE: "10000" }, {}, 100_000_000);
const body = gzipSync(realNames(N, namesOf([sharedFile("domains/tranco_top_100k.csv.gz"), sharedFile("domains/iis-nu_domains.txt.gz")])).join("\n") + "\n");
const load = () => fs.readFileSync("/proc/loadavg", "utf8").trim();
console.log(`${N} names, ${(body.byteLength / 1e6).toFixed(1)} MB gzip; load ${load()}`);

const t0 = performance.now();
const res = await t.fetch("/v1/jobs?type=zone_lookup", { method: "POST", headers: { "content-type": "text/plain", "content-encoding": "gzip" }, body });
const job = (await res.json()) as { id: string };
const t1 = performance.now();
let j: any;
for (;;) {
  j = await (await t.fetch(`/v1/jobs/${job.id}`)).json();
  if (!["queued", "running"].includes(j.status)) break;
  await Bun.sleep(20);
}
const t2 = performance.now();
const gz = await t.fetch(`/v1/jobs/${job.id}/results`, { headers: { "accept-encoding": "gzip" }, decompress: false } as RequestInit);
let gzBytes = 0;
for await (const c of gz.body as unknown as AsyncIterable<Uint8Array>) gzBytes += c.byteLength;
const t3 = performance.now();
const plain = await t.fetch(`/v1/jobs/${job.id}/results`, { headers: { "accept-encoding": "identity" } });
let plainBytes = 0;
for await (const c of plain.body as unknown as AsyncIterable<Uint8Array>) plainBytes += c.byteLength;
const t4 = performance.now();
const s = (a: number, b: number) => ((b - a) / 1000).toFixed(2);
console.log(`status ${j.status} ${j.done}/${j.total}`);
console.log(`submit ${s(t0, t1)} s; run ${s(t1, t2)} s (${Math.round(N / ((t2 - t1) / 1000))} names/s)`);
console.log(`download gzip ${(gzBytes / 1e6).toFixed(1)} MB in ${s(t2, t3)} s = ${(gzBytes / 1e6 / ((t3 - t2) / 1000)).toFixed(0)} MB/s`);
console.log(`download inflated ${(plainBytes / 1e6).toFixed(1)} MB in ${s(t3, t4)} s = ${(plainBytes / 1e6 / ((t4 - t3) / 1000)).toFixed(0)} MB/s`);
console.log(`load ${load()}`);
await t.stop();
