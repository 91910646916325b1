/**
 * Parity: for every tool whose REST twin is served, the tool called through the SDK's own
 * client and the twin called over HTTP with the same input give the same result, the same
 * error message for bad input, and the same charge against the one quota; the tool's
 * smaller list limit is enforced with a message naming it, never by truncating; quota and
 * rate refusals are error results saying when to retry. Tools whose twin is not served
 * yet are skipped (listed as such), never faked.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { OPERATION_LIST, RATE_LIMITS, type Operation } from "../../src/operations.ts";
import { ENDPOINTS } from "../../src/routes.ts";
import { freshMinute } from "../support/harness.ts";
import { startFixtureServer, type Fixture } from "../support/fixture.ts";
import { SAMPLES } from "../support/samples.ts";
import { callTool, errorText, mcpClient } from "./client.ts";

let t: Fixture;
const clients: Client[] = [];
beforeAll(async () => {
  t = await startFixtureServer();
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await t.stopAll();
});

let n = 0;
/** A fresh key and an SDK client on it (each test starts from an empty quota and rate window). */
async function fresh(quota = 10_000): Promise<{ key: string; client: Client }> {
  const key = t.newKey(`parity-${++n}`, quota).key;
  const client = await mcpClient(t, key);
  clients.push(client);
  return { key, client };
}

async function rest(o: Operation, body: unknown, key: string): Promise<{ status: number; body: any; charged: string | null }> {
  const r = await t.fetch(o.path, { method: "POST", key, body: JSON.stringify(body), headers: { "content-type": "application/json" } });
  return { status: r.status, body: await r.json(), charged: r.headers.get("x-credits-charged") };
}

async function usage(key: string): Promise<{ key: string; credits_used: number; by_endpoint: Record<string, number> }> {
  return (await t.fetch("/v1/usage", { key })).json();
}

/** Same input, both faces, one key each: the REST message and the tool's error text agree. */
async function sameError(o: Operation, args: Record<string, unknown> | undefined): Promise<string> {
  const a = await fresh();
  const b = await fresh();
  const r = await rest(o, args ?? {}, a.key);
  expect(r.status).toBe(400);
  const text = errorText(await callTool(b.client, o.mcp!.name, args));
  expect(text).toBe(r.body.error);
  expect((await usage(a.key)).credits_used).toBe(0);
  expect((await usage(b.key)).credits_used).toBe(0);
  return text;
}

/** The sample with its first field given a value of the wrong JSON type. */
function wrongType(valid: Record<string, unknown>): Record<string, unknown> {
  const [field, value] = Object.entries(valid)[0]!;
  return { ...valid, [field]: typeof value === "string" ? 42 : "42" };
}

const served = new Set(ENDPOINTS.map((e) => e.op.id));
const tools = OPERATION_LIST.filter((o) => o.mcp !== null && SAMPLES[o.id]?.valid !== undefined && o.method === "POST");

for (const o of tools) {
  const s = SAMPLES[o.id]!;
  const tool = o.mcp!.name;
  const valid = s.valid as Record<string, unknown>;
  const cost = o.cost(s.units);
  const d = served.has(o.id) ? describe : describe.skip;

  d(`${tool} = ${o.method} ${o.path}`, () => {
    test("same result and same charge, with structuredContent and a text rendering", async () => {
      const a = await fresh(1000);
      const b = await fresh(1000);
      const r = await rest(o, valid, a.key);
      const m = await callTool(b.client, tool, valid);
      const [ua, ub] = [await usage(a.key), await usage(b.key)];
      expect(ub).toEqual({ ...ua, key: ub.key } as typeof ub);
      if (r.status !== 200) {
        // An upstream the fixture cannot reach (502): the same refusal, nothing charged.
        expect(errorText(m)).toBe(r.body.error);
        expect(ub.credits_used).toBe(0);
        return;
      }
      expect(m.isError).toBeFalsy();
      expect(m.structuredContent).toEqual(r.body);
      const text = (m.content[0] as { text: string }).text;
      expect(text).toContain(`credits charged: ${cost} (${1000 - cost} remaining today)`);
      expect(m._meta).toMatchObject({ credits_charged: cost, credits_remaining: 1000 - cost });
      expect(r.charged).toBe(String(cost));
      expect(ub.credits_used).toBe(cost);
      expect(ub.by_endpoint[o.usageKey!]).toBe(cost);
    });

    test("one quota: a tool call and a REST call on the same key add up", async () => {
      const a = await fresh(1000);
      const ok = (await rest(o, valid, a.key)).status === 200;
      expect((await callTool(a.client, tool, valid)).isError ?? false).toBe(!ok);
      const u = await usage(a.key);
      expect(u.credits_used).toBe(ok ? 2 * cost : 0);
      expect(u.by_endpoint[o.usageKey!]).toBe(ok ? 2 * cost : 0);
    });

    if (s.invalid)
      test("bad input: the same message, nothing charged", () =>
        sameError(o, s.invalid!.body as Record<string, unknown>).then((m) => expect(m).toBe(s.invalid!.message)));
    test("wrong argument type: the same message, nothing charged", () => sameError(o, wrongType(valid)));
    test("missing arguments: the same message as an empty body, nothing charged", () => sameError(o, undefined));
    test("unknown argument: the same message, nothing charged", () =>
      sameError(o, { ...valid, surprise: 1 }).then((m) => expect(m).toBe('unknown field "surprise"')));

    const limit = o.mcp!.listLimit;
    if (s.overLimit && limit !== null) {
      test(`a list over the tool's limit of ${limit} is an error naming the limit, never truncated`, async () => {
        const a = await fresh();
        const m = await callTool(a.client, tool, s.overLimit!(limit) as Record<string, unknown>);
        expect(errorText(m)).toBe(`domains must contain at most ${limit} items (got ${limit + 1})`);
        expect((await usage(a.key)).credits_used).toBe(0);
      });
    }

    test("quota: an error result saying when to retry, nothing charged, same message as REST", async () => {
      const a = await fresh(cost - 1);
      const r = await rest(o, valid, a.key);
      expect(r.status).toBe(429);
      const m = await callTool(a.client, tool, valid);
      expect(errorText(m)).toBe(r.body.error);
      expect(errorText(m)).toContain(r.body.resets_at);
      expect(m._meta).toMatchObject({ status: 429, resets_at: r.body.resets_at });
      const ra = (m._meta as { retry_after_seconds: number }).retry_after_seconds;
      expect(ra).toBeGreaterThan(0);
      expect(m.content[1]).toEqual({ type: "text", text: `Retry after ${ra} s.` });
      expect((await usage(a.key)).credits_used).toBe(0);
    });

    const bucket = o.bucket!;
    test(`rate: tool calls count in the ${bucket} bucket with REST (${RATE_LIMITS[bucket]}/min)`, async () => {
      await freshMinute();
      const a = await fresh();
      const limit = RATE_LIMITS[bucket];
      // Half the window through REST, the rest through the tool (bad input still counts).
      for (let i = 0; i < limit; i++) {
        if (i % 2 === 0) expect((await rest(o, {}, a.key)).status).toBe(400);
        else expect(errorText(await callTool(a.client, tool, {}))).not.toContain("rate limit");
      }
      const m: CallToolResult = await callTool(a.client, tool, valid);
      expect(errorText(m)).toMatch(new RegExp(`^rate limit exceeded for ${bucket}: retry in \\d+ s$`));
      expect((m._meta as { retry_after_seconds: number }).retry_after_seconds).toBeGreaterThanOrEqual(1);
      expect((await rest(o, valid, a.key)).status).toBe(429);
      expect((await usage(a.key)).credits_used).toBe(0);
    }, 30_000);
  });
}

test("every tool of the table is covered by this suite or the jobs parity suite", () => {
  const covered = new Set(tools.map((o) => o.id));
  const rest = OPERATION_LIST.filter((o) => o.mcp && !covered.has(o.id)).map((o) => o.id);
  expect(rest.sort()).toEqual(["job_results", "job_status", "jobs_submit"]);
});
