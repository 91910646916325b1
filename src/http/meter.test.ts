/**
 * The metering step on its own, over the in-memory store: the rate window, the reservation
 * kept on success (or the smaller charge asked for), refunded on a thrown or rejected work,
 * refused past the quota without running the work, and the credit headers.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { RATE_LIMITS } from "../operations.ts";
import { openMemoryStore } from "../store/memory.ts";
import { setClock, utcDay } from "./clock.ts";
import { ApiError } from "./errors.ts";
import { checkRate, creditHeaders, metered, refundOpen } from "./meter.ts";

const now = Date.UTC(2026, 10, 22, 12, 0, 5);
const day = utcDay(now);
// The reservation takes the day from the clock when it is later than the request's arrival.
beforeAll(() => setClock(() => now));
afterAll(() => setClock(null));

function setup(quota = 10) {
  const store = openMemoryStore();
  const key = store.keys.create("m", quota).record;
  return { store, key, used: () => store.usage.get(key.id, day).used };
}

const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error("did not throw");
};

test("checkRate: the limit passes, the next is 429 rate_limited with Retry-After to the next minute", () => {
  const { store, key } = setup();
  for (let i = 0; i < RATE_LIMITS.rdap; i++) checkRate(store, key, "rdap", now);
  const e = thrown(() => checkRate(store, key, "rdap", now)) as ApiError;
  expect(e).toBeInstanceOf(ApiError);
  expect(e.code).toBe("rate_limited");
  expect(e.headers["Retry-After"]).toBe("55");
  // The next minute is a new window; a free operation (no bucket) is never counted.
  checkRate(store, key, "rdap", now + 60_000);
  for (let i = 0; i < 1000; i++) checkRate(store, key, null, now);
});

test("metered keeps the charge on success and says what remains", () => {
  const { store, key, used } = setup(10);
  const a = metered(store, key, "zone", 4, now, () => ({ body: { ok: true } }));
  expect(a).toEqual({ status: 200, body: { ok: true }, json: undefined, headers: { "X-Credits-Charged": "4", "X-Credits-Remaining": "6" } });
  expect(used()).toBe(4);
});

test("metered keeps only outcome.charge when it is less, and never more than reserved", async () => {
  const { store, key, used } = setup(10);
  const a = await metered(store, key, "dns", 5, now, async () => ({ body: [], charge: 2, headers: { "X-Other": "1" } }));
  expect(a.headers).toEqual({ "X-Other": "1", "X-Credits-Charged": "2", "X-Credits-Remaining": "8" });
  expect(used()).toBe(2);
  const b = metered(store, key, "dns", 3, now, () => ({ body: [], charge: 99 }));
  expect((b as { headers: Record<string, string> }).headers["X-Credits-Charged"]).toBe("3");
  expect(used()).toBe(5);
});

test("metered refunds everything when the work throws or rejects", async () => {
  const { store, key, used } = setup(10);
  const boom = new ApiError("upstream_unavailable", "no answer");
  expect(
    thrown(() =>
      metered(store, key, "rdap", 6, now, () => {
        throw boom;
      }),
    ),
  ).toBe(boom);
  expect(used()).toBe(0);
  const late = metered(store, key, "rdap", 6, now, () => Promise.reject(boom));
  expect(used()).toBe(6);
  await expect(late).rejects.toBe(boom);
  expect(used()).toBe(0);
});

test("metered refuses past the quota with quota_exceeded, and the work never runs", () => {
  const { store, key, used } = setup(3);
  let ran = false;
  const e = thrown(() =>
    metered(store, key, "zone", 4, now, () => {
      ran = true;
      return { body: null };
    }),
  ) as ApiError;
  expect(e.code).toBe("quota_exceeded");
  expect(e.message).toContain("3 remain");
  expect(ran).toBe(false);
  expect(used()).toBe(0);
});

test("a free operation runs as is: synchronous, no headers, nothing counted", () => {
  const { store, key, used } = setup(0);
  const a = metered(store, key, null, 0, now, () => ({ body: 1, headers: { "Retry-After": "30" } }));
  expect(a).toEqual({ status: 200, body: 1, json: undefined, headers: { "Retry-After": "30" } });
  expect(used()).toBe(0);
});

test("refundOpen gives back what requests still running reserved", async () => {
  const { store, key, used } = setup(10);
  let release = () => {};
  const pending = metered(store, key, "zone", 7, now, () => new Promise((r) => (release = () => r({ body: null }))));
  expect(used()).toBe(7);
  expect(await refundOpen(store)).toBe(1);
  expect(used()).toBe(0);
  release();
  // Settling after the refund gives nothing back twice.
  await pending;
  expect(used()).toBe(0);
});

test("creditHeaders writes both headers", () => {
  expect(creditHeaders({ Location: "/x" }, 3, 97)).toEqual({ Location: "/x", "X-Credits-Charged": "3", "X-Credits-Remaining": "97" });
});
