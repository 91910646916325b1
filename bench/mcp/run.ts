/**
 * bench/mcp: tool calls per second and median latency for zone_count and appraise_domain
 * through the SDK's own client (StreamableHTTPClientTransport), next to the same work over
 * REST in the same run, plus the same tool call as a bare JSON-RPC POST (no client library)
 * to separate what the tool server adds from what the SDK client spends. Calls are
 * sequential (one in flight), in rounds that alternate the order of the three ways, and
 * spread over a pool of keys so that no key reaches its per-minute rate limit.
 *   node scripts/bun.cjs bench/mcp/run.ts [--calls 300] [--rounds 6]
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import os from "node:os";
import path from "node:path";
import { OPERATIONS, RATE_LIMITS, type OperationId } from "../../src/operations.ts";

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
const calls = Number(arg("calls", "300"));
const rounds = Number(arg("rounds", "6"));
const perRound = Math.ceil(calls / rounds);

const WORK: { op: OperationId; args: Record<string, unknown> }[] = [
  { op: "zone_count", args: { term: "shop", position: "contains" } },
  { op: "appraise", args: { domain: "bestpizza.com" } },
];
const WAYS = ["rest", "mcp-raw", "mcp-sdk"] as const;
type Way = (typeof WAYS)[number];

// The server in its own process, with enough keys for every call of the run.
const WARM_UP = 20;
const keysNeeded = WORK.reduce((n, w) => n + WAYS.length * (Math.ceil((perRound * rounds + WARM_UP) / RATE_LIMITS[OPERATIONS[w.op].bucket!]) + 1), 0);
const proc = Bun.spawn([process.execPath, path.join(import.meta.dir, "server.ts"), String(keysNeeded)], {
  stdout: "pipe",
  stderr: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
let first = "";
const reader = proc.stdout.getReader();
while (!first.includes("\n")) {
  const { value, done } = await reader.read();
  if (done) throw new Error("bench server did not start");
  first += new TextDecoder().decode(value);
}
const { port, keys } = JSON.parse(first.split("\n")[0]!) as { port: number; keys: string[] };
const base = `http://127.0.0.1:${port}`;

/** Hands out keys so that each serves at most its bucket's per-minute limit. */
let nextKey = 0;
function keyPool(perKey: number) {
  let key = keys[nextKey++]!;
  let used = 0;
  return () => {
    if (used === perKey) (key = keys[nextKey++]!), (used = 0);
    used++;
    return key;
  };
}

let currentKey = keys[0]!;
const client = new Client({ name: "bench", version: "1.0.0" });
await client.connect(
  new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    fetch: (url, init) => {
      const headers = new Headers(init?.headers);
      headers.set("authorization", `Bearer ${currentKey}`);
      return fetch(url, { ...init, headers });
    },
  }),
);
const listed = new Set((await client.listTools()).tools.map((t) => t.name));
const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };

async function once(way: Way, op: OperationId, args: Record<string, unknown>, key: string): Promise<void> {
  const tool = OPERATIONS[op].mcp!.name;
  if (way === "rest") {
    const r = await fetch(base + OPERATIONS[op].path, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(args) });
    const body = await r.json();
    if (r.status !== 200) throw new Error(`REST ${op}: ${r.status} ${JSON.stringify(body)}`);
  } else if (way === "mcp-raw") {
    const r = await fetch(`${base}/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, authorization: `Bearer ${key}` },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: tool, arguments: args } }),
    });
    const body = (await r.json()) as { result?: { isError?: boolean } };
    if (r.status !== 200 || !body.result || body.result.isError) throw new Error(`raw ${tool}: ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
  } else {
    currentKey = key;
    const res = await client.callTool({ name: tool, arguments: args });
    if (res.isError) throw new Error(`sdk ${tool}: ${JSON.stringify(res.content)}`);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

const lines: string[] = [];
const load = os.loadavg().map((x) => x.toFixed(2)).join(" ");
for (const w of WORK) {
  const tool = OPERATIONS[w.op].mcp!.name;
  if (!listed.has(tool)) {
    lines.push(`| ${tool} | not served in this build | | | |`);
    continue;
  }
  const perKey = RATE_LIMITS[OPERATIONS[w.op].bucket!];
  const pools = Object.fromEntries(WAYS.map((way) => [way, keyPool(perKey)])) as Record<Way, () => string>;
  const lat: Record<Way, number[]> = { rest: [], "mcp-raw": [], "mcp-sdk": [] };
  const busy: Record<Way, number> = { rest: 0, "mcp-raw": 0, "mcp-sdk": 0 };
  for (const way of WAYS) for (let i = 0; i < WARM_UP; i++) await once(way, w.op, w.args, pools[way]()); // warm-up
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? WAYS : [...WAYS].reverse();
    for (const way of order) {
      const t0 = performance.now();
      for (let i = 0; i < perRound; i++) {
        const k = pools[way]();
        const s = performance.now();
        await once(way, w.op, w.args, k);
        lat[way].push(performance.now() - s);
      }
      busy[way] += performance.now() - t0;
    }
  }
  const rest = median(lat.rest);
  for (const way of WAYS) {
    const m = median(lat[way]);
    const extra = way === "rest" ? "" : `+${(m - rest).toFixed(3)}`;
    lines.push(`| ${tool} | ${way} | ${((lat[way].length / busy[way]) * 1000).toFixed(0)} | ${m.toFixed(3)} | ${q(lat[way], 0.99).toFixed(3)} | ${extra} |`);
  }
}
await client.close();
proc.kill();
await proc.exited;

console.log(`calls per way and tool: ${perRound * rounds} sequential (${rounds} rounds), load average before: ${load}, ${os.cpus().length} cores`);
console.log("| tool | way | calls/s | median ms | p99 ms | median over REST (ms) |");
console.log("|---|---|---|---|---|---|");
for (const l of lines) console.log(l);
