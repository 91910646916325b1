/** Every error answer carries the code that its status is derived from (src/http/errors.ts). */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ApiError, ERROR_STATUS, errorBody, type ErrorCode } from "../src/http/errors.ts";
import { RATE_LIMITS } from "../src/operations.ts";
import { startTestServer, type TestServer } from "./support/harness.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { quota: 3 });
});
afterAll(() => t.stop());

async function expectCode(r: Response, status: number, code: ErrorCode): Promise<Record<string, unknown>> {
  const body = (await r.json()) as Record<string, unknown>;
  expect({ status: r.status, code: body.code }).toEqual({ status, code });
  expect(ERROR_STATUS[code] as number).toBe(status);
  expect(typeof body.error).toBe("string");
  return body;
}

test("each code has one status, and the body puts error and code before the error's own fields", () => {
  for (const [code, status] of Object.entries(ERROR_STATUS)) {
    expect(new ApiError(code as ErrorCode, "m").status).toBe(status);
    expect(status >= 400 && status < 600).toBe(true);
  }
  expect(Object.keys(errorBody(new ApiError("conflict", "m", { job_id: "j" })))).toEqual(["error", "code", "job_id"]);
});

test("401, 404, 405, 400 and 429 answers name their code", async () => {
  await expectCode(await t.fetch("/v1/ping", { key: null }), 401, "unauthorized");
  await expectCode(await t.fetch("/v1/nothing-here"), 404, "not_found");
  await expectCode(await t.fetch("/v1/appraise", { method: "DELETE" }), 405, "method_not_allowed");
  await expectCode(await t.post("/v1/appraise", { domain: "not a name" }), 400, "invalid_request");
  await expectCode(await t.post("/v1/categorize", { domains: ["a.com", "b.com"] }), 429, "quota_exceeded");
  await expectCode(await t.fetch("/v1/jobs/j_nothere"), 404, "not_found");
});

test("past a bucket's per-minute limit: rate_limited with Retry-After", async () => {
  // /v1/rdap allows RATE_LIMITS.rdap requests a minute; the rate check runs before the body is read.
  const { key } = t.newKey("rate", 1000);
  // The window is the UTC minute: start well inside one so that all requests share it.
  const msLeft = 60_000 - (Date.now() % 60_000);
  if (msLeft < 2_000) await Bun.sleep(msLeft + 10);
  const statuses: number[] = [];
  let body: Record<string, unknown> = {};
  for (let i = 0; i <= RATE_LIMITS.rdap; i++) {
    const r = await t.fetch("/v1/rdap", { method: "POST", body: "{}", key, headers: { "content-type": "application/json" } });
    statuses.push(r.status);
    body = (await r.json()) as Record<string, unknown>;
  }
  expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
  expect(body.code).toBe("rate_limited");
  expect(body.retry_after_seconds).toBeGreaterThan(0);
});
