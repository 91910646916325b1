/**
 * Stopping the server (SIGTERM, SIGINT: `cli serve` calls stop()): no new connections, the
 * requests in flight are answered for up to ZW_SHUTDOWN_DRAIN_S, and a request cut off after
 * that is not charged. Closing every connection at once had cut requests off with their
 * credits kept (found by a black-box pass: 20 credits kept for an rdap call never answered).
 */
import { expect, test } from "bun:test";
import { utcDay } from "../src/http/clock.ts";
import { hashKey } from "../src/store/secrets.ts";
import { openStore } from "../src/store/sqlite.ts";
import { startFixtureServer } from "./support/fixture.ts";

/** Credits the key has used today, read from the data directory once the server is gone. */
function usedAfter(dataDir: string, keyId: number): number {
  const store = openStore(dataDir);
  try {
    return store.usage.get(keyId, utcDay(Date.now())).used;
  } finally {
    store.close();
  }
}

test("a request in flight when the server stops is answered and charged; a new one is refused", async () => {
  const f = await startFixtureServer();
  try {
    const keyId = f.store.keys.findByHash(hashKey(f.key))!.id;
    const inFlight = f.post("/v1/rdap", { domains: ["slowdrain.com"] }); // the fake answers after 300 ms
    await Bun.sleep(100);
    const stopped = f.server.stop();
    await Bun.sleep(50);
    await expect(fetch(`${f.url}/v1/ping`, { headers: { authorization: `Bearer ${f.key}` } })).rejects.toThrow();
    const r = await inFlight;
    expect(r.status).toBe(200);
    expect(r.headers.get("x-credits-charged")).toBe("2");
    await stopped;
    expect(usedAfter(f.dataDir, keyId)).toBe(2);
  } finally {
    await f.stopAll();
  }
});

test("a request still running after the drain is cut off and refunded", async () => {
  const f = await startFixtureServer({ ZW_SHUTDOWN_DRAIN_S: "1" });
  try {
    const keyId = f.store.keys.findByHash(hashKey(f.key))!.id;
    const cut = f.post("/v1/rdap", { domains: ["silentdrain.com"] }).then(
      (r) => r.status,
      () => "cut",
    ); // never answered upstream
    await Bun.sleep(100);
    const t0 = performance.now();
    await f.server.stop();
    expect(performance.now() - t0).toBeGreaterThan(900); // it waited for the drain
    expect(await cut).toBe("cut");
    expect(usedAfter(f.dataDir, keyId)).toBe(0);
  } finally {
    await f.stopAll();
  }
}, 20_000);
