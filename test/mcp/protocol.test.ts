/**
 * The tool server at the protocol level, against the real server: authentication before
 * any JSON-RPC is read, statelessness, the listing, and every kind of bad input getting the
 * protocol's proper error (never a 5xx, never a hang) with nothing charged.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { OPERATION_LIST, RATE_LIMITS } from "../../src/operations.ts";
import { ENDPOINTS } from "../../src/routes.ts";
import { startFixtureServer, type Fixture } from "../support/fixture.ts";
import { rawRequest } from "../support/raw-http.ts";
import { call, MCP_HEADERS, mcpClient, rpc } from "./client.ts";

let t: Fixture;
beforeAll(async () => {
  t = await startFixtureServer();
});
afterAll(() => t.stopAll());

const used = async (key: string) => ((await (await t.fetch("/v1/usage", { key })).json()) as { credits_used: number }).credits_used;

describe("authentication", () => {
  test("401 without a key, before the body is read", async () => {
    const r = await rpc(t, "{{{ not json", MCP_HEADERS, null);
    expect(r.status).toBe(401);
    expect((await r.json()).error).toBeString();
    // Headers promise 1 MB, two bytes arrive, then nothing: the answer must not wait.
    const a = await rawRequest(
      t.server.port,
      "POST /mcp HTTP/1.1\nHost: x\nContent-Type: application/json\nAccept: application/json, text/event-stream\nContent-Length: 1048576",
      '{"',
      { timeoutMs: 3000 },
    );
    expect(a.status).toBe(401);
  });

  test("a revoked or unknown key is 401 too", async () => {
    const r = await rpc(t, call(1, "zone_count", { term: "shop" }), MCP_HEADERS, "zw_live_" + "x".repeat(32));
    expect(r.status).toBe(401);
  });
});

describe("per-key limit of POST /mcp", () => {
  /** Starts the requests well inside one UTC minute, so that they all share its window. */
  async function startOfMinute(): Promise<void> {
    const msLeft = 60_000 - (Date.now() % 60_000);
    if (msLeft < 20_000) await Bun.sleep(msLeft + 10);
  }
  const list = (key: string) => rpc(t, { jsonrpc: "2.0", id: 1, method: "tools/list" }, MCP_HEADERS, key);

  test(`the POST after ${RATE_LIMITS.mcp} in a minute is a 429 JSON-RPC error, before its body is read`, async () => {
    const { key } = t.newKey("mcp-rate", 1000);
    const other = t.newKey("mcp-rate-other", 1000).key;
    await startOfMinute();
    for (let i = 0; i < RATE_LIMITS.mcp; i++) {
      const r = await list(key);
      expect(r.status).toBe(200);
      await r.arrayBuffer();
    }
    // Headers promise 1 MB, two bytes arrive, then nothing: the refusal must not wait for the rest.
    const head = `POST /mcp HTTP/1.1\nHost: x\nAuthorization: Bearer ${key}\nContent-Type: application/json\nAccept: application/json, text/event-stream\nContent-Length: 1048576`;
    const a = await rawRequest(t.server.port, head, '{"', { timeoutMs: 3000 });
    expect(a.status).toBe(429);
    expect(a.head.toLowerCase()).toMatch(/\r\nretry-after: \d+/);
    const body = JSON.parse(a.body);
    expect(body.jsonrpc).toBe("2.0");
    expect(body.id).toBeNull();
    expect(body.error.code).toBe(-32000);
    expect(body.error.message).toStartWith("rate limit exceeded for mcp: retry in ");
    expect(body.error.data).toMatchObject({ status: 429, code: "rate_limited" });
    expect(body.error.data.retry_after_seconds).toBeGreaterThan(0);
    // A tool call is refused the same way and charges nothing; another key is not affected.
    const before = await used(key);
    const c = await rpc(t, call(2, "zone_count", { term: "shop" }), MCP_HEADERS, key);
    expect(c.status).toBe(429);
    expect((await c.json()).error.data.code).toBe("rate_limited");
    expect(await used(key)).toBe(before);
    expect((await list(other)).status).toBe(200);
  });

  test("a key whose quota is spent still lists tools (the POST itself is free); its tool calls are refused by the quota", async () => {
    const { key } = t.newKey("mcp-spent", 2);
    expect((await t.post("/v1/zone/count", { term: "shop" }, key)).status).toBe(200);
    const r = await list(key);
    expect(r.status).toBe(200);
    expect((await r.json()).result.tools.length).toBeGreaterThan(0);
    const c = await rpc(t, call(3, "zone_count", { term: "shop" }), MCP_HEADERS, key);
    const res = (await c.json()).result;
    expect(res.isError).toBe(true);
    expect(res._meta.code).toBe("quota_exceeded");
  });
});

describe("transport", () => {
  test("GET, DELETE and other methods are 405 with a JSON-RPC error", async () => {
    for (const method of ["GET", "DELETE", "PUT", "PATCH", "OPTIONS"]) {
      const r = await t.fetch("/mcp", { method, headers: { accept: "application/json, text/event-stream" } });
      expect(r.status).toBe(405);
      expect(r.headers.get("allow")).toBe("POST");
      expect((await r.json()).error.code).toBe(-32000);
    }
  });

  test("stateless: a tools/list with no initialize and no session id is answered, and no session is issued", async () => {
    const r = await rpc(t, { jsonrpc: "2.0", id: 7, method: "tools/list" });
    expect(r.status).toBe(200);
    expect(r.headers.get("mcp-session-id")).toBeNull();
    const body = await r.json();
    expect(body.id).toBe(7);
    expect(body.result.tools).toBeArray();
  });

  test("the SDK client initializes and learns the server's name and instructions", async () => {
    const c = await mcpClient(t, t.key);
    expect(c.getServerVersion()?.name).toBe("zonewise");
    expect(c.getInstructions()).toContain("quota");
    await c.close();
  });

  test("a gzip-encoded body is read like REST's", async () => {
    const body = Bun.gzipSync(JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list" }));
    const r = await t.fetch("/mcp", { method: "POST", headers: { ...MCP_HEADERS, "content-encoding": "gzip" }, body });
    expect(r.status).toBe(200);
    expect((await r.json()).id).toBe(9);
  });

  test("no CORS headers", async () => {
    const r = await rpc(t, { jsonrpc: "2.0", id: 1, method: "tools/list" }, { ...MCP_HEADERS, origin: "https://evil.example" });
    for (const h of r.headers.keys()) expect(h.startsWith("access-control-")).toBe(false);
  });
});

describe("bad input gets the protocol's error, never a 5xx, and costs nothing", () => {
  const cases: [string, (key: string) => Promise<Response>, number, number | null, RegExp][] = [
    ["missing Accept", (k) => rpc(t, call(1, "zone_count", { term: "shop" }), { "content-type": "application/json" }, k), 406, -32000, /Not Acceptable/],
    [
      "Accept without event-stream",
      (k) => rpc(t, call(1, "zone_count", { term: "shop" }), { "content-type": "application/json", accept: "application/json" }, k),
      406,
      -32000,
      /Not Acceptable/,
    ],
    [
      "wrong Content-Type",
      (k) => rpc(t, call(1, "zone_count", { term: "shop" }), { ...MCP_HEADERS, "content-type": "text/plain" }, k),
      415,
      -32000,
      /Content-Type/,
    ],
    ["malformed JSON", (k) => rpc(t, '{"jsonrpc":"2.0","id":1,"method":', MCP_HEADERS, k), 400, -32700, /Parse error/],
    [
      "not UTF-8",
      (k) => t.fetch("/mcp", { method: "POST", headers: MCP_HEADERS, body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), key: k }),
      400,
      -32700,
      /Parse error/,
    ],
    ["JSON that is not JSON-RPC", (k) => rpc(t, { hello: "world" }, MCP_HEADERS, k), 400, -32700, /Invalid JSON-RPC/],
    ["an empty body", (k) => rpc(t, "", MCP_HEADERS, k), 400, -32700, /Parse error/],
    ["nested too deeply", (k) => rpc(t, "[".repeat(100_000) + "]".repeat(100_000), MCP_HEADERS, k), 400, -32700, /Parse error/],
    [
      "a body over 32 MB (declared)",
      (k) =>
        rawRequest(
          t.server.port,
          `POST /mcp HTTP/1.1\nHost: x\nAuthorization: Bearer ${k}\nContent-Type: application/json\nAccept: application/json, text/event-stream\nContent-Length: ${40 * 1024 * 1024}`,
          "{",
          { timeoutMs: 3000 },
        ).then((a) => new Response(a.body, { status: a.status })),
      413,
      -32000,
      /exceeds/,
    ],
    ["an unknown method", (k) => rpc(t, { jsonrpc: "2.0", id: 3, method: "tools/destroy" }, MCP_HEADERS, k), 200, -32601, /not found/i],
    ["an unknown tool", (k) => rpc(t, call(4, "delete_everything", {}), MCP_HEADERS, k), 200, -32602, /Unknown tool: delete_everything/],
    [
      "tools/call without a name",
      (k) => rpc(t, { jsonrpc: "2.0", id: 5, method: "tools/call", params: { arguments: {} } }, MCP_HEADERS, k),
      200,
      -32602,
      /Invalid/i,
    ],
    [
      "a task-augmented call (no task support)",
      (k) =>
        rpc(
          t,
          { jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "zone_count", arguments: { term: "shop" }, task: { ttl: 1000 } } },
          MCP_HEADERS,
          k,
        ),
      200,
      -32603,
      /does not support task/,
    ],
    ["arguments that are not an object", (k) => rpc(t, call(6, "zone_count", ["shop"]), MCP_HEADERS, k), 200, -32602, /Invalid/i],
  ];
  for (const [what, send, status, code, message] of cases) {
    test(what, async () => {
      const key = t.newKey(`proto-${what}`).key;
      const r = await send(key);
      expect(r.status).toBe(status);
      const body = await r.json();
      if (code !== null) expect(body.error.code).toBe(code);
      expect(body.error.message).toMatch(message);
      expect(await used(key)).toBe(0);
    });
  }

  test("a batch of requests is answered request by request", async () => {
    const r = await rpc(t, [
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      { jsonrpc: "2.0", id: 2, method: "nope" },
    ]);
    expect(r.status).toBe(200);
    const body = (await r.json()) as { id: number; error?: { code: number } }[];
    expect(body.map((b) => b.id).sort()).toEqual([1, 2]);
    expect(body.find((b) => b.id === 2)!.error!.code).toBe(-32601);
  });

  test("a batch that repeats a request id is refused whole, so no call runs unanswered", async () => {
    const key = t.newKey("proto-dup").key;
    const r = await rpc(t, [call(1, "zone_count", { term: "shop" }), call(1, "zone_count", { term: "shop" })], MCP_HEADERS, key);
    expect(r.status).toBe(400);
    expect((await r.json()).error.code).toBe(-32600);
    expect(await used(key)).toBe(0);
  });

  test("an empty batch is an Invalid Request (JSON-RPC 2.0), not a 202", async () => {
    const r = await rpc(t, []);
    expect(r.status).toBe(400);
    expect((await r.json()).error).toEqual({ code: -32600, message: "Invalid Request: an empty batch" });
  });

  test("an unsupported protocol version header is refused without echoing all of it", async () => {
    const long = "2025-".repeat(200);
    const r = await rpc(t, { jsonrpc: "2.0", id: 1, method: "tools/list" }, { ...MCP_HEADERS, "mcp-protocol-version": long });
    expect(r.status).toBe(400);
    const message: string = (await r.json()).error.message;
    expect(message.startsWith(`Bad Request: Unsupported protocol version: ${long.slice(0, 40)}...`)).toBe(true);
    expect(message.length).toBeLessThan(200);
    // a short one keeps the transport's own answer
    const short = await rpc(t, { jsonrpc: "2.0", id: 1, method: "tools/list" }, { ...MCP_HEADERS, "mcp-protocol-version": "1999-01-01" });
    expect(short.status).toBe(400);
    expect((await short.json()).error.message).toStartWith("Bad Request: Unsupported protocol version: 1999-01-01 (supported versions:");
  });

  test("a notification alone is accepted with 202 and no body", async () => {
    const r = await rpc(t, { jsonrpc: "2.0", method: "notifications/initialized" });
    expect(r.status).toBe(202);
  });
});

describe("tools/list", () => {
  const served = new Set(ENDPOINTS.map((e) => e.op.id));
  const withTool = OPERATION_LIST.filter((o) => o.mcp !== null);

  test("lists exactly the tools whose REST twin is served (none faked), with schemas and descriptions", async () => {
    const c = await mcpClient(t, t.key);
    const { tools } = await c.listTools();
    await c.close();
    const expected = withTool.filter((o) => served.has(o.id) || (o.id.startsWith("job") && t.server.services.jobs)).map((o) => o.mcp!.name);
    expect(tools.map((x) => x.name).sort()).toEqual(expected.sort());
    for (const tool of tools) {
      const op = withTool.find((o) => o.mcp!.name === tool.name)!;
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.description!.length).toBeGreaterThan(80);
      if (op.bucket) expect(tool.description).toContain(`${RATE_LIMITS[op.bucket]} calls per minute`);
      if (op.mcp!.listLimit !== null && op.listField) expect(tool.description).toContain(`At most ${op.mcp!.listLimit} `);
      expect(JSON.stringify(tool.inputSchema)).not.toContain("errorMessage");
    }
  });
});
