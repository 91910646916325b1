/**
 * bench/zone-swap: what the requests served during an index swap wait (the target: the nightly
 * rebuild must not stall the API).
 *
 *   node scripts/bun.cjs run bench/zone-swap/run.ts --index FILE [--rounds 2] [--conns 2] [--settle 20] [--derive 12]
 *
 * Starts the real server (through the launcher, as `npm start` does) on a link to FILE, lets
 * it settle, then keeps `conns` connections busy with zone/count (answered by the main
 * thread, the one that checks a new file) over a fixed set of terms, one request every 5 ms
 * on each. Each round renames a
 * second copy of the index over the served path, as a nightly build does; the watcher sees
 * it, checks it in slices and swaps it in, then the new index's derived structures are built
 * in slices. Then the peer: SIGUSR2 makes the server run the check in one go (open
 * the file in use and crc32 every section, in one go on the serving thread). Every request
 * is timed and put in the windows it overlaps: before, checking (rename to swap), deriving
 * (swap to +derive s), and the one-go check. Prints count, p50, p99 and max per window and
 * the ratio of the worst wait under the one-go check to the worst under the sliced one.
 * Both files stay in the page cache (each is read through before its round), as a file the
 * builder has just written is.
 */
import fs from "node:fs";
import path from "node:path";
import { arg } from "../support/args.ts";
import { spawnBenchServer } from "../support/spawn.ts";

const index = arg("index");
if (!index) throw new Error("usage: run.ts --index FILE [--rounds 2] [--conns 2] [--settle 20] [--derive 12]");
const rounds = Number(arg("rounds", "2"));
const conns = Number(arg("conns", "2"));
const settle = Number(arg("settle", "20"));
const deriveS = Number(arg("derive", "12"));

// a.idx: the index itself (a hard link where the file system allows); b.idx: a copy, another
// inode, so that renaming either over the served path is a change the watcher acts on
const dir = path.join(path.dirname(path.resolve(index)), `zone-swap-${process.pid}`);
fs.mkdirSync(dir);
const a = path.join(dir, "a.idx");
const b = path.join(dir, "b.idx");
const live = path.join(dir, "zone.idx");
try {
  fs.linkSync(index, a);
} catch {
  fs.copyFileSync(index, a);
}
console.error(`copying ${index} to ${b} ...`);
fs.copyFileSync(index, b);
fs.linkSync(a, live);
let serving = a;

/** Reads the file through (into the page cache) in another process, this one timing requests meanwhile. */
async function readThrough(file: string): Promise<void> {
  if ((await Bun.spawn(["cat", file], { stdout: "ignore" }).exited) !== 0) throw new Error(`cannot read ${file}`);
}

// zone/count allows 20 requests a minute a key: enough keys for 400 a second
const { proc, info, pid } = await spawnBenchServer<{ port: number; keys: string[] }>(path.join(import.meta.dir, "server.ts"), ["3000"], {
  env: { ZW_ZONE_INDEX: live, ZW_WORKERS: process.env.ZW_WORKERS ?? "2" },
  launcher: true,
});
const base = `http://127.0.0.1:${info.port}`;

// the server's event lines, each stamped when it arrives
type Event = { at: number; swapped?: string; checked?: number; problem?: string | null };
const events: Event[] = [];
void (async () => {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of proc.stdout as ReadableStream<Uint8Array>) {
    text += decoder.decode(chunk);
    for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n")) {
      const line = text.slice(0, nl);
      text = text.slice(nl + 1);
      if (line.startsWith("{")) events.push({ at: performance.now(), ...JSON.parse(line) });
    }
  }
})();
async function nextEvent(kind: "swapped" | "checked", after: number, timeoutMs = 300_000): Promise<Event> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    const e = events.find((x) => x.at >= after && x[kind] !== undefined);
    if (e) return e;
    if (performance.now() > end) throw new Error(`no "${kind}" event from the server in ${timeoutMs / 1000} s`);
    await Bun.sleep(5);
  }
}

console.error(`server up on ${base}; settling ${settle} s`);
await Bun.sleep(settle * 1000);

// the load: zone/count over a fixed set of terms, positions and filters, a request started
// every PACE_MS on each connection (or as soon as the previous one ends, when it is late)
const PACE_MS = 5;
const TERMS = ["shop", "best", "cloud", "pizza", "media", "travel", "home", "tech", "green", "law", "art", "data"];
const POSITIONS = ["contains", "starts", "ends"];
const done: { start: number; end: number }[] = [];
const failures = new Map<string, number>();
let failed = 0;
let stop = false;
let k = 0;
async function loop(w: number): Promise<void> {
  for (let i = w; !stop; i++) {
    const body = {
      term: TERMS[i % TERMS.length],
      position: POSITIONS[Math.floor(i / TERMS.length) % 3],
      ...(i % 3 === 0 ? { tlds: ["com", "net", "co.uk"] } : {}),
    };
    const start = performance.now();
    const r = await fetch(`${base}/v1/zone/count`, {
      method: "POST",
      headers: { authorization: `Bearer ${info.keys[k++ % info.keys.length]}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await r.text();
    const end = performance.now();
    if (r.status !== 200) {
      failed++;
      const why = `${r.status}: ${text.slice(0, 120)}`;
      failures.set(why, (failures.get(why) ?? 0) + 1);
    }
    done.push({ start, end });
    if (end - start < PACE_MS) await Bun.sleep(PACE_MS - (end - start));
  }
}
const loops = Array.from({ length: conns }, (_, w) => loop(w));

type Window = { label: string; from: number; to: number };
const windows: Window[] = [];
const checkMs: { sliced: number[]; oneGo: number[] } = { sliced: [], oneGo: [] };
for (let r = 0; r < rounds; r++) {
  const next = serving === a ? b : a;
  await readThrough(next);
  await Bun.sleep(5000);
  const t0 = performance.now();
  windows.push({ label: "before", from: t0 - 5000, to: t0 });
  const tmp = path.join(dir, "incoming");
  fs.linkSync(next, tmp);
  // renamed by another process: a rename over a file whose data is not yet on disk can block
  // for a second (ext4 flushes it first), and this process's clock must keep timing requests
  const mv = Bun.spawn(["mv", "-f", tmp, live]);
  if ((await mv.exited) !== 0) throw new Error(`mv ${tmp} ${live} failed`);
  const swapped = await nextEvent("swapped", t0);
  serving = next;
  checkMs.sliced.push(swapped.at - t0);
  windows.push({ label: "checking (sliced)", from: t0, to: swapped.at });
  windows.push({ label: "deriving (sliced)", from: swapped.at, to: swapped.at + deriveS * 1000 });
  await Bun.sleep(deriveS * 1000 + 3000);
  const t2 = performance.now();
  process.kill(pid, "SIGUSR2");
  const checked = await nextEvent("checked", t2);
  if (checked.problem) throw new Error(`the one-go check found a problem: ${checked.problem}`);
  checkMs.oneGo.push(checked.checked!);
  windows.push({ label: "checking (one go)", from: t2, to: checked.at });
  await Bun.sleep(3000);
}
stop = true;
await Promise.all(loops);
process.kill(pid, "SIGTERM");
await proc.exited;
fs.rmSync(dir, { recursive: true, force: true });

const quantile = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;
const summary = new Map<string, number[]>();
for (const w of windows) {
  const ms = summary.get(w.label) ?? [];
  for (const d of done) if (d.end >= w.from && d.start <= w.to) ms.push(d.end - d.start);
  summary.set(w.label, ms);
}
console.log(
  `bench/zone-swap: ${path.basename(index)} (${(fs.statSync(index).size / 2 ** 20).toFixed(0)} MB), ${rounds} swaps, ${conns} connections of zone/count, ZW_WORKERS=${process.env.ZW_WORKERS ?? "2"}; non-200: ${failed}`,
);
for (const [why, n] of failures) console.log(`  ${n} x ${why}`);
console.log(
  `rename to swap (sliced check): ${checkMs.sliced.map((x) => `${(x / 1000).toFixed(2)} s`).join(", ")}; one-go check: ${checkMs.oneGo.map((x) => `${(x / 1000).toFixed(2)} s`).join(", ")}`,
);
console.log(`window                 requests     p50 ms     p99 ms     max ms`);
for (const [label, ms] of summary) {
  ms.sort((x, y) => x - y);
  console.log(
    `${label.padEnd(22)} ${String(ms.length).padStart(8)} ${quantile(ms, 0.5).toFixed(1).padStart(10)} ${quantile(ms, 0.99).toFixed(1).padStart(10)} ${(ms.at(-1) ?? NaN).toFixed(1).padStart(10)}`,
  );
}
const worst = (label: string) => summary.get(label)?.at(-1) ?? NaN;
console.log(`worst wait: one-go check / sliced check = ${(worst("checking (one go)") / worst("checking (sliced)")).toFixed(1)}x`);
if (failed > 0) process.exitCode = 1;
