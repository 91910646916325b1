/**
 * Determinism where the product promises it: the same valid input, sent twice (with
 * different keys, so nothing per-key can leak in), gives byte-identical bodies for the
 * appraisal, categorization, word-split and zone endpoints. The inputs are seeded picks of
 * the valid edge names (IDN, punycode, 63-char labels, trailing dots, upper case) and
 * zone terms, so the promise is checked on hostile-but-valid input, not only on the easy.
 */
import { describe, expect, test } from "bun:test";
import { OPERATIONS, type OperationId } from "../../src/operations.ts";
import { BASE_NAMES, int, pick, rng, VALID_EDGE_NAMES, type Rng } from "./gen.ts";
import { fuzzServer } from "./probe.ts";

const f = fuzzServer();

const names = (r: Rng, n: number, ext = false) =>
  Array.from({ length: n }, () => pick(r, [...VALID_EDGE_NAMES, ...BASE_NAMES])).filter((d) => !ext || /\.[^.]/.test(d));

const BODIES: Partial<Record<OperationId, (r: Rng) => unknown>> = {
  appraise: (r) => ({ domain: names(r, 4, true)[0] ?? "bestpizza.com" }),
  appraise_bulk: (r) => ({ domains: [...names(r, 6, true), "bestpizza.com"] }),
  categorize: (r) => ({ domains: names(r, 6) }),
  camelcase: (r) => ({ domains: names(r, 8) }),
  zone_count: (r) => ({
    term: pick(r, ["shop", "go", "best", "x".repeat(63), "a-b", "net"]),
    position: pick(r, ["contains", "starts", "ends"]),
    ...(r() < 0.5 ? { tlds: ["com", "net", "nu"] } : {}),
  }),
  zone_lookup: (r) => ({ domains: names(r, int(r, 1, 8)), include_counts: r() < 0.5 }),
};

describe("same input, same bytes", () => {
  for (const [id, body] of Object.entries(BODIES) as [OperationId, (r: Rng) => unknown][]) {
    const op = OPERATIONS[id];
    test(`POST ${op.path}`, async () => {
      const r = rng(8008 + op.path.length);
      for (let i = 0; i < 6; i++) {
        const b = JSON.stringify(body(r));
        const first = await f.p.post(op.bucket, op.path, b);
        const again = await f.p.post(op.bucket, op.path, b);
        expect({ b, status: first.status }).toEqual({ b, status: 200 });
        expect(again.text).toBe(first.text);
      }
    });
  }

  test("GET /v1/zone/stats", async () => {
    const a = await f.p.send(OPERATIONS.zone_stats.bucket, OPERATIONS.zone_stats.path, { method: "GET" });
    const b = await f.p.send(OPERATIONS.zone_stats.bucket, OPERATIONS.zone_stats.path, { method: "GET" });
    expect(a.status).toBe(200);
    expect(b.text).toBe(a.text);
  });

  test("usage matches the charges", () => f.p.checkLedgers());
});
