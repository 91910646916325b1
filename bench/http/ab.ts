/**
 * bench/http/ab.ts: two checkouts of this repository in one process, their servers timed
 * round by round on the same requests (GET /v1/ping, GET /v1/usage, and GET /v1/zone/stats,
 * a metered endpoint, on the test fixture index), so that the host's drift between runs
 * falls on both alike. Prints the median CPU microseconds per request of each and the change.
 *   node scripts/bun.cjs bench/http/ab.ts BEFORE_DIR AFTER_DIR [ROUNDS]
 * BEFORE_DIR is a checkout of the earlier commit (e.g. `git worktree add /tmp/before <commit>`,
 * with node_modules linked from this one). Each zone bucket's limit is raised in this
 * process so that every zone/stats request takes the charged path.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fixtureIndex } from "../../test/zone/fixture-index.ts";

const [beforeDir, afterDir, roundsArg] = process.argv.slice(2);
if (!beforeDir || !afterDir) throw new Error("usage: bench/http/ab.ts BEFORE_DIR AFTER_DIR [ROUNDS]");
const ROUNDS = Number(roundsArg ?? 15);
const index = await fixtureIndex();

interface Running {
  handle(r: Request): Promise<Response>;
  stop(): Promise<void>;
  services: { store: { keys: { create(name: string, quota: number): { key: string } } } };
}
const servers: { label: string; s: Running; key: string; dir: string }[] = [];
for (const [label, root] of [
  ["before", beforeDir],
  ["after", afterDir],
] as const) {
  const { loadConfig } = await import(path.resolve(root, "src/config.ts"));
  const { RATE_LIMITS } = await import(path.resolve(root, "src/operations.ts"));
  RATE_LIMITS.zone = 1e9;
  const { startServer } = await import(path.resolve(root, "src/main.ts"));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-ab-"));
  const s: Running = await startServer(loadConfig({ ZW_DATA_DIR: dir, ZW_PORT: "0", ZW_WORKERS: "0", ZW_DNS_SERVERS: "127.0.0.1:9", ZW_ZONE_INDEX: index }), {
    log: () => {},
  });
  servers.push({ label, s, key: s.services.store.keys.create("bench", 1e9).key, dir });
}

const PATHS = ["/v1/ping", "/v1/usage", "/v1/zone/stats"];
const perRound = (p: string) => (p === "/v1/zone/stats" ? 2_000 : 10_000);
const cpu: Record<string, number[]> = {};
async function round(sv: (typeof servers)[number], p: string, n: number): Promise<void> {
  const headers = { authorization: `Bearer ${sv.key}` };
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await (await sv.s.handle(new Request("http://localhost" + p, { headers }))).text();
  const c = process.cpuUsage(c0);
  (cpu[`${sv.label} ${p}`] ??= []).push((c.user + c.system) / n);
}

await Bun.sleep(1000);
for (const sv of servers) {
  const r = await sv.s.handle(new Request("http://localhost/v1/zone/stats", { headers: { authorization: `Bearer ${sv.key}` } }));
  if (r.status !== 200 || r.headers.get("X-Credits-Charged") !== "1") throw new Error(`${sv.label}: zone/stats answered ${r.status}`);
  for (const p of PATHS) await round(sv, p, perRound(p) * 2);
}
for (const k of Object.keys(cpu)) cpu[k] = [];
// Alternate which tree goes first, so that neither always runs on a warmer cache.
for (let r = 0; r < ROUNDS; r++) for (const p of PATHS) for (const sv of r % 2 ? servers : [...servers].reverse()) await round(sv, p, perRound(p));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log(`CPU us per request, median of ${ROUNDS} rounds`);
for (const p of PATHS) {
  const b = median(cpu[`before ${p}`]!);
  const a = median(cpu[`after ${p}`]!);
  console.log(`${p.padEnd(16)} before ${b.toFixed(2).padStart(6)}  after ${a.toFixed(2).padStart(6)}  ${(((a - b) / b) * 100).toFixed(1).padStart(6)} %`);
}
for (const sv of servers) {
  await sv.s.stop();
  fs.rmSync(sv.dir, { recursive: true, force: true });
}
