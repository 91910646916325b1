/**
 * POST /v1/jobs over HTTP: both body forms, gzip, validation naming index or line, the
 * caps (gzip bomb, names in flight), idempotency, quota, rate, 401 before the body, a body
 * cut off half-way, and that no refusal leaves a job or a charge behind.
 */
import { afterAll, beforeAll, describe, expect, test, setDefaultTimeout } from "bun:test";
import { gzipSync } from "node:zlib";
import type { Runner } from "../../src/capabilities/jobs/runner.ts";
import { RATE_LIMITS } from "../../src/operations.ts";
import { freshMinute } from "../support/harness.ts";
import { rawRequest } from "../support/raw-http.ts";
import { names, startJobsServer, submit, usage, type JobsServer } from "./support/jobs.ts";

// The machine is shared: allow for a loaded CPU.
setDefaultTimeout(60_000);

let t: JobsServer;
beforeAll(async () => {
  t = await startJobsServer();
  // Nothing runs in this file: jobs stay queued, so positions and estimates are stable.
  await (t.server.services.jobsRunner as Runner).stop();
});
afterAll(() => t.stop());

let n = 0;
const fresh = (quota = 100_000) => t.newKey(`submit-${++n}`, quota).key;

async function post(body: string | Uint8Array, headers: Record<string, string>, key: string, query = "") {
  const r = await t.fetch(`/v1/jobs${query}`, { method: "POST", body, headers, key });
  return { r, body: (await r.json()) as any };
}

async function nothingCreated(key: string) {
  const list = await (await t.fetch("/v1/jobs", { key })).json();
  expect(list.jobs).toEqual([]);
  expect((await usage(t, key)).credits_used).toBe(0);
}

describe("accepted submissions", () => {
  test("JSON: 202 with position, estimates, deadline and the credits reserved", async () => {
    const key = fresh();
    const before = Date.now();
    const { r, body } = await submit(t, { type: "zone_lookup", domains: names(25), options: { include_counts: true } }, key);
    expect(r.status).toBe(202);
    expect(body.id).toMatch(/^job_[0-9A-Za-z]{24}$/);
    expect(body).toMatchObject({ type: "zone_lookup", status: "queued", total: 25, done: 0, errors: 0, progress: 0, options: { include_counts: true } });
    expect(body.credits_reserved).toBe(6); // ceil(25 / 10) * 2
    expect(body.credits_charged).toBe(6);
    expect(body.position).toBeGreaterThanOrEqual(1);
    const deadline = Date.parse(body.deadline);
    expect(deadline - Date.parse(body.created)).toBe(7200 * 1000);
    expect(Date.parse(body.estimated_start)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(body.estimated_finish)).toBeGreaterThanOrEqual(Date.parse(body.estimated_start));
    expect(body.poll_url).toBe(`/v1/jobs/${body.id}`);
    expect(body.results_url).toBeNull();
    expect(r.headers.get("x-credits-charged")).toBe("6");
    expect(r.headers.get("x-credits-remaining")).toBe(String(100_000 - 6));
    const u = await usage(t, key);
    expect(u.by_endpoint.zone).toBe(6);
    expect(u.names_in_flight).toBe(25);
  });

  test("text/plain, gzip-encoded, with settings in the query string; a BOM, blank lines and CRLF", async () => {
    const key = fresh();
    const text = "\ufeffbestpizza.com\r\n\r\ncheapflights.net\n\nxn--bcher-kva.de\n\r";
    const { r, body } = await post(gzipSync(text), { "content-type": "text/plain; charset=utf-8", "content-encoding": "gzip" }, key, "?type=appraise");
    expect(r.status).toBe(202);
    expect(body.total).toBe(3);
    expect(body.credits_reserved).toBe(3);
  });

  test("JSON gzip-encoded", async () => {
    const key = fresh();
    const { r, body } = await post(
      gzipSync(JSON.stringify({ type: "categorize", domains: ["bestpizza.com", "openbsd"] })),
      { "content-type": "application/json", "content-encoding": "gzip" },
      key,
    );
    expect(r.status).toBe(202);
    expect(body.credits_reserved).toBe(4);
  });

  test("one key's queued jobs cannot starve another's: the lane takes keys in turn", async () => {
    const a = fresh();
    const b = fresh();
    const pos: number[] = [];
    for (const key of [a, a, a]) pos.push((await submit(t, { type: "categorize", domains: names(3, "fair") }, key)).body.position);
    const bJob = (await submit(t, { type: "categorize", domains: names(3, "fair") }, b)).body;
    // Earlier categorize jobs of other keys may be queued too; relative order is what matters.
    expect(pos[1]! - pos[0]!).toBe(1);
    expect(bJob.position).toBe(pos[0]! + 1); // b's first job goes right after a's first one
    const list = (await (await t.fetch("/v1/jobs?type=categorize", { key: a })).json()).jobs;
    const positions = list.map((j: any) => j.position).sort((x: number, y: number) => x - y);
    expect(positions).toEqual([pos[0], pos[0]! + 2, pos[0]! + 3]);
  });
});

describe("refusals leave no job and no charge", () => {
  const cases: [string, unknown, string][] = [
    ["a bad name, by index", { type: "zone_lookup", domains: ["a.com", "b.com", "foo..bar"] }, 'domains[2]: "foo..bar" is not a valid domain name'],
    ["a non-string", { type: "categorize", domains: ["a.com", 7] }, "domains[1] must be a string"],
    ["appraise needs extensions", { type: "appraise", domains: ["ok.com", "bare"] }, 'domains[1]: "bare" needs an extension (e.g. "bare.com")'],
    ["an unknown type", { type: "whois", domains: ["a.com"] }, "type must be one of zone_lookup, appraise, categorize"],
    ["an unknown field", { type: "zone_lookup", domains: ["a.com"], domian: 1 }, 'unknown field "domian"'],
    [
      "an option of another type",
      { type: "appraise", domains: ["a.com"], options: { include_counts: true } },
      "options.include_counts is only accepted for type zone_lookup",
    ],
    ["an unknown option", { type: "zone_lookup", domains: ["a.com"], options: { fast: true } }, 'unknown field "fast" in options'],
    ["an empty list", { type: "zone_lookup", domains: [] }, "domains must not be empty"],
    ["http callback", { type: "zone_lookup", domains: ["a.com"], callback_url: "http://example.com/hook" }, "callback_url must be an https:// URL"],
  ];
  for (const [what, body, message] of cases) {
    test(`400: ${what}`, async () => {
      const key = fresh();
      const { r, body: b } = await submit(t, body as Record<string, unknown>, key);
      expect(r.status).toBe(400);
      expect(b.error).toBe(message);
      await nothingCreated(key);
    });
  }

  test("400: text names the line, counting blank lines", async () => {
    const key = fresh();
    const { r, body } = await post("a.com\n\nb.com\r\nfoo..bar\n", { "content-type": "text/plain" }, key, "?type=zone_lookup");
    expect(r.status).toBe(400);
    expect(body.error).toBe('line 4: "foo..bar" is not a valid domain name');
    for (const [query, msg] of [
      ["", "type is required: add ?type=zone_lookup, appraise or categorize"],
      ["?type=zone_lookup&fast=1", 'unknown query parameter "fast": it takes type, include_counts, callback_url, idempotency_key'],
      ["?type=zone_lookup&include_counts=yes", "include_counts must be true or false"],
    ]) {
      const x = await post("a.com\n", { "content-type": "text/plain" }, key, query);
      expect(x.r.status).toBe(400);
      expect(x.body.error).toBe(msg!);
    }
    const empty = await post("\n\n", { "content-type": "text/plain" }, key, "?type=zone_lookup");
    expect(empty.body.error).toBe("the body holds no names: send one name per line");
    await nothingCreated(key);
  });

  test("a list over 1,000,000 names is refused, never truncated (JSON and text)", async () => {
    const key = fresh();
    const over = Array.from({ length: 1_000_001 }, () => "a.io");
    const j = await submit(t, { type: "zone_lookup", domains: over }, key);
    expect(j.r.status).toBe(400);
    expect(j.body.error).toBe("domains must contain at most 1000000 items (got 1000001)");
    const x = await post(gzipSync(over.join("\n")), { "content-type": "text/plain", "content-encoding": "gzip" }, key, "?type=zone_lookup");
    expect(x.r.status).toBe(400);
    expect(x.body.error).toBe("the list must contain at most 1000000 names (more at line 1000001)");
    await nothingCreated(key);
  });

  test("415 for another content type; 400 for bad JSON", async () => {
    const key = fresh();
    expect((await post("x", { "content-type": "application/xml" }, key)).r.status).toBe(415);
    const bad = await post("{nope", { "content-type": "application/json" }, key);
    expect(bad.r.status).toBe(400);
    expect(bad.body.error).toMatch(/not valid JSON/);
    await nothingCreated(key);
  });

  test("a gzip bomb is refused with 400 after the inflated cap", async () => {
    const key = fresh();
    const member = gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x61));
    const bomb = Buffer.concat(Array.from({ length: 70 }, () => member)); // 280 MB inflated, ~30 KB sent
    const { r, body } = await post(bomb, { "content-type": "text/plain", "content-encoding": "gzip" }, key, "?type=zone_lookup");
    expect(r.status).toBe(400);
    expect(body.error).toBe("inflated request body exceeds 256 MB");
    await nothingCreated(key);
  });

  test("250 MB of blank lines (under the inflated cap) is a quick 400, not a stall", async () => {
    const key = fresh();
    const member = gzipSync(Buffer.alloc(10 * 1024 * 1024, 0x0a));
    const body = Buffer.concat(Array.from({ length: 25 }, () => member));
    const t0 = performance.now();
    const { r, body: b } = await post(body, { "content-type": "text/plain", "content-encoding": "gzip" }, key, "?type=zone_lookup");
    expect(r.status).toBe(400);
    expect(b.error).toBe("the body holds no names: send one name per line");
    expect(performance.now() - t0).toBeLessThan(15_000);
    await nothingCreated(key);
  });

  test("a submission cut off half-way creates nothing", async () => {
    const key = fresh();
    const full = JSON.stringify({ type: "zone_lookup", domains: names(5000) });
    const head = `POST /v1/jobs HTTP/1.1\nHost: x\nAuthorization: Bearer ${key}\nContent-Type: application/json\nContent-Length: ${full.length}`;
    // Half the body, then the connection closes.
    await rawRequest(t.server.port, head, full.slice(0, full.length >> 1), { timeoutMs: 300 });
    await Bun.sleep(200);
    await nothingCreated(key);
  });

  test("401 before the body is read", async () => {
    const a = await rawRequest(t.server.port, "POST /v1/jobs HTTP/1.1\nHost: x\nContent-Type: application/json\nContent-Length: 1048576", '{"', {
      timeoutMs: 3000,
    });
    expect(a.status).toBe(401);
    expect(JSON.parse(a.body).error).toBeString();
  });

  test("429 when the day's quota cannot cover the job; resets_at; nothing created", async () => {
    const key = fresh(50);
    const { r, body } = await submit(t, { type: "zone_lookup", domains: names(501) }, key);
    expect(r.status).toBe(429);
    expect(body.error).toContain("needs 51 credits");
    expect(body.resets_at).toMatch(/T00:00:00\.000Z$/);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    await nothingCreated(key);
  });

  test("429 over the names-in-flight cap, naming it", async () => {
    const key = fresh();
    const keyId = t.store.keys.findByName(`submit-${n}`)!.id;
    // 4,999,999 names already queued for this key (a row as the service stores it).
    t.store.db.run(
      `INSERT INTO jobs (id, key_id, type, status, total, options, chunk_size, usage_key, usage_day, credits_reserved, created, deadline)
       VALUES ('job_inflightfillerxxxxxxxxx', ?, 'categorize', 'queued', 4999999, '{}', 10000, 'categorize', '2026-01-01', 0, ?, ?)`,
      [keyId, Date.now(), Date.now() + 3_600_000],
    );
    const { r, body } = await submit(t, { type: "zone_lookup", domains: names(2) }, key);
    expect(r.status).toBe(429);
    expect(body.error).toContain("cap of 5000000");
    expect(r.headers.get("retry-after")).not.toBeNull();
    const ok = await submit(t, { type: "zone_lookup", domains: names(1) }, key);
    expect(ok.r.status).toBe(202);
    const list = await (await t.fetch("/v1/jobs", { key })).json();
    expect(list.names_in_flight).toBe(5_000_000);
    t.store.db.run("DELETE FROM jobs WHERE id = 'job_inflightfillerxxxxxxxxx'");
  });

  test("503 when the lane's queue is full, with estimated_wait_seconds and Retry-After", async () => {
    fresh(); // another key, the owner of the queued job below
    const otherId = t.store.keys.findByName(`submit-${n}`)!.id;
    const key = fresh();
    // Another key's queued appraise job fills the lane to 10 names under its cap.
    t.store.db.run(
      `INSERT INTO jobs (id, key_id, type, status, total, options, chunk_size, usage_key, usage_day, credits_reserved, created, deadline)
       VALUES ('job_lanefillerxxxxxxxxxxxxx', ?, 'appraise', 'queued', ?, '{}', 10000, 'appraise', '2026-01-01', 0, ?, ?)`,
      [otherId, t.server.services.config.jobLaneCapNames - 10, Date.now(), Date.now() + 3_600_000],
    );
    try {
      const { r, body } = await submit(t, { type: "appraise", domains: names(11) }, key);
      expect(r.status).toBe(503);
      expect(body.error).toBe("job queue is full");
      expect(body.estimated_wait_seconds).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      await nothingCreated(key);
      expect((await submit(t, { type: "appraise", domains: names(10) }, key)).r.status).toBe(503); // ...and too far away to start in time
      expect((await submit(t, { type: "zone_lookup", domains: names(11) }, key)).r.status).toBe(202); // other lanes are not affected
    } finally {
      t.store.db.run("DELETE FROM jobs WHERE id = 'job_lanefillerxxxxxxxxxxxxx'");
    }
  });

  test(`rate limit: ${RATE_LIMITS.jobs} per minute, checked before the body`, async () => {
    await freshMinute();
    const key = fresh();
    for (let i = 0; i < RATE_LIMITS.jobs; i++) expect((await post("{}", { "content-type": "application/json" }, key)).r.status).toBe(400);
    const { r, body } = await post("{}", { "content-type": "application/json" }, key);
    expect(r.status).toBe(429);
    expect(body.error).toContain("jobs");
    expect(Number(r.headers.get("retry-after"))).toBe(body.retry_after_seconds);
  });
});

describe("idempotency", () => {
  test("same key and body: 200 with the same job and Idempotent-Replayed; another body: 409", async () => {
    const key = fresh();
    const req = { type: "zone_lookup", domains: names(30), idempotency_key: "batch-7" };
    const first = await submit(t, req, key);
    expect(first.r.status).toBe(202);
    const again = await submit(t, req, key);
    expect(again.r.status).toBe(200);
    expect(again.r.headers.get("idempotent-replayed")).toBe("true");
    expect(again.r.headers.get("x-credits-charged")).toBe("0");
    expect(again.body.id).toBe(first.body.id);
    // The same request as text (gzip) is the same request.
    const text = await post(
      gzipSync(names(30).join("\n")),
      { "content-type": "text/plain", "content-encoding": "gzip" },
      key,
      "?type=zone_lookup&idempotency_key=batch-7",
    );
    expect(text.r.status).toBe(200);
    expect(text.body.id).toBe(first.body.id);
    const other = await submit(t, { ...req, domains: names(31) }, key);
    expect(other.r.status).toBe(409);
    expect(other.body.error).toBe("idempotency_key was already used with a different request body");
    expect((await usage(t, key)).credits_used).toBe(3);
    // Another key may use the same idempotency key for its own job.
    expect((await submit(t, req, fresh())).r.status).toBe(202);
  });
});

describe("idempotency keys are never decoded lossily", () => {
  const text = async (key: string, query: string, body = "a.com") => post(body, { "content-type": "text/plain" }, key, `?type=zone_lookup&${query}`);
  const NOT_UTF8 = (name: string, run: string) => `query parameter "${name}" is not valid UTF-8: "${run}" (percent-escapes must encode UTF-8 text)`;
  const REPLACEMENT = "idempotency_key must not contain U+FFFD (the replacement character): it cannot be told apart from bytes that were not UTF-8";

  test("escapes that are not UTF-8 are 400s naming the parameter, never a replay of another key's job", async () => {
    const key = fresh();
    // %FF and %FE both used to read as U+FFFD, so the second replayed the first's job.
    for (const run of ["%FF", "%FE", "%ED%A0%80", "%C3", "%C0%80"]) {
      const { r, body } = await text(key, `idempotency_key=k${run}`);
      expect([run, r.status, body.error]).toEqual([run, 400, NOT_UTF8("idempotency_key", run)]);
    }
    await nothingCreated(key);
  });

  test("U+FFFD is refused in both forms: a request line's raw bytes that are not UTF-8 reach us as U+FFFD", async () => {
    const key = fresh();
    const viaQuery = await text(key, "idempotency_key=%EF%BF%BD");
    expect([viaQuery.r.status, viaQuery.body.error]).toEqual([400, REPLACEMENT]);
    const viaJson = await submit(t, { type: "zone_lookup", domains: ["a.com"], idempotency_key: "\ufffd" }, key);
    expect([viaJson.r.status, viaJson.body.error]).toEqual([400, REPLACEMENT]);
    for (const bytes of ["\xff", "\xfe"]) {
      const head = `POST /v1/jobs?type=zone_lookup&idempotency_key=${bytes} HTTP/1.1\nHost: x\nAuthorization: Bearer ${key}\nContent-Type: text/plain\nContent-Length: 5`;
      const a = await rawRequest(t.server.port, head, "a.com", { latin1: true });
      expect([a.status, JSON.parse(a.body).error]).toEqual([400, REPLACEMENT]);
    }
    await nothingCreated(key);
  });

  test("the callback URL takes the same rule: U+FFFD refused in both forms, raw bytes included", async () => {
    const key = fresh();
    const CALLBACK = "callback_url must not contain U+FFFD (the replacement character): it cannot be told apart from bytes that were not UTF-8";
    const viaJson = await submit(t, { type: "zone_lookup", domains: ["a.com"], callback_url: "https://hooks.example/\ufffd" }, key);
    expect([viaJson.r.status, viaJson.body.error]).toEqual([400, CALLBACK]);
    for (const bytes of ["\xff", "\xfe"]) {
      const head = `POST /v1/jobs?type=zone_lookup&callback_url=https://hooks.example/${bytes} HTTP/1.1\nHost: x\nAuthorization: Bearer ${key}\nContent-Type: text/plain\nContent-Length: 5`;
      const a = await rawRequest(t.server.port, head, "a.com", { latin1: true });
      expect([a.status, JSON.parse(a.body).error]).toEqual([400, CALLBACK]);
    }
    await nothingCreated(key);
  });

  test("distinct UTF-8 keys name distinct jobs; the same key replays across both forms", async () => {
    const key = fresh();
    const a = await text(key, "idempotency_key=%C3%BF"); // "ÿ"
    const b = await text(key, "idempotency_key=%C3%BE"); // "þ"
    expect([a.r.status, b.r.status]).toEqual([202, 202]);
    expect(a.body.id).not.toBe(b.body.id);
    const again = await submit(t, { type: "zone_lookup", domains: ["a.com"], idempotency_key: "ÿ" }, key);
    expect([again.r.status, again.body.id]).toEqual([200, a.body.id]);
  });

  test("the length rule is the same in both forms", async () => {
    const key = fresh();
    for (const idem of ["", "x".repeat(256)]) {
      const q = await text(key, `idempotency_key=${idem}`);
      const j = await submit(t, { type: "zone_lookup", domains: ["a.com"], idempotency_key: idem }, key);
      expect([q.r.status, q.body.error]).toEqual([400, "idempotency_key must be 1 to 255 characters"]);
      expect([j.r.status, j.body.error]).toEqual([400, q.body.error]);
    }
    // 255 characters, counted alike: an emoji is two in both forms.
    const q = await text(key, `idempotency_key=${encodeURIComponent("😀".repeat(128))}`);
    const j = await submit(t, { type: "zone_lookup", domains: ["a.com"], idempotency_key: "😀".repeat(128) }, key);
    expect([q.r.status, j.r.status]).toEqual([400, 400]);
    await nothingCreated(key);
  });

  test("a repeated idempotency_key is refused, not read first-wins", async () => {
    const key = fresh();
    const { r, body } = await text(key, "idempotency_key=a&idempotency_key=b");
    expect([r.status, body.error]).toEqual([400, 'query parameter "idempotency_key" is given more than once: send it once']);
    await nothingCreated(key);
  });

  test("every query parameter of the jobs endpoints is decoded strictly", async () => {
    const key = fresh();
    // The message quotes the run of escapes that holds the bad bytes.
    for (const [query, name, run] of [
      ["callback_url=https%3A%2F%2Fh%2F%FF", "callback_url", "%2F%FF"],
      ["include_counts=%FF", "include_counts", "%FF"],
    ] as const) {
      const { r, body } = await text(key, query);
      expect([r.status, body.error]).toEqual([400, NOT_UTF8(name, run)]);
    }
    const type = await post("a.com", { "content-type": "text/plain" }, key, "?type=zone%FF");
    expect(type.body.error).toBe(NOT_UTF8("type", "%FF"));
    const badName = await text(key, "k%FF=1");
    expect([badName.r.status, badName.body.error]).toEqual([400, 'a query parameter name is not valid UTF-8: "%FF" (percent-escapes must encode UTF-8 text)']);
    await nothingCreated(key);
    // A "%" that starts no escape loses nothing: it stays literal (and here is an unknown value).
    expect((await text(key, "include_counts=100%")).body.error).toBe("include_counts must be true or false");
    const list = await (await t.fetch("/v1/jobs?cursor=MS4y%FF", { key })).json();
    expect(list.error).toBe(NOT_UTF8("cursor", "%FF"));
    const results = await (await t.fetch("/v1/jobs/job_x/results?format=csv%FE", { key })).json();
    expect(results.error).toBe(NOT_UTF8("format", "%FE"));
  });
});
