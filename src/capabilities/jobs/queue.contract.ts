/**
 * The JobQueue contract (queue.ts), as one test suite every implementation runs:
 * sqlite-queue.test.ts and memory-queue.test.ts call `queueContract` with their own queue.
 * A new implementation (PostgreSQL) passes this suite before the service may use it.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { JOB_TYPES, type JobType } from "../../operations.ts";
import type { SyncUsageStore as UsageStore } from "../../store/types.ts";
import type { AdmitChecks, JobQueue, NewJob } from "./queue.ts";

export interface QueueUnderTest {
  queue: JobQueue;
  usage: UsageStore;
  /** Two keys the queue may hold jobs of; the first has webhook secret `secret`. */
  keys: [number, number];
  secret: string;
  close(): void;
}

const DAY = "2026-11-24";
const T0 = 1_000_000;
const LEASE = 30_000;
const QUOTA = 1_000_000;

/** Checks that let everything in (replay a live idempotency key). */
const open: AdmitChecks = {
  replay: () => true,
  inFlight: () => {},
  lane: () => {},
  quotaRefused: (used) => {
    throw new Error(`quota refused at ${used}`);
  },
};

export function queueContract(name: string, make: () => QueueUnderTest): void {
  describe(`JobQueue contract: ${name}`, () => {
    let current: QueueUnderTest | null = null;
    afterEach(() => {
      current?.close();
      current = null;
    });
    const setup = () => {
      const t = (current = make());
      let n = 0;
      let created = T0;
      const newJob = (o: Partial<NewJob> & { type?: JobType } = {}): NewJob => {
        const type = o.type ?? "appraise";
        const total = o.total ?? 100;
        return {
          id: o.id ?? `job_${name.replace(/\W/g, "")}${++n}`,
          key_id: o.key_id ?? t.keys[0],
          type,
          total,
          options: o.options ?? "{}",
          chunk_size: o.chunk_size ?? 10,
          usage_key: JOB_TYPES[type].usageKey,
          usage_day: DAY,
          credits_reserved: o.credits_reserved ?? JOB_TYPES[type].cost({ items: total }),
          created: o.created ?? created++,
          deadline: o.deadline ?? T0 + 3_600_000,
          idem_key: o.idem_key ?? null,
          idem_hash: o.idem_hash ?? null,
          callback_url: o.callback_url ?? null,
        };
      };
      const add = (o: Partial<NewJob> = {}) => t.queue.admit(newJob(o), QUOTA, open).row;
      const used = (key = t.keys[0]) => t.usage.get(key, DAY).used;
      const lease = (owner: string, expires = T0 + LEASE) => ({ owner, token: `${owner}-token`, expires });
      const finishOpts = { ttlMs: 60_000, callbackDelayMs: 5_000 };
      return { ...t, q: t.queue, newJob, add, used, lease, finishOpts };
    };

    test("admit inserts a queued job and reserves its credits in one step", () => {
      const t = setup();
      const row = t.add({ total: 40 });
      expect(row.status).toBe("queued");
      expect(row.done).toBe(0);
      expect(row.credits_reserved).toBe(40);
      expect(row.credits_refunded).toBe(0);
      expect(t.used()).toBe(40);
      expect(t.q.get(row.id)).toEqual(row);
      expect(t.q.namesInFlight(t.keys[0])).toBe(40);
      expect(t.q.keyFigures(t.keys[0]).namesInFlight).toBe(40);
    });

    test("a refusal at any check leaves no job and no charge", () => {
      const t = setup();
      t.add({ total: 10 });
      const refusals: [string, Partial<AdmitChecks>][] = [
        [
          "in flight",
          {
            inFlight: () => {
              throw new Error("cap");
            },
          },
        ],
        [
          "lane",
          {
            lane: () => {
              throw new Error("horizon");
            },
          },
        ],
      ];
      for (const [why, check] of refusals) {
        const j = t.newJob({ total: 30 });
        expect(() => t.q.admit(j, QUOTA, { ...open, ...check }), why).toThrow();
        expect(t.q.get(j.id), why).toBeNull();
        expect(t.used(), why).toBe(10);
      }
      const j = t.newJob({ total: 30 });
      let seen = -1;
      expect(() =>
        t.q.admit(j, 35, {
          ...open,
          quotaRefused: (u) => {
            seen = u;
            throw new Error("quota");
          },
        }),
      ).toThrow("quota");
      expect(seen).toBe(10);
      expect(t.q.get(j.id)).toBeNull();
      expect(t.used()).toBe(10);
      expect(t.q.namesInFlight(t.keys[0])).toBe(10);
      expect(t.q.lane("appraise").map((e) => e.total)).toEqual([10]);
    });

    test("the checks see the key's names in flight before the insert and the lane with the new job", () => {
      const t = setup();
      t.add({ total: 7 });
      t.add({ total: 5, key_id: t.keys[1] });
      const j = t.newJob({ total: 3 });
      let inFlight = -1;
      let lane: string[] = [];
      t.q.admit(j, QUOTA, { ...open, inFlight: (n) => (inFlight = n), lane: (l) => (lane = l.map((e) => e.id)) });
      expect(inFlight).toBe(7);
      expect(lane).toContain(j.id);
      expect(lane.length).toBe(3);
    });

    test("idempotency: a replay inserts nothing; a forgotten key lets a new job take it; keys are per API key", () => {
      const t = setup();
      const first = t.add({ idem_key: "k", idem_hash: "h1", total: 10 });
      const again = t.q.admit(t.newJob({ idem_key: "k", idem_hash: "h1", total: 10 }), QUOTA, open);
      expect(again.replayed).toBe(true);
      expect(again.row.id).toBe(first.id);
      expect(t.used()).toBe(10);
      expect(() =>
        t.q.admit(t.newJob({ idem_key: "k", idem_hash: "h2" }), QUOTA, {
          ...open,
          replay: () => {
            throw new Error("409");
          },
        }),
      ).toThrow("409");
      expect(t.used()).toBe(10);
      // the other API key's "k" is another job
      const other = t.q.admit(t.newJob({ key_id: t.keys[1], idem_key: "k", idem_hash: "h1", total: 10 }), QUOTA, open);
      expect(other.replayed).toBe(false);
      expect(t.q.byIdempotencyKey(t.keys[1], "k")!.id).toBe(other.row.id);
      // too old: forgotten, a new job takes the key
      const fresh = t.q.admit(t.newJob({ idem_key: "k", idem_hash: "h3", total: 10 }), QUOTA, { ...open, replay: () => false });
      expect(fresh.replayed).toBe(false);
      expect(fresh.row.id).not.toBe(first.id);
      expect(t.q.byIdempotencyKey(t.keys[0], "k")!.id).toBe(fresh.row.id);
      expect(t.q.get(first.id)!.idem_key).toBeNull();
      t.q.forgetIdempotencyKey(fresh.row.id);
      expect(t.q.byIdempotencyKey(t.keys[0], "k")).toBeNull();
    });

    test("claims are exclusive; an expired lease lets another owner claim; force takes a dead holder's", () => {
      const t = setup();
      const j = t.add();
      expect(t.q.claim(j.id, t.lease("a"), T0)).toBe(true);
      const running = t.q.get(j.id)!;
      expect(running.status).toBe("running");
      expect(running.started).toBe(T0);
      expect(running.lease_owner).toBe("a");
      expect(t.q.running().map((r) => r.id)).toEqual([j.id]);
      expect(t.q.claim(j.id, t.lease("b"), T0 + 1)).toBe(false);
      expect(t.q.renew(j.id, "b-token", T0 + 2 * LEASE)).toBe(false);
      expect(t.q.renew(j.id, "a-token", T0 + 2 * LEASE)).toBe(true);
      expect(t.q.claim(j.id, t.lease("b"), T0 + LEASE + 1)).toBe(false); // renewed
      expect(t.q.claim(j.id, t.lease("b", T0 + 4 * LEASE), T0 + 2 * LEASE + 1)).toBe(true);
      const taken = t.q.get(j.id)!;
      expect(taken.lease_owner).toBe("b");
      expect(taken.started).toBe(T0); // the first start stays
      expect(t.q.renew(j.id, "a-token", T0 + 9 * LEASE)).toBe(false);
      expect(t.q.claim(j.id, t.lease("c"), T0 + 2 * LEASE + 2, true)).toBe(true);
      expect(t.q.get(j.id)!.lease_owner).toBe("c");
      // renewing to 0 hands the job back at once
      expect(t.q.renew(j.id, "c-token", 0)).toBe(true);
      expect(t.q.claim(j.id, t.lease("d"), T0 + 2 * LEASE + 3)).toBe(true);
    });

    test("a chunk is committed only by the lease holder, only at done, and never counted twice", () => {
      const t = setup();
      const j = t.add({ total: 30 });
      const chunk = (row_start: number, offset: number) => ({ row_start, rows: 10, offset, bytes: 100 });
      expect(t.q.commitChunk(j.id, "a-token", chunk(0, 0), 0)).toBe(false); // queued: nobody holds it
      t.q.claim(j.id, t.lease("a"), T0);
      expect(t.q.commitChunk(j.id, "b-token", chunk(0, 0), 0)).toBe(false);
      expect(t.q.commitChunk(j.id, "a-token", chunk(10, 0), 0)).toBe(false); // not at done
      expect(t.q.commitChunk(j.id, "a-token", chunk(0, 0), 2)).toBe(true);
      expect(t.q.commitChunk(j.id, "a-token", chunk(0, 100), 2)).toBe(false); // the same chunk again
      expect(t.q.commitChunk(j.id, "a-token", chunk(10, 100), 1)).toBe(true);
      const r = t.q.get(j.id)!;
      expect([r.done, r.errors, r.results_bytes]).toEqual([20, 3, 200]);
      expect(t.q.chunksFrom(j.id, 0)).toEqual([chunk(0, 0), chunk(10, 100)]);
      expect(t.q.chunksFrom(j.id, 15)).toEqual([chunk(10, 100)]);
      expect(t.q.chunksFrom(j.id, 20)).toEqual([]);
      expect(t.q.namesInFlight(t.keys[0])).toBe(10);
      expect(t.q.keyFigures(t.keys[0])).toEqual({ namesInFlight: 10, storageBytes: 200 });
      // a lease taken over: the old holder's late chunk is refused
      t.q.claim(j.id, t.lease("b", T0 + 9 * LEASE), T0 + 2 * LEASE);
      expect(t.q.commitChunk(j.id, "a-token", chunk(20, 200), 0)).toBe(false);
      expect(t.q.commitChunk(j.id, "b-token", chunk(20, 200), 0)).toBe(true);
      expect(t.q.get(j.id)!.done).toBe(30);
    });

    test("a final state is reached once, refunding what was not earned: charged = reserved - refunded", () => {
      const t = setup();
      const j = t.add({ total: 30 }); // appraise: 1 credit a name
      t.q.claim(j.id, t.lease("a"), T0);
      t.q.commitChunk(j.id, "a-token", { row_start: 0, rows: 10, offset: 0, bytes: 50 }, 3);
      let bodies = 0;
      const fin = t.q.finish(j.id, "partial", T0 + 10, { ...t.finishOpts, failure: "why", body: () => `b${++bodies}` })!;
      expect(fin.status).toBe("partial");
      expect(fin.finished).toBe(T0 + 10);
      expect(fin.expires_at).toBe(T0 + 10 + 60_000);
      expect(fin.partial).toBe(1);
      expect(fin.failure).toBe("why");
      expect(fin.lease_token).toBeNull();
      expect(fin.credits_refunded).toBe(30 - 7);
      expect(fin.credits_reserved - fin.credits_refunded).toBe(JOB_TYPES.appraise.cost({ items: 7 }));
      expect(t.used()).toBe(7);
      expect(bodies).toBe(0); // no callback URL: no body
      expect(t.q.finish(j.id, "succeeded", T0 + 20, t.finishOpts)).toBeNull();
      expect(t.q.finish(j.id, "cancelled", T0 + 20, t.finishOpts)).toBeNull();
      expect(t.used()).toBe(7);
      expect(t.q.get(j.id)!.status).toBe("partial");
      expect(t.q.claim(j.id, t.lease("b"), T0 + 9 * LEASE, true)).toBe(false);
      expect(t.q.commitChunk(j.id, "a-token", { row_start: 10, rows: 10, offset: 50, bytes: 50 }, 0)).toBe(false);
      expect(t.q.namesInFlight(t.keys[0])).toBe(0);
      // a queued job cancelled: everything back; zone_lookup's cost with include_counts
      const z = t.add({ type: "zone_lookup", total: 25, options: JSON.stringify({ include_counts: true }), credits_reserved: 6 });
      expect(t.used()).toBe(13);
      const c = t.q.finish(z.id, "cancelled", T0 + 30, t.finishOpts)!;
      expect([c.credits_refunded, c.partial]).toEqual([6, 0]);
      expect(t.used()).toBe(7);
    });

    test("cancel is asked of a running job only", () => {
      const t = setup();
      const j = t.add();
      expect(t.q.requestCancel(j.id)).toBe(false);
      t.q.claim(j.id, t.lease("a"), T0);
      expect(t.q.requestCancel(j.id)).toBe(true);
      expect(t.q.get(j.id)!.cancel_requested).toBe(1);
    });

    test("a callback is due once per final state, each attempt counted once", () => {
      const t = setup();
      const j = t.add({ callback_url: "https://example.test/hook" });
      const plain = t.add();
      expect(t.q.get(j.id)!.callback_status).toBe("pending");
      expect(t.q.get(plain.id)!.callback_status).toBeNull();
      expect(t.q.callbacksDue(T0 + 9 * LEASE)).toEqual([]);
      const fin = t.q.finish(j.id, "cancelled", T0 + 100, { ...t.finishOpts, body: (r) => `{"status":"${r.status}"}` })!;
      t.q.finish(plain.id, "cancelled", T0 + 100, t.finishOpts);
      expect(fin.callback_body).toBe('{"status":"cancelled"}');
      expect(fin.callback_event).toBe("job.cancelled");
      expect(fin.callback_next_at).toBe(T0 + 100 + 5_000);
      expect(t.q.callbacksDue(T0 + 100 + 4_999)).toEqual([]);
      expect(t.q.callbacksDue(T0 + 100 + 5_000).map((r) => r.id)).toEqual([j.id]);
      expect(t.q.takeCallbackAttempt(j.id, 0, T0 + 100_000)).toBe(true);
      expect(t.q.takeCallbackAttempt(j.id, 0, T0 + 100_000)).toBe(false); // another sender counted it
      expect(t.q.get(j.id)!.callback_attempts).toBe(1);
      expect(t.q.callbacksDue(T0 + 99_999)).toEqual([]);
      t.q.setCallbackState(j.id, "retrying", 1, "HTTP 500", T0 + 200_000);
      expect(t.q.callbacksDue(T0 + 200_000).map((r) => r.id)).toEqual([j.id]);
      t.q.setCallbackState(j.id, "delivered", 2, null, null);
      expect(t.q.callbacksDue(T0 + 9e9)).toEqual([]);
      expect(t.q.takeCallbackAttempt(j.id, 2, T0)).toBe(false);
      expect(t.q.finish(j.id, "failed", T0 + 300, t.finishOpts)).toBeNull(); // no second final state, no new callback
      expect(t.q.callbacksDue(T0 + 9e9)).toEqual([]);
      expect(t.q.webhookSecret(t.keys[0])).toBe(t.secret);
    });

    test("lanes: running first, then the keys in turn, the key served longest ago first; positions follow", () => {
      const t = setup();
      const [A, B] = t.keys;
      const a1 = t.add({ key_id: A, total: 10 }).id;
      const a2 = t.add({ key_id: A, total: 20 }).id;
      const a3 = t.add({ key_id: A, total: 30 }).id;
      const b1 = t.add({ key_id: B, total: 40 }).id;
      const z1 = t.add({ key_id: B, type: "zone_lookup", total: 50 }).id;
      const order = () => t.q.lane("appraise").map((e) => e.id);
      expect(order()).toEqual([a1, b1, a2, a3]);
      expect(t.q.lane("zone_lookup").map((e) => e.id)).toEqual([z1]);
      expect(t.q.lane("categorize")).toEqual([]);
      // A's first job starts: A was served now, so B's first goes before A's second
      t.q.claim(a1, t.lease("r"), T0 + 1);
      expect(order()).toEqual([a1, b1, a2, a3]);
      expect(t.q.lane("appraise")[0]).toEqual({ id: a1, key_id: A, total: 10, done: 0, status: "running" });
      t.q.finish(a1, "succeeded", T0 + 2, t.finishOpts);
      t.q.claim(b1, t.lease("r"), T0 + 3);
      // B served after A: A's second comes first among the queued
      t.q.finish(b1, "succeeded", T0 + 4, t.finishOpts);
      const b2 = t.add({ key_id: B, total: 5 }).id;
      expect(order()).toEqual([a2, b2, a3]);
      t.q.claim(a2, t.lease("r"), T0 + 5);
      expect(order()).toEqual([a2, b2, a3]);
      expect(t.q.lane("appraise").map((e) => e.status)).toEqual(["running", "queued", "queued"]);
    });

    test("list: newest first, by cursor, filtered; housekeeping removes files, then rows", () => {
      const t = setup();
      const ids = [1, 2, 3, 4].map((i) => t.add({ created: T0 + i, total: 10 }).id);
      const other = t.add({ key_id: t.keys[1], created: T0 + 9 }).id;
      const page = t.q.list(t.keys[0], { limit: 2, listedSince: 0 });
      expect(page.map((r) => r.id)).toEqual([ids[3], ids[2]]);
      const last = page[1]!;
      expect(t.q.list(t.keys[0], { limit: 5, listedSince: 0, after: { created: last.created, rowid: last.rid } }).map((r) => r.id)).toEqual([ids[1], ids[0]]);
      t.q.claim(ids[0]!, t.lease("a"), T0);
      t.q.commitChunk(ids[0]!, "a-token", { row_start: 0, rows: 10, offset: 0, bytes: 70 }, 0);
      t.q.finish(ids[0]!, "succeeded", T0 + 50, t.finishOpts);
      expect(t.q.list(t.keys[0], { limit: 9, listedSince: 0, status: "succeeded" }).map((r) => r.id)).toEqual([ids[0]]);
      expect(t.q.list(t.keys[0], { limit: 9, listedSince: 0, status: "queued" }).length).toBe(3);
      expect(t.q.list(t.keys[0], { limit: 9, listedSince: 0, type: "zone_lookup" })).toEqual([]);
      expect(t.q.list(t.keys[0], { limit: 9, listedSince: T0 + 51 }).length).toBe(3); // finished earlier: not listed
      expect(t.q.keyFigures(t.keys[0]).storageBytes).toBe(70);
      // overdue: queued past the deadline
      expect(
        t.q
          .overdue(T0 + 3_600_000)
          .map((r) => r.id)
          .sort(),
      ).toEqual([ids[1], ids[2], ids[3], other].sort());
      expect(t.q.overdue(T0 + 3_599_999)).toEqual([]);
      // files due at expires_at, then removed: bytes 0, chunks gone, reported expired
      expect(t.q.filesDue(T0 + 50 + 59_999)).toEqual([]);
      expect(t.q.filesDue(T0 + 50 + 60_000).map((r) => r.id)).toEqual([ids[0]]);
      t.q.markFilesRemoved(ids[0]!, T0 + 70_000);
      const gone = t.q.get(ids[0]!)!;
      expect([gone.files_removed_at, gone.results_bytes]).toEqual([T0 + 70_000, 0]);
      expect(t.q.chunksFrom(ids[0]!, 0)).toEqual([]);
      expect(t.q.keyFigures(t.keys[0]).storageBytes).toBe(0);
      expect(t.q.filesDue(T0 + 9e9)).toEqual([]);
      expect(t.q.list(t.keys[0], { limit: 9, listedSince: 0, status: "expired" }).map((r) => r.id)).toEqual([ids[0]]);
      expect(t.q.list(t.keys[0], { limit: 9, listedSince: 0, status: "succeeded" })).toEqual([]);
      // purge: finished before the cutoff with files gone
      expect(t.q.purge(T0 + 50)).toEqual([]);
      expect(t.q.purge(T0 + 51)).toEqual([ids[0]]);
      expect(t.q.get(ids[0]!)).toBeNull();
    });

    test("purge keeps a job whose callback is still being delivered", () => {
      const t = setup();
      const j = t.add({ callback_url: "https://example.test/hook" });
      t.q.finish(j.id, "cancelled", T0, t.finishOpts);
      t.q.markFilesRemoved(j.id, T0 + 1);
      expect(t.q.purge(T0 + 9e9)).toEqual([]);
      t.q.setCallbackState(j.id, "gave_up", 6, "no", null);
      expect(t.q.purge(T0 + 9e9)).toEqual([j.id]);
    });

    test("lane rates persist per type", () => {
      const t = setup();
      expect(t.q.laneRate("categorize")).toBeNull();
      t.q.setLaneRate("categorize", 1234.5);
      t.q.setLaneRate("categorize", 2345.5);
      expect(t.q.laneRate("categorize")).toBe(2345.5);
      expect(t.q.laneRate("appraise")).toBeNull();
    });

    test("rows handed out are copies: changing one changes nothing stored", () => {
      const t = setup();
      const j = t.add();
      const r = t.q.get(j.id)!;
      r.status = "succeeded";
      r.done = 99;
      expect(t.q.get(j.id)!.status).toBe("queued");
      expect(t.q.get(j.id)!.done).toBe(0);
    });
  });
}
