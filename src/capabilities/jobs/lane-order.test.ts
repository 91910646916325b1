/**
 * The order a lane takes its jobs in (store.lane): the keys in turn (docs/jobs.md: a key with
 * many queued jobs cannot starve others). The order has to remember whose turn it was: a
 * key whose job is running, or ran last, goes after a key not served since.
 */
import { afterEach, expect, test } from "bun:test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore } from "../../store/sqlite.ts";
import { SqliteJobQueue } from "./store.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function lane() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-lane-"));
  dirs.push(dir);
  const sqlite = openStore(dir);
  const store = new SqliteJobQueue(sqlite);
  const keys = [0, 1, 2, 3].map((i) => sqlite.keys.create(`k${i}`).record.id);
  let created = 1_000;
  const submit = (id: string, key: number) =>
    store.insert({
      id,
      key_id: keys[key]!,
      type: "appraise",
      total: 100,
      options: "{}",
      chunk_size: 10,
      usage_key: "appraise",
      usage_day: "2026-11-24",
      credits_reserved: 100,
      created: created++,
      deadline: 10_000_000,
      idem_key: null,
      idem_hash: null,
      callback_url: null,
    });
  /** Starts the lane's next queued job, as the runner does (the first queued entry). */
  const startNext = (now: number) => {
    const next = store.lane("appraise").find((e) => e.status === "queued")!;
    expect(store.claim(next.id, { owner: "test", token: `t${now}`, expires: now + 60_000 }, now)).toBe(true);
    return next.id;
  };
  const finish = (id: string) => store.db.run("UPDATE jobs SET status = 'succeeded', finished = 1 WHERE id = ?", [id]);
  const order = () => store.lane("appraise").map((e) => e.id);
  return { store, submit, startNext, finish, order };
}

test("a key with a running job and a backlog goes after a key not served yet", () => {
  const l = lane();
  l.submit("A1", 1);
  expect(l.startNext(5_000)).toBe("A1");
  for (const id of ["A2", "A3", "A4"]) l.submit(id, 1);
  l.submit("B1", 2);
  // B1 was submitted last, yet it goes first: A had its turn with A1
  expect(l.order()).toEqual(["A1", "B1", "A2", "A3", "A4"]);
});

test("the keys alternate as jobs start, whoever submitted first", () => {
  const l = lane();
  for (const id of ["A1", "A2", "A3"]) l.submit(id, 1);
  for (const id of ["B1", "B2"]) l.submit(id, 2);
  l.submit("C1", 3);
  expect(l.order()).toEqual(["A1", "B1", "C1", "A2", "B2", "A3"]);
  const started: string[] = [];
  for (let t = 10_000; started.length < 6; t += 1_000) {
    const id = l.startNext(t);
    started.push(id);
    l.finish(id);
  }
  expect(started).toEqual(["A1", "B1", "C1", "A2", "B2", "A3"]);
});

test("positions follow the same order (the running job is no queued job ahead)", () => {
  const l = lane();
  l.submit("A1", 1);
  l.startNext(5_000);
  l.submit("A2", 1);
  l.submit("B1", 2);
  const queued = l.store
    .lane("appraise")
    .filter((e) => e.status === "queued")
    .map((e) => e.id);
  expect(queued).toEqual(["B1", "A2"]);
});
