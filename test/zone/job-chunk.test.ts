/**
 * The "zone.jobChunk" task (job chunk contract), run through the server's worker pool: each
 * NDJSON line is byte for byte the row POST /v1/zone/lookup answers for the same name, in
 * input order, with and without include_counts; a name that does not normalise becomes an
 * error row and is counted.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/harness.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ZW_WORKERS: "1" });
});
afterAll(() => t?.stop());

interface Pool {
  run<T>(task: string, input: unknown): Promise<T>;
}

const names = ["nic.nu", "Nic.NU.", "shop", "x", "x.nu", "bücher.ee", "zzqq-absent.nu", "an.ee", "se"];

for (const includeCounts of [false, true]) {
  test(`rows equal the synchronous twin (include_counts ${includeCounts})`, async () => {
    const sync = await t.post("/v1/zone/lookup", { domains: names, include_counts: includeCounts });
    expect(sync.status).toBe(200);
    const { results } = await sync.json();
    const pool = t.server.services.pool as unknown as Pool;
    const out = await pool.run<{ ndjson: string; errors: number }>("zone.jobChunk", { names, options: includeCounts ? { include_counts: true } : {} });
    expect(out.errors).toBe(0);
    expect(out.ndjson.endsWith("\n")).toBe(true);
    expect(out.ndjson.split("\n").slice(0, -1)).toEqual(results.map((r: unknown) => JSON.stringify(r)));
  });
}

test("a name that does not normalise is an error row, counted", async () => {
  const pool = t.server.services.pool as unknown as Pool;
  const out = await pool.run<{ ndjson: string; errors: number }>("zone.jobChunk", { names: ["nic.nu", "a..b"], options: {} });
  expect(out.errors).toBe(1);
  const lines = out.ndjson
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(lines[1]).toEqual({ input: "a..b", error: "not a valid domain name" });
  expect(lines[0].input).toBe("nic.nu");
});
