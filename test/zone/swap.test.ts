/**
 * The index swap, through the real server with a worker pool: no index -> 502 and nothing
 * charged; a good file renamed into place is picked up by the watcher (main thread and
 * workers); truncated, corrupt and foreign files are refused while the old index keeps
 * serving; lookups in flight during repeated swaps each answer wholly from one index.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fs from "node:fs";
import path from "node:path";
import { buildIndex } from "../../index-builder/build.ts";
import { zoneServiceOf } from "../../src/capabilities/zone/service.ts";
import { ZoneIndex } from "../../src/zone-index/index.ts";
import { ZoneIndexHolder } from "../../src/zone-index/swap.ts";
import { readHeader, verifySectionSteps } from "../../src/zone-index/open.ts";
import { startTestServer, tempDir, type TestServer } from "../support/harness.ts";

const dir = tempDir("zw-swap-");
const live = path.join(dir, "zone.idx");
let t: TestServer;
let keyN = 0;
const key = () => t.newKey(`swap-${++keyN}`).key;

/** Two different indexes: A registers even-numbered names, B odd-numbered ones. */
const domainsOf = (parity: number) => Array.from({ length: 30_000 }, (_, i) => `name${2 * i + parity}.${["com", "nu", "co.uk"][i % 3]}`);
const A = { file: path.join(dir, "a.idx"), builtAt: "2026-03-01T00:00:00.000Z", domains: domainsOf(0) };
const B = { file: path.join(dir, "b.idx"), builtAt: "2026-03-02T00:00:00.000Z", domains: domainsOf(1) };

/** Puts a copy of `src` at the live path the only safe way: a temp name beside it, then rename. */
function renameInto(bytes: Uint8Array): void {
  const tmp = path.join(dir, `incoming-${Math.random().toString(36).slice(2)}`);
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, live);
}

async function builtAt(): Promise<{ status: number; built_at?: string; error?: string }> {
  const r = await t.fetch("/v1/zone/stats", { key: key() });
  return { status: r.status, ...(await r.json()) };
}

async function waitFor(builtAtWanted: string, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if ((await builtAt()).built_at === builtAtWanted) return;
    await Bun.sleep(50);
  }
  throw new Error(`the server did not move to the index built at ${builtAtWanted}`);
}

beforeAll(async () => {
  for (const x of [A, B]) await buildIndex({ inputs: [{ label: x.file, domains: x.domains }], out: x.file, builtAt: new Date(x.builtAt) });
  t = await startTestServer({ ZW_ZONE_INDEX: live, ZW_WORKERS: "2" });
}, 60_000);
afterAll(async () => {
  await t?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("zone index swap", () => {
  test("no index: the zone endpoints answer 502 and charge nothing", async () => {
    const k = key();
    for (const r of [
      await t.fetch("/v1/zone/stats", { key: k }),
      await t.post("/v1/zone/count", { term: "name" }, k),
      await t.post("/v1/zone/lookup", { domains: ["name1.com"] }, k),
    ]) {
      expect(r.status).toBe(502);
      expect((await r.json()).error).toContain("zone index is not available");
      expect(r.headers.get("x-credits-charged")).toBeNull();
    }
    expect((await (await t.fetch("/v1/usage", { key: k })).json()).credits_used).toBe(0);
  });

  test("a good file renamed into place is picked up by the watcher", async () => {
    renameInto(fs.readFileSync(A.file));
    await waitFor(A.builtAt);
    const r = await t.post("/v1/zone/lookup", { domains: ["name0.com", "name1.nu"] }, key());
    expect((await r.json()).results.map((x: { registered: boolean }) => x.registered)).toEqual([true, false]);
  });

  test("truncated, corrupt and foreign files are refused; the old index keeps serving", () => {
    const zone = zoneServiceOf(t.server.services)!;
    const good = fs.readFileSync(B.file);
    const flipped = Buffer.from(good);
    flipped[8192 + 3] ^= 0x55; // inside a section: only the full checksum pass sees it
    for (const bad of [good.subarray(0, good.length >> 1), flipped, Buffer.from("not an index at all\n")]) {
      renameInto(bad);
      expect(zone.reload()).toBe(false);
      expect(zone.current()!.builtAt).toBe(A.builtAt);
    }
  });

  test("a check in slices: the same verdicts as the check in one go, whatever the slice", async () => {
    const zone = zoneServiceOf(t.server.services)!;
    const now = zone.current()!.builtAt;
    const good = fs.readFileSync(now === A.builtAt ? B.file : A.file);
    const flipped = Buffer.from(good);
    flipped[8192 + 3] ^= 0x55;
    renameInto(flipped);
    expect(await zone.reloadInBackground()).toBe(false);
    expect(zone.current()!.builtAt).toBe(now);
    renameInto(good);
    await waitFor(now === A.builtAt ? B.builtAt : A.builtAt); // the watcher's check, or this one
    // a crc32 continued slice by slice equals the whole section's: every slicing accepts the
    // good file, rejects the flipped one, and yields once per slice
    const file = path.join(dir, "sliced.idx");
    for (const [bytes, verdict] of [
      [good, null],
      [flipped, expect.stringContaining("checksum mismatch")],
    ] as const) {
      fs.writeFileSync(file, bytes);
      const h = readHeader(file);
      for (const slice of [8, 4097, 7 << 20]) {
        let yields = 0;
        let wanted = 0;
        for (const s of h.sections.values()) wanted += Math.ceil(s.length / slice);
        const steps = verifySectionSteps(file, h, undefined, slice);
        for (let r = steps.next(); ; r = steps.next()) {
          if (r.done) {
            expect(r.value).toEqual(verdict);
            break;
          }
          yields++;
        }
        if (verdict === null) expect(yields).toBe(wanted);
      }
    }
  });

  test("a record naming no extension, checksums intact, is refused by open and by both checks", async () => {
    const zone = zoneServiceOf(t.server.services)!;
    const now = zone.current()!.builtAt;
    const other = now === A.builtAt ? B : A;
    const bytes = Buffer.from(fs.readFileSync(other.file));
    const prex = readHeader(other.file).sections.get("PREX")!;
    expect(prex.length).toBeGreaterThan(0);
    bytes.writeUInt16LE(0xfff0, prex.offset + (prex.length >> 2) * 2); // a record in the middle
    // the section's crc32 and the header's recomputed: only the structure check can tell
    const sections = bytes.readUInt32LE(48);
    for (let i = 0; i < sections; i++) {
      const o = 128 + 32 * i;
      if (bytes.toString("latin1", o, o + 4) === "PREX")
        bytes.writeUInt32LE(Bun.hash.crc32(bytes.subarray(prex.offset, prex.offset + prex.length)) >>> 0, o + 24);
    }
    bytes.writeUInt32LE(0, 60);
    bytes.writeUInt32LE(Bun.hash.crc32(bytes.subarray(0, 128 + 32 * sections)) >>> 0, 60);
    const file = path.join(dir, "bad-record.idx");
    fs.writeFileSync(file, bytes);
    expect(() => ZoneIndex.open(file)).toThrow(/precomputed record \d+ names extension 65520 of \d+; rebuild the index/);
    const later = ZoneIndex.open(file, { checkLater: true });
    expect(later.verify()).toMatch(/precomputed record \d+ names extension 65520/);
    later.close();
    for (const check of [() => zone.reload(), () => zone.reloadInBackground()]) {
      renameInto(bytes);
      expect(await check()).toBe(false);
      expect(zone.current()!.builtAt).toBe(now);
      expect((await builtAt()).built_at).toBe(now);
    }
    await Bun.sleep(300); // the watcher's own check of the last one, had it been running, is over too
    expect((await builtAt()).built_at).toBe(now);
    renameInto(fs.readFileSync(other.file));
    await waitFor(other.builtAt);
  });

  test("lookups in flight during repeated swaps each answer from one whole index", async () => {
    const names = Array.from({ length: 5000 }, (_, i) => `name${i}.${["com", "nu", "co.uk"][Math.floor(i / 2) % 3]}`);
    const expected = (built: string) => names.map((_, i) => (i % 2 === 0) === (built === A.builtAt));
    const requests: Promise<Response>[] = [];
    for (let round = 0; round < 6; round++) {
      const next = round % 2 === 0 ? B : A;
      renameInto(fs.readFileSync(next.file));
      await waitFor(next.builtAt);
      // sent while earlier ones are still running on the workers, against the index just swapped in
      for (let j = 0; j < 3; j++) requests.push(t.post("/v1/zone/lookup", { domains: names }, key()));
    }
    const seen = new Set<string>();
    for (const r of await Promise.all(requests)) {
      const body = await r.json();
      expect({ status: r.status, error: body.error }).toEqual({ status: 200, error: undefined });
      seen.add(body.index_built_at);
      expect(body.results.map((x: { registered: boolean }) => x.registered)).toEqual(expected(body.index_built_at));
    }
    expect(seen.size).toBe(2);
    await waitFor(A.builtAt);
  }, 30_000);

  test("a check that fails of itself (not a finding about the file) lets the candidate go: no link left, the old index serves", async () => {
    const own = tempDir("zw-swap-holder-");
    const at = path.join(own, "zone.idx");
    fs.copyFileSync(A.file, at);
    const holder = new ZoneIndexHolder({ path: at, pollMs: 0, watch: false });
    const links = () => fs.readdirSync(own).filter((n) => n.includes(".serving-"));
    const verifySteps = ZoneIndex.prototype.verifySteps;
    try {
      expect(holder.current?.builtAt).toBe(A.builtAt); // opened by the constructor
      expect(links()).toHaveLength(1);
      fs.copyFileSync(B.file, path.join(own, "next"));
      fs.renameSync(path.join(own, "next"), at);
      ZoneIndex.prototype.verifySteps = function* () {
        yield;
        throw new Error("disk read failed");
      };
      expect(await holder.reloadInBackground()).toBe(false);
      expect(links()).toHaveLength(1); // the candidate's link went with it
      expect(holder.current?.builtAt).toBe(A.builtAt);
      ZoneIndex.prototype.verifySteps = verifySteps;
      expect(await holder.reloadInBackground()).toBe(true); // retried: the failure was not the file's
      expect(holder.current?.builtAt).toBe(B.builtAt);
    } finally {
      ZoneIndex.prototype.verifySteps = verifySteps;
      holder.close();
      fs.rmSync(own, { recursive: true, force: true });
    }
  });
});
