/**
 * Fuzzing the jobs surface: hostile JSON and text/plain submissions (CRLF, BOMs, NULs,
 * very long lines, junk query settings), junk list filters and cursors, job ids that are
 * malformed, traversal-shaped or another key's, and junk results queries. Every answer is
 * held to the product rule by the Prober; an accepted job must reserve exactly what the
 * operation table says, and once every job has finished each key's usage must equal what
 * its answers charged (nothing for a refusal, no row lost to a refund it did not earn).
 */
import { describe, expect, test } from "bun:test";
import { JOB_TYPES, OPERATIONS, type JobType } from "../../src/operations.ts";
import { BASE_NAMES, HOSTILE_STRINGS, int, junkValue, listValue, nameish, pick, qenc, rng, VALID_EDGE_NAMES, withRawKey, type Rng } from "./gen.ts";
import { fuzzServer, type Sent } from "./probe.ts";

const f = fuzzServer();

const SUBMIT = OPERATIONS.jobs_submit;
const TYPES = Object.keys(JOB_TYPES) as JobType[];
const accepted: { id: string; key: string }[] = [];

async function cases(n: number, one: (i: number) => Promise<void>): Promise<string[]> {
  const failures: string[] = [];
  for (let i = 0; i < n; i++) await one(i).catch((e: Error) => failures.push(`case ${i}: ${e.message}`));
  return failures;
}

/** A 202 must reserve exactly the table's cost for the names it took. */
function checkAccepted(a: Sent, type: unknown, count: number, includeCounts: boolean) {
  if (a.status !== 202) return;
  expect(TYPES).toContain(type as JobType);
  expect(a.json.total).toBe(count);
  expect(Number(a.headers.get("x-credits-charged"))).toBe(JOB_TYPES[type as JobType].cost({ items: count, includeCounts }));
  accepted.push({ id: a.json.id, key: a.key });
}

function jsonSubmission(r: Rng): { body: string; type: unknown; count: number; includeCounts: boolean } {
  const type = r() < 0.8 ? pick(r, TYPES) : junkValue(r);
  const domains = r() < 0.4 ? Array.from({ length: int(r, 1, 6) }, () => pick(r, [...VALID_EDGE_NAMES, ...BASE_NAMES])) : listValue(r, 20);
  const o: Record<string, unknown> = { type, domains };
  if (r() < 0.3) o.options = r() < 0.5 ? { include_counts: r() < 0.5 } : junkValue(r);
  if (r() < 0.2)
    o.callback_url = pick(r, [
      "https://127.0.0.1:9/hook",
      "http://example.com/",
      "javascript:alert(1)",
      "https://",
      "ftp://x/",
      "https://[::1]:9/",
      "https://user:pw@127.0.0.1:9/",
      ...HOSTILE_STRINGS.slice(0, 8),
    ]);
  if (r() < 0.2) o.idempotency_key = r() < 0.5 ? pick(r, ["k1", "", "x".repeat(255), "x".repeat(256)]) : junkValue(r);
  if (r() < 0.05) delete o.type;
  const includeCounts = (o.options as { include_counts?: unknown } | undefined)?.include_counts === true;
  const count = Array.isArray(domains) ? domains.length : 0;
  const body = r() < 0.1 ? withRawKey(o, pick(r, ["__proto__", "constructor", "extra", "0"]), junkValue(r)) : JSON.stringify(o);
  return { body, type, count, includeCounts };
}

function textSubmission(r: Rng): { body: string; query: string; type: string; count: number; includeCounts: boolean } {
  const lines = Array.from({ length: int(r, 1, 8) }, () => (r() < 0.6 ? pick(r, [...VALID_EDGE_NAMES, ...BASE_NAMES]) : nameish(r)));
  if (r() < 0.1) lines.push("a".repeat(100_000));
  if (r() < 0.1) lines.push("", "   ", "\t");
  const eol = pick(r, ["\n", "\r\n", "\r", "\n\n"]);
  const body = (r() < 0.2 ? "\ufeff" : "") + lines.join(eol) + (r() < 0.5 ? eol : "");
  const type = r() < 0.85 ? pick(r, TYPES) : pick(r, ["", "Zone_lookup", "camelcase", "__proto__", "constructor", "toString"]);
  const q = new Map<string, string>([["type", type]]);
  if (r() < 0.3) q.set("include_counts", pick(r, ["true", "false", "1", "", "TRUE"]));
  if (r() < 0.15)
    q.set(
      pick(r, ["callback_url", "idempotency_key", "extra", "__proto__", "domains"]),
      pick(r, ["https://127.0.0.1:9/x", "", "x".repeat(3000), ...HOSTILE_STRINGS.slice(0, 10)]),
    );
  const query = [...q].map(([k, v]) => `${qenc(k)}=${qenc(v)}`).join("&");
  return { body, query, type, count: 0, includeCounts: q.get("include_counts") === "true" };
}

describe("jobs", () => {
  test("hostile JSON submissions", async () => {
    const r = rng(1001);
    const failures = await cases(90, async () => {
      const s = jsonSubmission(r);
      const a = await f.p.post(SUBMIT.bucket, SUBMIT.path, s.body, { allow502: true });
      expect([200, 202, 400]).toContain(a.status);
      checkAccepted(a, s.type, s.count, s.includeCounts);
    });
    expect(failures.slice(0, 15)).toEqual([]);
  }, 60_000);

  test("hostile text/plain submissions", async () => {
    const r = rng(2002);
    const failures = await cases(90, async () => {
      const s = textSubmission(r);
      const a = await f.p.post(SUBMIT.bucket, `${SUBMIT.path}?${s.query}`, s.body, { contentType: "text/plain; charset=utf-8" });
      expect([200, 202, 400]).toContain(a.status);
      if (a.status === 202) checkAccepted(a, s.type, a.json.total, s.includeCounts);
    });
    expect(failures.slice(0, 15)).toEqual([]);
  }, 60_000);

  test("a doubled BOM is trimmed like other whitespace around a line: one row, the name without it", async () => {
    const a = await f.p.send(SUBMIT.bucket, `${SUBMIT.path}?type=zone_lookup`, {
      method: "POST",
      body: "\ufeff\ufeffexample.com\r\n",
      headers: { "content-type": "text/plain" },
    });
    expect(a.status).toBe(202);
    checkAccepted(a, "zone_lookup", 1, false);
  });

  test("NUL bytes, invalid UTF-8 and odd content types on submit", async () => {
    const bodies: [string, string | Uint8Array][] = [
      ["text/plain", "example.com\u0000\nfoo.com"],
      ["text/plain", new Uint8Array([0x65, 0x78, 0xff, 0x0a])],
      ["text/csv", "example.com"],
      ["application/json", "[]"],
      ["application/json", '{"type":"zone_lookup","domains":["a.com"]}\u0000'],
    ];
    for (const [ct, body] of bodies) {
      const a = await f.p.send(SUBMIT.bucket, `${SUBMIT.path}?type=zone_lookup`, { method: "POST", body, headers: { "content-type": ct } });
      if (![400, 415].includes(a.status)) throw new Error(`${ct} ${JSON.stringify(body)} -> ${a.status} ${a.text}`);
    }
  });

  test("list filters and cursors", async () => {
    const r = rng(3003);
    const failures = await cases(80, async () => {
      const k = pick(r, ["status", "type", "limit", "cursor", "Status", "offset", "__proto__"]);
      const v = pick(r, [
        "queued",
        "running",
        "succeeded",
        "zone_lookup",
        "0",
        "1",
        "100",
        "101",
        "-1",
        "1.5",
        "1e2",
        "NaN",
        Buffer.from("1.2").toString("base64url"),
        Buffer.from("999999999999999.999999999999999").toString("base64url"),
        "%%%",
        ...HOSTILE_STRINGS.slice(0, 30),
      ]);
      const a = await f.p.send(null, `/v1/jobs?${qenc(k)}=${qenc(v)}`, { method: "GET" });
      expect([200, 400]).toContain(a.status);
      if (a.status === 200) expect(a.json.jobs).toBeArray();
    });
    expect(failures.slice(0, 15)).toEqual([]);
  });

  test("job ids that are malformed, traversal-shaped or another key's", async () => {
    const other = f.t.newKey("fuzz-owner");
    const mine = await f.t.fetch(SUBMIT.path, {
      method: "POST",
      body: JSON.stringify({ type: "zone_lookup", domains: ["example.com"] }),
      headers: { "content-type": "application/json" },
      key: other.key,
    });
    expect(mine.status).toBe(202);
    const foreign = (await mine.json()).id as string;
    const ids = [
      foreign,
      foreign.toUpperCase(),
      `${foreign}x`,
      "job_",
      "",
      "%2e%2e",
      "..%2fusage",
      "%2e%2e%2f%2e%2e%2fusage",
      "job_%00",
      "x".repeat(5000),
      "%ff%fe",
      "%ED%A0%80",
      ...HOSTILE_STRINGS.slice(0, 20).map(qenc),
    ];
    const r = rng(4004);
    const failures = await cases(ids.length * 3, async (i) => {
      const id = ids[i % ids.length]!;
      const kind = Math.floor(i / ids.length);
      const path = kind === 2 ? `/v1/jobs/${id}/results?${pick(r, ["from=0", "from=-1", "from=1e3", "format=xml", "format=csv", "x=1"])}` : `/v1/jobs/${id}`;
      const a = await f.p.send(null, path, { method: kind === 1 ? "DELETE" : "GET" });
      // An empty id is the list itself (GET /v1/jobs/), which only its owner's jobs fill.
      if (id === "" && a.status === 200) expect(a.json.jobs.map((j: { id: string }) => j.id)).not.toContain(foreign);
      else expect([400, 404, 405]).toContain(a.status);
    });
    expect(failures.slice(0, 15)).toEqual([]);
    // The owner's job is untouched by all of that.
    const still = await (await f.t.fetch(`/v1/jobs/${foreign}`, { key: other.key })).json();
    expect(still.status).not.toBe("cancelled");
  }, 30_000);

  test("distinct idempotency keys never name one job; a stored callback URL is the one sent", async () => {
    const pairs = [
      ["\ud800", "\udfff"],
      ["k\udc00", "k\udc01"],
      ["\ufffd", "\ud800"],
      ["a\u0000", "a\u0001"],
      ["😀", "😁"],
    ];
    for (const pair of pairs) {
      const got: (string | null)[] = [];
      let key: string | undefined;
      for (const idem of pair) {
        // Both on one key: idempotency keys are per API key.
        const body = JSON.stringify({ type: "zone_lookup", domains: ["example.com"], idempotency_key: idem });
        const a = await f.p.send(SUBMIT.bucket, SUBMIT.path, { method: "POST", body, headers: { "content-type": "application/json" } }, { key });
        key = a.key;
        expect([202, 400]).toContain(a.status);
        if (a.status === 202) accepted.push({ id: a.json.id, key: a.key });
        got.push(a.status === 202 ? a.json.id : null);
      }
      if (got[0] !== null && got[1] !== null) expect({ pair, same: got[0] === got[1] }).toEqual({ pair, same: false });
    }
    for (const url of ["https://127.0.0.1:9/\ud800", "https://127.0.0.1:9/ok"]) {
      const a = await f.p.post(SUBMIT.bucket, SUBMIT.path, JSON.stringify({ type: "zone_lookup", domains: ["example.com"], callback_url: url }));
      expect([202, 400]).toContain(a.status);
      if (a.status === 202) {
        accepted.push({ id: a.json.id, key: a.key });
        expect(a.json.callback.url).toBe(url);
      }
    }
  });

  test("a text list one over the job limit is refused naming the line, nothing charged", async () => {
    const body = "a.com\n".repeat(SUBMIT.batchLimit! + 1);
    const a = await f.p.post(SUBMIT.bucket, `${SUBMIT.path}?type=zone_lookup`, body, { contentType: "text/plain" });
    expect(a.status).toBe(400);
    expect(a.json.error).toContain(`at most ${SUBMIT.batchLimit} names`);
  }, 30_000);

  test("a job cancelled at a seeded moment keeps every row it wrote and charges exactly those", async () => {
    const r = rng(6006);
    for (const type of TYPES) {
      const names = Array.from({ length: 20_000 }, (_, i) => `c${i}n.com`);
      const a = await f.p.post(SUBMIT.bucket, SUBMIT.path, JSON.stringify({ type, domains: names }));
      expect(a.status).toBe(202);
      await Bun.sleep(int(r, 0, 60));
      const del = await f.p.send(null, `/v1/jobs/${a.json.id}`, { method: "DELETE" }, { key: a.key });
      expect(del.status).toBe(200);
      let job: any;
      for (let i = 0; i < 200; i++) {
        job = (await f.p.send(null, `/v1/jobs/${a.json.id}`, { method: "GET" }, { key: a.key })).json;
        if (job.status !== "queued" && job.status !== "running") break;
        await Bun.sleep(25);
      }
      // Finished before the DELETE arrived: the file is removed at once and the job reports expired.
      expect(["cancelled", "succeeded", "expired"]).toContain(job.status);
      expect(job.credits_charged + job.credits_refunded).toBe(job.credits_reserved);
      expect(job.credits_charged).toBe(JOB_TYPES[type].cost({ items: job.done }));
      if (job.done > 0 && job.status !== "expired") {
        const rows = await f.p.send(null, `/v1/jobs/${a.json.id}/results`, { method: "GET" }, { key: a.key });
        expect(rows.text.split("\n").filter(Boolean).length).toBe(job.done);
      }
      // The prober's ledger took the reservation; the refund is the job's to report (the
      // ledger check at the end then holds usage to the job's own figures).
      f.p.credit(a.key, -job.credits_refunded);
    }
  }, 60_000);

  test("every accepted job finishes, its results have every row, and usage matches the charges", async () => {
    const r = rng(5005);
    const failures: string[] = [];
    for (const { id, key } of accepted) {
      let job: any;
      for (let i = 0; i < 200; i++) {
        job = (await f.p.send(null, `/v1/jobs/${id}`, { method: "GET" }, { key })).json;
        if (job.status !== "queued" && job.status !== "running") break;
        await Bun.sleep(25);
      }
      if (job.status !== "succeeded") failures.push(`${id}: ${job.status}`);
      const q = pick(r, ["", "?format=csv", "?from=1", "?from=99999", "?format=ndjson&from=0"]);
      const a = await f.p.send(null, `/v1/jobs/${id}/results${q}`, { method: "GET" }, { key });
      expect(a.status).toBe(200);
      if (q === "") expect(a.text.split("\n").filter(Boolean).length).toBe(job.total);
    }
    expect(failures).toEqual([]);
    expect(accepted.length).toBeGreaterThan(10);
    await f.p.checkLedgers();
    console.log(`jobs fuzz: ${f.p.cases} requests, ${accepted.length} jobs accepted`);
  }, 60_000);
});
