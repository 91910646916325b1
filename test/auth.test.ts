/** Authentication, unknown paths and CORS across the whole surface. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "./support/harness.ts";
import { rawRequest } from "./support/raw-http.ts";
import { ENDPOINTS } from "../src/routes.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

describe("authentication", () => {
  test.each([
    ["no header", null],
    ["not bearer", "Basic dXNlcjpwYXNz"],
    ["wrong shape", "Bearer hello"],
    ["unknown key", "Bearer zw_live_" + "A".repeat(32)],
    ["empty bearer", "Bearer "],
  ])("%s gets 401 JSON and nothing else", async (_n, header) => {
    const headers: Record<string, string> = {};
    if (header !== null) headers.authorization = header;
    const r = await t.fetch("/v1/usage", { headers, key: null });
    expect(r.status).toBe(401);
    expect(r.headers.get("content-type")).toContain("application/json");
    expect(typeof (await r.json()).error).toBe("string");
  });

  test("the 401 says whether the key is missing, the header malformed or the key wrong", async () => {
    const errorFor = async (headers: [string, string][]) => {
      const r = await t.fetch("/v1/usage", { headers, key: null });
      expect(r.status).toBe(401);
      return (await r.json()).error;
    };
    expect(await errorFor([])).toBe("missing API key: send Authorization: Bearer <key>");
    const malformed = "malformed Authorization header: send one header, Authorization: Bearer <key>";
    expect(await errorFor([["authorization", "Basic dXNlcjpwYXNz"]])).toBe(malformed);
    expect(await errorFor([["authorization", `Bearer\t${t.key}`]])).toBe(malformed);
    expect(
      await errorFor([
        ["authorization", `Bearer ${t.key}`],
        ["authorization", `Bearer ${t.key}`],
      ]),
    ).toBe(malformed);
    expect(await errorFor([["authorization", "Bearer zw_live_" + "A".repeat(32)]])).toBe("invalid API key");
  });

  test("a key in the URL is not accepted", async () => {
    const r = await t.fetch(`/v1/ping?api_key=${t.key}`, { key: null });
    expect(r.status).toBe(401);
  });

  test("401 comes before 404 and 405 under /v1", async () => {
    expect((await t.fetch("/v1/nothing-here", { key: null })).status).toBe(401);
    expect((await t.fetch("/v1/ping", { method: "DELETE", key: null })).status).toBe(401);
    const r = await t.fetch("/v1/nothing-here");
    expect(r.status).toBe(404);
    expect((await r.json()).error).toContain("/v1/nothing-here");
    const m = await t.fetch("/v1/ping", { method: "DELETE" });
    expect(m.status).toBe(405);
    expect(typeof (await m.json()).error).toBe("string");
  });

  test("a short or empty Host header changes nothing: 401 first, then the right route", async () => {
    for (const host of ["a", "ab", ""]) {
      for (const [method, path] of [
        ["GET", "/v1/zone/count"],
        ["GET", "/v1/nothing"],
        ["GET", "/v1/usage"],
        ["GET", "/v1/jobs/job_x"],
      ]) {
        const r = await rawRequest(t.server.port, `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close`);
        expect(`${host} ${method} ${path}: ${r.status}`).toBe(`${host} ${method} ${path}: 401`);
      }
      const ok = await rawRequest(t.server.port, `GET /v1/usage HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${t.key}\r\nConnection: close`);
      expect(ok.status).toBe(200);
      const wrong = await rawRequest(t.server.port, `GET /v1/zone/count HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${t.key}\r\nConnection: close`);
      expect(`${host}: ${wrong.status}`).toBe(`${host}: 405`);
    }
  });

  test("405 names every method a path serves, raw routes and path parameters included", async () => {
    const served = (await (await t.fetch("/openapi.json", { key: null })).json()).paths as Record<string, Record<string, unknown>>;
    // /mcp answers wrong methods itself, in JSON-RPC (test/mcp/protocol.test.ts).
    for (const [p, methods] of Object.entries(served).filter(([p]) => p.startsWith("/v1/"))) {
      const concrete = p.replace(/\{[^}]+\}/g, "job_x");
      const r = await t.fetch(concrete, { method: "PATCH" });
      expect(r.status).toBe(405);
      const allow = new Set(r.headers.get("allow")!.split(", "));
      expect(allow).toEqual(new Set(Object.keys(methods).map((m) => m.toUpperCase())));
      expect((await r.json()).error).toContain("PATCH");
    }
  });

  test("OPTIONS without a key is 401 and no CORS header is ever sent", async () => {
    const r = await t.fetch("/v1/ping", {
      method: "OPTIONS",
      key: null,
      headers: { origin: "https://evil.example", "access-control-request-method": "GET" },
    });
    expect(r.status).toBe(401);
    for (const p of ["/v1/ping", "/v1/usage", "/healthz", "/openapi.json", "/docs"]) {
      const res = await t.fetch(p, { headers: { origin: "https://evil.example" } });
      for (const h of res.headers.keys()) expect(h.startsWith("access-control-")).toBe(false);
    }
  });

  test("public pages need no key", async () => {
    expect((await t.fetch("/healthz", { key: null })).status).toBe(200);
    const doc = await (await t.fetch("/openapi.json", { key: null })).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/v1/ping"].get).toBeDefined();
    const docs = await t.fetch("/docs", { key: null });
    expect(docs.headers.get("content-type")).toContain("text/html");
    const html = await docs.text();
    expect(html).toContain("/v1/usage");
    expect(html).not.toMatch(/<script[^>]+src=|https?:\/\/cdn/i);
  });

  test("OpenAPI lists every status an operation answers with, and its path and query parameters", async () => {
    const doc = await (await t.fetch("/openapi.json", { key: null })).json();
    const opOf = (method: string, p: string) => doc.paths[p][method];
    for (const ep of ENDPOINTS) {
      const o = opOf(ep.op.method.toLowerCase(), ep.op.path.replace(/:(\w+)/g, "{$1}"));
      const statuses = Object.keys(o.responses).map(Number);
      for (const s of ep.op.errors) expect({ id: ep.op.id, s, listed: statuses.includes(s) }).toEqual({ id: ep.op.id, s, listed: true });
      if (ep.body) for (const s of [400, 408, 413, 415]) expect(statuses).toContain(s);
    }
    const names = (method: string, p: string, where: string) => (opOf(method, p).parameters ?? []).filter((x: any) => x.in === where).map((x: any) => x.name);
    expect(names("post", "/v1/rdap", "query")).toEqual([]);
    expect(Object.keys(opOf("post", "/v1/rdap").responses)).toContain("502");
    expect(names("get", "/v1/jobs", "query")).toEqual(["status", "type", "limit", "cursor"]);
    expect(names("get", "/v1/jobs/{job_id}", "path")).toEqual(["job_id"]);
    expect(names("delete", "/v1/jobs/{job_id}", "path")).toEqual(["job_id"]);
    expect(names("post", "/v1/appraise", "query")).toEqual(["explain"]);
    expect(names("post", "/v1/appraise/bulk", "query")).toEqual(["explain"]);
    expect(names("post", "/v1/jobs", "query")).toEqual(["type", "include_counts", "callback_url", "idempotency_key"]);
    expect(Object.keys(opOf("get", "/v1/jobs/{job_id}/results").responses)).toEqual(expect.arrayContaining(["400", "404", "409", "410"]));
    expect(opOf("get", "/healthz").security).toEqual([]);
  });
});

describe("account", () => {
  test("ping", async () => {
    const r = await t.fetch("/v1/ping");
    expect(await r.json()).toEqual({ ok: true, key: "test" });
  });

  test("usage has every field, limits from the operation table", async () => {
    const u = await (await t.fetch("/v1/usage")).json();
    expect(Object.keys(u).sort()).toEqual(
      [
        "batch_limits",
        "by_endpoint",
        "credits_remaining",
        "credits_used",
        "daily_quota",
        "date",
        "key",
        "names_in_flight",
        "names_in_flight_cap",
        "rate_limits_per_minute",
        "resets_at",
        "results_storage_bytes",
      ].sort(),
    );
    expect(Object.keys(u.by_endpoint).sort()).toEqual(["appraise", "camelcase", "categorize", "dns", "rdap", "zone"]);
    expect(u.rate_limits_per_minute).toEqual({
      appraise: 30,
      appraise_bulk: 6,
      categorize: 12,
      camelcase: 60,
      zone: 20,
      zone_lookup: 12,
      jobs: 12,
      rdap: 6,
      dns: 12,
      mcp: 120,
    });
    expect(u.batch_limits).toEqual({ appraise_bulk: 500, categorize: 100, camelcase: 1000, zone_lookup: 5000, rdap: 10, dns: 50 });
    expect(u.date).toBe(new Date().toISOString().slice(0, 10));
    expect(u.resets_at).toMatch(/T00:00:00\.000Z$/);
    expect(u.names_in_flight_cap).toBe(5_000_000);
  });

  test("ping and usage are never rate limited", async () => {
    const rs = await Promise.all(Array.from({ length: 120 }, () => t.fetch("/v1/ping")));
    expect(rs.every((r) => r.status === 200)).toBe(true);
  });
});
