/**
 * The quota day is the day of the charge (when the reservation is made, after the body is
 * read), not the day the request arrived: with the charge clock put just past midnight, a
 * request authenticated on the old day is charged to the new one, and a refusal's
 * resets_at and Retry-After point past the charge clock (the next midnight after it).
 */
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { nextUtcMidnight, setClock, utcDay } from "../src/http/clock.ts";
import { startTestServer, type TestServer } from "./support/harness.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());
afterEach(() => setClock(null));

const camel = (key: string) =>
  t.fetch("/v1/camelcase", { method: "POST", body: JSON.stringify({ domains: ["bestpizza.com"] }), headers: { "content-type": "application/json" }, key });

test("a request that arrived on one UTC day and is charged on the next counts on the next; resets_at is in the future", async () => {
  const { key } = t.newKey("quota-day", 2);
  const keyId = (t.store.db.query("SELECT id FROM keys WHERE name = 'quota-day'").get() as { id: number }).id;
  const today = utcDay(Date.now());
  expect((await camel(key)).status).toBe(200);
  expect((await camel(key)).status).toBe(200);
  expect((await camel(key)).status).toBe(429); // today's quota is spent

  // The charge clock half a second into tomorrow; authentication still sees today.
  const tomorrowStart = nextUtcMidnight(Date.now()).getTime();
  const offset = tomorrowStart + 500 - Date.now();
  setClock(() => Date.now() + offset);
  const r = await camel(key);
  expect(r.status).toBe(200);
  expect(r.headers.get("x-credits-remaining")).toBe("1");
  const tomorrow = utcDay(tomorrowStart);
  expect(t.store.usage.get(keyId, tomorrow).used).toBe(1);
  expect(t.store.usage.get(keyId, today).used).toBe(2);

  expect((await camel(key)).status).toBe(200);
  const refused = await camel(key);
  expect(refused.status).toBe(429);
  const body = await refused.json();
  const charged = Date.now() + offset;
  expect(Date.parse(body.resets_at)).toBe(nextUtcMidnight(tomorrowStart).getTime());
  expect(Date.parse(body.resets_at)).toBeGreaterThan(charged);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(86_000);
  expect(body.retry_after_seconds).toBe(Number(refused.headers.get("retry-after")));
});

test("a job's credits are reserved on the day of the charge too", async () => {
  const { key } = t.newKey("quota-day-jobs", 10);
  const keyId = (t.store.db.query("SELECT id FROM keys WHERE name = 'quota-day-jobs'").get() as { id: number }).id;
  const tomorrowStart = nextUtcMidnight(Date.now()).getTime();
  const offset = tomorrowStart + 500 - Date.now();
  setClock(() => Date.now() + offset);
  const r = await t.fetch("/v1/jobs", {
    method: "POST",
    body: JSON.stringify({ type: "appraise", domains: ["a.com", "b.com"] }),
    headers: { "content-type": "application/json" },
    key,
  });
  expect(r.status).toBe(202);
  expect(r.headers.get("x-credits-remaining")).toBe("8");
  expect(t.store.usage.get(keyId, utcDay(tomorrowStart)).used).toBe(2);
  const over = await t.fetch("/v1/jobs", {
    method: "POST",
    body: JSON.stringify({ type: "appraise", domains: Array.from({ length: 9 }, (_, i) => `n${i}.com`) }),
    headers: { "content-type": "application/json" },
    key,
  });
  expect(over.status).toBe(429);
  const body = await over.json();
  expect(Date.parse(body.resets_at)).toBe(nextUtcMidnight(tomorrowStart).getTime());
});
