/**
 * bench/mcp: tool calls per second and median latency for zone_count and appraise_domain
 * through the SDK's own client (StreamableHTTPClientTransport), next to the same work over
 * REST in the same run, plus the same tool call as a bare JSON-RPC POST (no client library)
 * to separate what the tool server adds from what the SDK client spends.
 *
 * Two phases per tool: sequential (one call in flight: latency) and concurrent (`--conns`
 * callers in a closed loop: throughput). Within a phase the three ways run in rounds that
 * alternate their order, so drift in the machine's load hits all three alike. Every caller
 * has its own pool of keys, each key used at most its bucket's per-minute limit, so every
 * call goes through the rate check and the quota reservation without being refused.
 *   node scripts/bun.cjs bench/mcp/run.ts [--calls 300] [--rounds 6] [--conns 8]
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import os from "node:os";
import path from "node:path";
import { spawnBenchServer } from "../support/spawn.ts";
import { OPERATIONS, RATE_LIMITS, type OperationId } from "../../src/operations.ts";
import { arg } from "../support/args.ts";

const calls = Number(arg("calls", "300"));
const rounds = Number(arg("rounds", "6"));
const conns = Number(arg("conns", "8"));
const perRound = Math.ceil(calls / rounds);
const WARM_UP = 20;

const WORK: { op: OperationId; args: Record<string, unknown> }[] = [
  { op: "zone_count", args: { term: "shop", position: "contains" } },
  { op: "appraise", args: { domain: "bestpizza.com" } },
];
const WAYS = ["rest", "mcp-raw", "mcp-sdk"] as const;
type Way = (typeof WAYS)[number];
const PHASES = [
  { name: "sequential", lanes: 1 },
  { name: `${conns} concurrent`, lanes: conns },
];

// The server in its own process, with enough keys for every call of the run.
const keysFor = (op: OperationId, lanes: number) => lanes * (Math.ceil((perRound * rounds + WARM_UP) / lanes / RATE_LIMITS[OPERATIONS[op].bucket!]) + 1);
const keysNeeded = WORK.reduce((n, w) => n + WAYS.length * PHASES.reduce((m, p) => m + keysFor(w.op, p.lanes), 0), 0);
const { proc, info } = await spawnBenchServer(path.join(import.meta.dir, "server.ts"), [String(keysNeeded)], { stderr: "ignore" });
const { port, keys } = info;
const base = `http://127.0.0.1:${port}`;
const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };

let nextKey = 0;
/** One caller: its own keys (each used at most `perKey` times) and, for mcp-sdk, its own client. */
async function lane(way: Way, perKey: number) {
  let key = keys[nextKey++]!;
  let used = 0;
  const take = () => {
    if (used === perKey) (key = keys[nextKey++]!), (used = 0);
    used++;
    return key;
  };
  let client: Client | null = null;
  let current = key;
  if (way === "mcp-sdk") {
    client = new Client({ name: "bench", version: "1.0.0" });
    const fetchWithKey = (url: string | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.set("authorization", `Bearer ${current}`);
      return fetch(url, { ...init, headers });
    };
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { fetch: fetchWithKey }));
  }
  return {
    async call(op: OperationId, args: Record<string, unknown>): Promise<void> {
      const k = take();
      const tool = OPERATIONS[op].mcp!.name;
      if (way === "rest") {
        const r = await fetch(base + OPERATIONS[op].path, {
          method: "POST",
          headers: { authorization: `Bearer ${k}`, "content-type": "application/json" },
          body: JSON.stringify(args),
        });
        const body = await r.json();
        if (r.status !== 200) throw new Error(`REST ${op}: ${r.status} ${JSON.stringify(body)}`);
      } else if (way === "mcp-raw") {
        const r = await fetch(`${base}/mcp`, {
          method: "POST",
          headers: { ...MCP_HEADERS, authorization: `Bearer ${k}` },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: tool, arguments: args } }),
        });
        const body = (await r.json()) as { result?: { isError?: boolean } };
        if (r.status !== 200 || !body.result || body.result.isError) throw new Error(`raw ${tool}: ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
      } else {
        current = k;
        const res = await client!.callTool({ name: tool, arguments: args });
        if (res.isError) throw new Error(`sdk ${tool}: ${JSON.stringify(res.content)}`);
      }
    },
    close: () => client?.close(),
  };
}

const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

const probe = new Client({ name: "bench-probe", version: "1.0.0" });
await probe.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${keys[nextKey++]}` } } }));
const listed = new Set((await probe.listTools()).tools.map((t) => t.name));
await probe.close();

const load = os
  .loadavg()
  .map((x) => x.toFixed(2))
  .join(" ");
const lines: string[] = [];
for (const w of WORK) {
  const tool = OPERATIONS[w.op].mcp!.name;
  if (!listed.has(tool)) {
    lines.push(`| ${tool} | | not served in this build | | | | |`);
    continue;
  }
  const perKey = RATE_LIMITS[OPERATIONS[w.op].bucket!];
  for (const phase of PHASES) {
    const lanes = Object.fromEntries(
      await Promise.all(WAYS.map(async (way) => [way, await Promise.all(Array.from({ length: phase.lanes }, () => lane(way, perKey)))])),
    ) as Record<Way, Awaited<ReturnType<typeof lane>>[]>;
    const lat: Record<Way, number[]> = { rest: [], "mcp-raw": [], "mcp-sdk": [] };
    const busy: Record<Way, number> = { rest: 0, "mcp-raw": 0, "mcp-sdk": 0 };
    for (const way of WAYS) for (const l of lanes[way]) for (let i = 0; i < Math.ceil(WARM_UP / phase.lanes); i++) await l.call(w.op, w.args);
    for (let r = 0; r < rounds; r++) {
      for (const way of r % 2 === 0 ? WAYS : [...WAYS].reverse()) {
        const t0 = performance.now();
        await Promise.all(
          lanes[way].map(async (l) => {
            for (let i = 0; i < Math.ceil(perRound / phase.lanes); i++) {
              const s = performance.now();
              await l.call(w.op, w.args);
              lat[way].push(performance.now() - s);
            }
          }),
        );
        busy[way] += performance.now() - t0;
      }
    }
    for (const way of WAYS) for (const l of lanes[way]) await l.close();
    const rest = q(lat.rest, 0.5);
    for (const way of WAYS) {
      const m = q(lat[way], 0.5);
      const extra = way === "rest" ? "" : `+${(m - rest).toFixed(3)}`;
      lines.push(
        `| ${tool} | ${phase.name} | ${way} | ${((lat[way].length / busy[way]) * 1000).toFixed(0)} | ${m.toFixed(3)} | ${q(lat[way], 0.99).toFixed(3)} | ${extra} |`,
      );
    }
  }
}
proc.kill();
await proc.exited;

console.log(`about ${perRound * rounds} calls per way, phase and tool (${rounds} rounds); load average before: ${load}; ${os.cpus().length} cores`);
console.log("| tool | phase | way | calls/s | median ms | p99 ms | median over REST (ms) |");
console.log("|---|---|---|---|---|---|---|");
for (const l of lines) console.log(l);
