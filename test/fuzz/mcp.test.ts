/**
 * Fuzzing the tool server: tools/call for every listed tool with the REST twin's hostile
 * bodies as arguments (plus junk argument shapes, job ids and paging), and malformed
 * JSON-RPC (wrong versions, ids, methods, params, batches). Each HTTP answer is held to
 * the product rule; each tool result that is an error must carry a status under 500 (502
 * only for upstream-backed tools) and no credits; JSON-RPC "internal error" (-32603)
 * never appears; each key's usage equals the credits its results reported.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { operationByTool, OPERATIONS } from "../../src/operations.ts";
import { BODY_GENS } from "./bodies.ts";
import { CASE_SCALE, HOSTILE_STRINGS, int, junkValue, listValue, pick, rng, type Rng } from "./gen.ts";
import { fuzzServer } from "./probe.ts";

const f = fuzzServer();
let tools: string[] = [];
const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const UPSTREAM_TOOLS = new Set(["rdap_lookup", "dns_lookup"]);

beforeAll(async () => {
  const r = await f.t.fetch("/mcp", { method: "POST", headers: HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
  tools = ((await r.json()).result.tools as { name: string }[]).map((x) => x.name);
});

/** Arguments for a tool: its REST twin's hostile bodies, or the job tools' own junk. */
function args(r: Rng, tool: string): unknown {
  const op = operationByTool(tool)!;
  if (r() < 0.1) return pick(r, [null, [], "x", 1, true, [{}], undefined]);
  const gen = BODY_GENS[op.id];
  if (gen) return JSON.parse(gen(r).body);
  const id = pick(r, ["job_", "job_AAAAAAAAAAAAAAAAAAAA", "", "../usage", "x".repeat(5000), ...HOSTILE_STRINGS.slice(0, 20)]);
  if (tool === "job_status") return r() < 0.8 ? { job_id: id } : { job_id: junkValue(r) };
  if (tool === "job_results")
    return { job_id: id, ...(r() < 0.5 ? { from: junkValue(r) } : {}), ...(r() < 0.5 ? { limit: pick(r, [0, 1, 1000, 1001, -1, 1.5, "10", null]) } : {}) };
  // submit_job
  return {
    type: r() < 0.7 ? pick(r, ["zone_lookup", "appraise", "categorize"]) : junkValue(r),
    domains: listValue(r, 20),
    ...(r() < 0.3 ? { options: junkValue(r) } : {}),
  };
}

/** Check one JSON-RPC response object; returns the credits a result reported and what remains. */
function checkMessage(m: any, tool: string | null): { n: number; remaining: number } {
  if (m.error) {
    expect(typeof m.error.message).toBe("string");
    if (m.error.code === -32603) throw new Error(`internal error: ${JSON.stringify(m).slice(0, 300)}`);
    return { n: 0, remaining: NaN };
  }
  const res = m.result;
  if (res?.isError) {
    const status = res._meta?.status;
    const ok = typeof status === "number" && status >= 400 && (status < 500 || (status === 502 && tool !== null && UPSTREAM_TOOLS.has(tool)));
    if (!ok) throw new Error(`tool error with status ${status}: ${JSON.stringify(res).slice(0, 300)}`);
    if (res._meta?.credits_charged !== undefined) throw new Error(`an error result charged: ${JSON.stringify(res).slice(0, 300)}`);
    expect(res.content[0].text.length).toBeGreaterThan(0);
    return { n: 0, remaining: NaN };
  }
  return { n: res?._meta?.credits_charged ?? 0, remaining: res?._meta?.credits_remaining };
}

async function cases(n: number, one: (i: number) => Promise<void>): Promise<string[]> {
  const failures: string[] = [];
  for (let i = 0; i < n; i++) await one(i).catch((e: Error) => failures.push(`case ${i}: ${e.message}`));
  return failures;
}

describe("MCP", () => {
  test("every tool is listed and fuzzed", () => {
    expect(tools.length).toBeGreaterThan(5);
  });

  test("tools/call with hostile arguments, every tool", async () => {
    const r = rng(6006);
    const failures = await cases(Math.round(tools.length * 40 * CASE_SCALE), async (i) => {
      const tool = tools[i % tools.length]!;
      const a = args(r, tool);
      const msg = { jsonrpc: "2.0", id: i, method: "tools/call", params: { name: tool, ...(a === undefined ? {} : { arguments: a }) } };
      const s = await f.p.send(
        operationByTool(tool)!.bucket,
        "/mcp",
        { method: "POST", headers: HEADERS, body: JSON.stringify(msg) },
        { rpc: true, label: tool },
      );
      expect(s.status).toBe(200);
      expect(s.json.id).toBe(i);
      const { n, remaining } = checkMessage(s.json, tool);
      if (n > 0) f.p.credit(s.key, n, remaining);
    });
    expect(failures.slice(0, 15)).toEqual([]);
  }, 60_000);

  test("malformed JSON-RPC", async () => {
    const r = rng(7007);
    const shapes: ((r: Rng) => unknown)[] = [
      () => junkValue(r),
      () => ({ jsonrpc: pick(r, ["1.0", "2", 2, null, "2.0 "]), id: 1, method: "tools/list" }),
      () => ({ jsonrpc: "2.0", id: junkValue(r), method: "tools/list" }),
      () => ({
        jsonrpc: "2.0",
        id: 1,
        method: pick(r, [
          "",
          "__proto__",
          "constructor",
          "tools/",
          "tools/call/x",
          "TOOLS/LIST",
          "initialize",
          "ping",
          "resources/list",
          "prompts/list",
          ...HOSTILE_STRINGS.slice(0, 10),
        ]),
      }),
      () => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params: junkValue(r) }),
      () => ({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: pick(r, ["__proto__", "constructor", "toString", "", "ZONE_COUNT", "zone_count ", ...HOSTILE_STRINGS.slice(0, 10)]), arguments: {} },
      }),
      () => ({ jsonrpc: "2.0", method: "tools/call", params: { name: "zone_count", arguments: { term: "shop" } } }),
      () => ({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: pick(r, tools), arguments: { [pick(r, ["__proto__", "constructor", "0"])]: junkValue(r) } },
      }),
      () => [],
      () => Array.from({ length: int(r, 1, 5) }, (_, i) => (r() < 0.5 ? junkValue(r) : { jsonrpc: "2.0", id: i, method: "tools/list" })),
      () =>
        Array.from({ length: int(r, 2, 8) }, (_, i) => ({
          jsonrpc: "2.0",
          id: `b${i}`,
          method: "tools/call",
          params: { name: "zone_count", arguments: { term: "shop" } },
        })),
    ];
    const failures = await cases(150, async () => {
      const body = pick(r, shapes)(r);
      const raw = r() < 0.1 ? JSON.stringify(body).slice(0, -1) : (JSON.stringify(body) ?? "null");
      // A batch of zone_count calls spends the zone bucket: give it a fresh key.
      const s = await f.p.send(
        Array.isArray(body) ? OPERATIONS.zone_count.bucket : null,
        "/mcp",
        { method: "POST", headers: HEADERS, body: raw },
        { rpc: true },
      );
      if (s.status === 202) return expect(s.text).toBe("");
      expect(s.json).toBeDefined();
      const msgs = Array.isArray(s.json) ? s.json : [s.json];
      // A batch's calls run concurrently: their "remaining" figures interleave, so only the sum is checked.
      let n = 0;
      for (const m of msgs) n += checkMessage(m, Array.isArray(body) ? "zone_count" : null).n;
      if (n > 0) f.p.credit(s.key, n);
    });
    expect(failures.slice(0, 15)).toEqual([]);
  }, 60_000);

  test("REST and tools racing for the last credits of a small quota: never over it, usage is the sum of the charges", async () => {
    const { key } = f.t.newKey("fuzz-race", 21);
    const body = JSON.stringify({ domains: ["bestpizza.com"] });
    const rest = () =>
      f.t.fetch("/v1/categorize", { method: "POST", body, headers: { "content-type": "application/json" }, key }).then(async (r) => {
        expect([200, 429]).toContain(r.status);
        await r.text();
        return Number(r.headers.get("x-credits-charged") ?? 0);
      });
    const tool = (id: number) =>
      f.t
        .fetch("/mcp", {
          method: "POST",
          headers: HEADERS,
          key,
          body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "categorize_domains", arguments: { domains: ["bestpizza.com"] } } }),
        })
        .then(async (r) => {
          expect(r.status).toBe(200);
          const m = await r.json();
          if (m.result.isError) expect(m.result._meta.status).toBe(429);
          return checkMessage(m, "categorize_domains").n;
        });
    // 12 a minute per bucket on this key: 6 over REST, 5 as tools, all at once.
    const charged = await Promise.all([...Array.from({ length: 6 }, rest), ...Array.from({ length: 5 }, (_, i) => tool(i))]);
    const total = charged.reduce((a, b) => a + b, 0);
    const u = await (await f.t.fetch("/v1/usage", { key })).json();
    expect(total).toBe(20);
    expect(u.credits_used).toBe(total);
  });

  test("every key's usage equals the credits its results reported", async () => {
    await f.p.checkLedgers();
    console.log(`mcp fuzz: ${f.p.cases} requests over ${tools.length} tools`);
  }, 30_000);
});
