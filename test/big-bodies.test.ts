/**
 * Large bodies are checked on the parse worker (src/http/big-body.ts) and must answer
 * exactly as the main thread does for the same content (same status, same message), plus
 * the new early refusals: a top-level object with more fields than its schema allows is
 * refused at the first unknown one, no object may hold more than 10,000 fields, and an
 * MCP batch is bounded in result rows and submitted names. Each body here is over the
 * offload threshold; its small twin (the same JSON without the padding) gives the answer
 * to match. No timings: what stays responsive is measured in bench/hostile.
 */
import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from "bun:test";
import { gzipSync } from "node:zlib";
import { OFFLOAD_BYTES } from "../src/http/big-body.ts";
import { MCP_HEADERS, call, rpc } from "./mcp/client.ts";
import { isFinal, names, rows, startJobsServer, submit, waitFor, type JobsServer } from "./jobs/support/jobs.ts";

setDefaultTimeout(60_000);

let t: JobsServer;
beforeAll(async () => {
  t = await startJobsServer();
});
afterAll(() => t.stop());

/** The same JSON text, padded with whitespace past the offload threshold. */
const padded = (text: string) => text.replace(/^\{/, "{" + " ".repeat(OFFLOAD_BYTES + 1000));

async function answer(path: string, body: string | Uint8Array, headers: Record<string, string> = { "content-type": "application/json" }) {
  const { key } = t.newKey(`big-${Math.random()}`, 1_000_000);
  const r = await t.fetch(path, { method: "POST", body, headers, key });
  const json = (await r.json()) as any;
  // Each answer has its own request id (docs/operations.md); the rest of the body must match.
  if (json.request_id !== undefined) {
    expect(json.request_id).toBe(r.headers.get("x-request-id"));
    delete json.request_id;
  }
  const used = ((await (await t.fetch("/v1/usage", { key })).json()) as any).credits_used;
  return { status: r.status, body: json, used };
}

describe("a large body answers as its small twin", () => {
  const cases: [string, string][] = [
    ["valid", JSON.stringify({ domains: ["bestpizza.com", "denverdentist.com"] })],
    ["an unknown field", JSON.stringify({ domains: ["bestpizza.com"], domian: 1 })],
    ["a repeated field", '{"domains":["a.com"],"domains":["b.com"]}'],
    ["a bad name", JSON.stringify({ domains: ["ok.com", "foo..bar"] })],
    ["a missing field", JSON.stringify({ names: ["a.com"] })],
    ["not JSON", '{"domains":["a.com"'],
    ["an array", '["a.com"]'],
    ["too many items", JSON.stringify({ domains: names(1001) })],
  ];
  for (const [what, small] of cases) {
    test(`camelcase, ${what}`, async () => {
      const want = await answer("/v1/camelcase", small);
      const big = padded(small).startsWith("{") ? padded(small) : " ".repeat(OFFLOAD_BYTES + 1000) + small;
      expect(big.length).toBeGreaterThan(OFFLOAD_BYTES);
      const got = await answer("/v1/camelcase", big);
      expect(got).toEqual(want);
      const gz = await answer("/v1/camelcase", gzipSync(big), { "content-type": "application/json", "content-encoding": "gzip" });
      expect(gz).toEqual(want);
    });
  }
});

describe("refused before parsing", () => {
  test("an object of 300,000 fields is refused at its first unknown one, as the validator names it", async () => {
    const keys = Array.from({ length: 300_000 }, (_, i) => `"k${i}":1`).join(",");
    const got = await answer("/v1/camelcase", `{"domains":["a.com"],${keys}}`);
    expect(got).toEqual({ status: 400, body: { error: 'unknown field "k0"', code: "invalid_request" }, used: 0 });
    const small = await answer("/v1/camelcase", '{"domains":["a.com"],"k0":1}');
    expect(small.body).toEqual(got.body);
  });

  test("a nested object of more than 10,000 fields", async () => {
    const keys = Array.from({ length: 30_000 }, (_, i) => `"k${i}":1`).join(",");
    const got = await answer("/v1/camelcase", `{"domains":[{${keys}}]}`);
    expect(got.status).toBe(400);
    expect(got.body.error).toBe("request body holds an object with more than 10,000 fields");
    expect(got.used).toBe(0);
  });
});

describe("jobs", () => {
  test("a large JSON submission and a large text one are accepted and run, rows in order", async () => {
    const list = names(30_000, "big");
    const { r, body } = await submit(t, { type: "zone_lookup", domains: list });
    expect(JSON.stringify({ type: "zone_lookup", domains: list }).length).toBeGreaterThan(OFFLOAD_BYTES);
    expect(r.status).toBe(202);
    expect(body.total).toBe(30_000);
    const r2 = await t.fetch("/v1/jobs?type=zone_lookup", {
      method: "POST",
      body: gzipSync(list.join("\r\n")),
      headers: { "content-type": "text/plain", "content-encoding": "gzip" },
    });
    const b2 = (await r2.json()) as any;
    expect(r2.status).toBe(202);
    expect(b2.total).toBe(30_000);
    for (const id of [body.id, b2.id]) {
      await waitFor(t, id, isFinal, 30_000);
      const got = await rows(t, id);
      expect(got.map((x) => x.input)).toEqual(list);
    }
  });

  test("a large submission refused says what the small path says", async () => {
    const list = names(30_000, "big");
    list[20_000] = "foo..bar";
    const big = await answer("/v1/jobs", JSON.stringify({ type: "zone_lookup", domains: list }));
    expect(big.status).toBe(400);
    expect(big.body.error).toBe('domains[20000]: "foo..bar" is not a valid domain name');
    const small = await answer("/v1/jobs", JSON.stringify({ type: "zone_lookup", domains: ["a.com", "foo..bar"] }));
    expect(small.body.error).toBe('domains[1]: "foo..bar" is not a valid domain name');
    const text = await answer("/v1/jobs?type=zone_lookup", list.join("\n"), { "content-type": "text/plain" });
    expect(text.status).toBe(400);
    expect(text.body.error).toMatch(/^line 20001: /);
    const unknown = await answer("/v1/jobs", JSON.stringify({ type: "zone_lookup", domains: names(30_000), extra: 1 }));
    expect(unknown.body.error).toBe('unknown field "extra"');
  });
});

describe("mcp", () => {
  test("a large valid body is served; a large body that is not JSON gets the transport's parse error", async () => {
    const list = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const r = await rpc(t, padded(list));
    expect(r.status).toBe(200);
    expect(((await r.json()) as any).result.tools).toBeArray();
    const bad = await rpc(t, padded(list).slice(0, -1));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error).toEqual({ code: -32700, message: "Parse error: Invalid JSON" });
  });

  test("an object of more than 10,000 fields in the arguments: 400, -32600", async () => {
    const args = Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`k${i}`, 1]));
    const r = await rpc(t, call(1, "zone_count", args));
    expect(r.status).toBe(400);
    expect(((await r.json()) as any).error).toEqual({ code: -32600, message: "Invalid Request: request body holds an object with more than 10,000 fields" });
  });

  test("a batch may read at most 1,000 result rows and submit at most 50,000 names", async () => {
    const { body: job } = await submit(t, { type: "zone_lookup", domains: names(50) });
    await waitFor(t, job.id, isFinal);
    const ok = await rpc(t, [call(1, "job_results", { job_id: job.id, limit: 500 }), call(2, "job_results", { job_id: job.id, limit: 500 })]);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as any[]).length).toBe(2);
    const many = await rpc(t, [call(1, "job_results", { job_id: job.id, limit: 1000 }), call(2, "job_results", { job_id: job.id })]);
    expect(many.status).toBe(400);
    expect(((await many.json()) as any).error).toEqual({
      code: -32600,
      message: "Invalid Request: a batch may read at most 1000 result rows in all (its job_results calls ask for 1100); send fewer calls or smaller limits",
    });
    const sub = await rpc(t, [
      call(1, "submit_job", { type: "zone_lookup", domains: names(30_000) }),
      call(2, "submit_job", { type: "zone_lookup", domains: names(30_000) }),
    ]);
    expect(sub.status).toBe(400);
    expect(((await sub.json()) as any).error.message).toMatch(/at most 50000 names in all \(its submit_job calls hold 60000\)/);
    expect(MCP_HEADERS.accept).toContain("text/event-stream");
  });
});
