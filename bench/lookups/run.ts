/**
 * Lookups figures against the local fakes (RDAP, WHOIS, DNS on 127.0.0.1), through the
 * real server over HTTP:
 *  1. a 10-domain POST /v1/rdap whose upstream answers at once (fresh names every round,
 *     so nothing comes from the cache; half .com, which also takes the registrar hop)
 *  2. a 50-domain POST /v1/dns, five types each (250 questions), fresh names every round
 *  3. a cache hit: the service call for an already-answered domain, and the same over HTTP
 *  4. the time budget: POST /v1/rdap and POST /v1/dns with upstreams that never answer
 * Each round uses a fresh key (the rdap bucket allows 6 requests a minute per key).
 *
 *   node scripts/bun.cjs run bench/lookups/run.ts [rounds]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { lookupsOf } from "../../src/capabilities/lookups/wiring.ts";
import { DEFAULT_SETTINGS } from "../../src/capabilities/lookups/settings.ts";
import { loadConfig } from "../../src/config.ts";
import { startServer, type RunningServer } from "../../src/main.ts";
import type { SqliteStore } from "../../src/store/sqlite.ts";
import { startFakeDns } from "../../test/fakes/dns-server.ts";
import { startLookupFakes } from "../../test/fakes/index.ts";

const rounds = Number(process.argv[2] ?? 30);

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  const f = (v: number) => (v < 1 ? v.toFixed(4) : v.toFixed(2));
  return `median ${f(q(0.5))} ms, p90 ${f(q(0.9))} ms, min ${f(s[0]!)} ms, max ${f(s[s.length - 1]!)} ms (n=${s.length})`;
}

async function serve(env: Record<string, string>): Promise<{ server: RunningServer; dir: string; key: () => string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-bench-lookups-"));
  const config = loadConfig({ ZW_HOST: "127.0.0.1", ZW_PORT: "0", ZW_DATA_DIR: dir, ZW_WORKERS: "0", ZW_ZONE_INDEX: path.join(dir, "none.idx"), ...env });
  const server = await startServer(config, { log: () => {} });
  let n = 0;
  const store = server.services.store as SqliteStore;
  return { server, dir, key: () => store.keys.create(`bench-${++n}`, 1_000_000).key };
}

async function post(url: string, key: string, body: unknown): Promise<{ ms: number; status: number; json: any }> {
  const t0 = performance.now();
  const r = await fetch(url, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = await r.json();
  return { ms: performance.now() - t0, status: r.status, json };
}

function expectOk(status: number, what: string, ok: boolean) {
  if (status !== 200 || !ok) throw new Error(`${what}: unexpected answer (HTTP ${status})`);
}

const fakes = await startLookupFakes();
const silentDns = await startFakeDns("silent");
const s = await serve(fakes.env);
const out: string[] = [];
const say = (line: string) => {
  out.push(line);
  console.log(line);
};

say(
  `load average at start: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")} (${os.cpus().length} cores, shared)`,
);

// Warm-up: first connections, JIT.
await post(`${s.server.url}/v1/rdap`, s.key(), { domains: ["warm.org", "warm.com"] });
await post(`${s.server.url}/v1/dns`, s.key(), { domains: ["warm.com"] });

const rdapMs: number[] = [];
for (let r = 0; r < rounds; r++) {
  const domains = Array.from({ length: 10 }, (_, i) => `fresh${r}x${i}.${i % 2 ? "org" : "com"}`);
  const a = await post(`${s.server.url}/v1/rdap`, s.key(), { domains });
  expectOk(
    a.status,
    "rdap",
    a.json.results.every((x: { status: string }) => x.status === "found"),
  );
  rdapMs.push(a.ms);
}
say(`1. POST /v1/rdap, 10 domains, uncached, upstream answering at once: ${stats(rdapMs)}`);

const dnsMs: number[] = [];
for (let r = 0; r < rounds; r++) {
  const domains = Array.from({ length: 50 }, (_, i) => (i < 25 ? `r${r}n${i}.com` : `host${i}.com`));
  if (r > 0) for (let i = 25; i < 50; i++) domains[i] = `r${r}m${i}.com`;
  const a = await post(`${s.server.url}/v1/dns`, s.key(), { domains });
  expectOk(a.status, "dns", Object.keys(a.json.results).length === 50);
  dnsMs.push(a.ms);
}
say(`2. POST /v1/dns, 50 domains x 5 types (250 questions), uncached: ${stats(dnsMs)}`);

const svc = lookupsOf(s.server.services);
const cached = [{ ascii: "fresh0x1.org", name: "fresh0x1", ext: "org" }];
const hitMs: number[] = [];
for (let i = 0; i < 1000; i++) {
  const t0 = performance.now();
  const b = await svc.registration(cached);
  hitMs.push(performance.now() - t0);
  if (b.rows[0]!.status !== "found") throw new Error("cache hit expected");
}
say(`3a. cache hit, service call (1 domain): ${stats(hitMs)}`);
const hitHttp: number[] = [];
for (let i = 0; i < rounds; i++) hitHttp.push((await post(`${s.server.url}/v1/rdap`, s.key(), { domains: ["fresh0x1.org"] })).ms);
say(`3b. cache hit over HTTP (auth, rate, quota, JSON included): ${stats(hitHttp)}`);

const silentRdap = await post(`${s.server.url}/v1/rdap`, s.key(), { domains: ["silent1.com", "silent2.org", "silent.ws"] });
say(`4a. POST /v1/rdap, every upstream silent: HTTP ${silentRdap.status} after ${silentRdap.ms.toFixed(0)} ms (budget ${DEFAULT_SETTINGS.rdapBudgetMs} ms)`);
const d = await serve({ ...fakes.env, ZW_DNS_SERVERS: silentDns.address });
const silentDnsAnswer = await post(`${d.server.url}/v1/dns`, d.key(), { domains: Array.from({ length: 50 }, (_, i) => `q${i}.com`) });
say(
  `4b. POST /v1/dns, 50 domains, resolver silent: HTTP ${silentDnsAnswer.status} after ${silentDnsAnswer.ms.toFixed(0)} ms (budget ${DEFAULT_SETTINGS.dnsBudgetMs} ms)`,
);
say(
  `load average at end: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")}`,
);

for (const x of [s, d]) {
  await x.server.stop();
  fs.rmSync(x.dir, { recursive: true, force: true });
}
fakes.stop();
silentDns.stop();
