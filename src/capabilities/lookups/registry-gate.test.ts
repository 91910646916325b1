import { expect, test } from "bun:test";
import { RegistryGate, retryAfterMs } from "./registry-gate.ts";
import { UpstreamError } from "./upstream.ts";

test("at most N in flight per host; other hosts are not held up", async () => {
  const gate = new RegistryGate(2, 30_000, 600_000);
  let now = 0;
  let max = 0;
  let seenByB = -1;
  const job = () =>
    gate.run("a", Date.now() + 5000, async () => {
      max = Math.max(max, ++now);
      await Bun.sleep(20);
      now--;
    });
  // Host b runs at once, while host a has two in flight and three waiting in line.
  await Promise.all([job(), job(), job(), job(), job(), gate.run("b", Date.now() + 5000, async () => void (seenByB = now))]);
  expect(seenByB).toBe(2);
  expect(max).toBe(2);
});

test("a caller whose deadline passes in line leaves with an UpstreamError, and the line moves on", async () => {
  const gate = new RegistryGate(1, 30_000, 600_000);
  const long = gate.run("a", Date.now() + 5000, () => Bun.sleep(100));
  const late = gate.run("a", Date.now() + 20, async () => "never");
  await expect(late).rejects.toBeInstanceOf(UpstreamError);
  await long;
  expect(await gate.run("a", Date.now() + 1000, async () => "next")).toBe("next");
});

test("back-off: Retry-After honoured up to the ceiling, the default without it", () => {
  const gate = new RegistryGate(4, 30_000, 600_000);
  expect(gate.backOff("a", 5000, 0)).toBe(5000);
  expect(gate.blockedFor("a", 1000)).toBe(4000);
  expect(gate.backOff("b", null, 0)).toBe(30_000);
  expect(gate.backOff("c", 86_400_000, 0)).toBe(600_000);
  expect(gate.blockedFor("d", 0)).toBe(0);
});

test("Retry-After: seconds or an HTTP date", () => {
  expect(retryAfterMs("120")).toBe(120_000);
  expect(retryAfterMs(new Date(Date.UTC(2026, 0, 1, 0, 1)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(60_000);
  expect(retryAfterMs("soon")).toBeNull();
  expect(retryAfterMs(null)).toBeNull();
});
