/**
 * The lane query (store.lane: running job, then the queued jobs in the order the lane takes
 * them), which runs at every submit, every job start and every status or list answer that
 * carries a position. Times it over a lane of Q queued jobs from K keys, with a history of
 * H finished jobs, against the query before the keys-in-turn fix (turns numbered afresh),
 * both on the same database, alternating.
 *
 *   node scripts/bun.cjs run bench/jobs/lane.ts [queued=2000] [keys=50] [finished=5000]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadavg } from "node:os";
import { openStore } from "../../src/store/sqlite.ts";
import { SqliteJobQueue } from "../../src/capabilities/jobs/store.ts";

const [Q, K, H] = [Number(process.argv[2] ?? 2000), Number(process.argv[3] ?? 50), Number(process.argv[4] ?? 5000)];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-lane-bench-"));
const sqlite = openStore(dir);
const store = new SqliteJobQueue(sqlite);
const keys = Array.from({ length: K }, (_, i) => sqlite.keys.create(`k${i}`).record.id);
let created = 1;
const add = (i: number) => {
  const id = `job_${i}`;
  store.insert({
    id,
    key_id: keys[i % K]!,
    type: "appraise",
    total: 1000,
    options: "{}",
    chunk_size: 100,
    usage_key: "appraise",
    usage_day: "2026-11-24",
    credits_reserved: 1000,
    created: created++,
    deadline: 1e12,
    idem_key: null,
    idem_hash: null,
    callback_url: null,
  });
  return id;
};
sqlite.db.transaction(() => {
  for (let i = 0; i < H; i++) {
    const id = add(i);
    sqlite.db.run("UPDATE jobs SET status = 'succeeded', started = ?, finished = ? WHERE id = ?", [created, created + 1, id]);
  }
  for (let i = H; i < H + Q; i++) add(i);
  sqlite.db.run("UPDATE jobs SET status = 'running', started = ? WHERE id = ?", [created, `job_${H}`]);
})();

const before = sqlite.db.query(
  `SELECT id, key_id, total, done, status FROM (
     SELECT id, key_id, total, done, status, created, rowid AS rid, 0 AS turn FROM jobs WHERE type = ?1 AND status = 'running'
     UNION ALL
     SELECT id, key_id, total, done, status, created, rowid AS rid,
            ROW_NUMBER() OVER (PARTITION BY key_id ORDER BY created, rowid) AS turn
     FROM jobs WHERE type = ?1 AND status = 'queued')
   ORDER BY turn, created, rid`,
);
const time = (f: () => unknown, n: number) => {
  const t = Bun.nanoseconds();
  for (let i = 0; i < n; i++) f();
  return (Bun.nanoseconds() - t) / n / 1e6;
};
const N = 50;
const rounds: [number, number][] = [];
for (let r = 0; r < 10; r++) rounds.push([time(() => before.all("appraise"), N), time(() => store.lane("appraise"), N)]);
const med = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
console.log(`load ${loadavg()[0]!.toFixed(2)}; ${Q} queued jobs from ${K} keys, ${H} finished; ms per lane() (median of 10 rounds of ${N})`);
console.log(
  `before (turns afresh): ${med(rounds.map((x) => x[0])).toFixed(2)} ms   after (keys in turn): ${med(rounds.map((x) => x[1])).toFixed(2)} ms   ratio ${med(rounds.map((x) => x[1] / x[0])).toFixed(2)}`,
);
sqlite.close();
fs.rmSync(dir, { recursive: true, force: true });
