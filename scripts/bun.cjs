#!/usr/bin/env node
// Launcher: runs the Bun binary that `npm install` brought in, so a machine with only
// Node.js and npm needs nothing else. If bun's postinstall was skipped, node_modules/.bin/bun
// is a placeholder; the real binary then sits in the platform package, which we find here.
"use strict";
const { spawn } = require("node:child_process");
const { constants } = require("node:os");
const { existsSync, statSync } = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const arch = process.arch === "arm64" ? "aarch64" : "x64";
const os = process.platform;
const candidates = [
  path.join(root, "node_modules", "bun", "bin", "bun.exe"),
  path.join(root, "node_modules", "@oven", `bun-${os}-${arch}`, "bin", "bun"),
  path.join(root, "node_modules", "@oven", `bun-${os}-${arch}-baseline`, "bin", "bun"),
  path.join(root, "node_modules", "@oven", `bun-${os}-${arch}-musl`, "bin", "bun"),
];
const bin = candidates.find((p) => existsSync(p));
if (!bin) {
  console.error("zonewise: the bun binary was not found under node_modules; run `npm install` first.");
  process.exit(1);
}
const env = { ...process.env };
if (!env.NODE_ENV) env.NODE_ENV = "production";
// JavaScriptCore lets a thread's heap grow to up to 3x its live size before it collects
// (heapGrowthMaxIncrease=2), and it counts an mmapped ArrayBuffer as live heap: every thread
// that maps a 608 MB zone index let over a gigabyte of garbage pile up beside it. 0.25 bounds
// the growth to a quarter of the live size (server under load: anonymous memory 537 -> 249 MB
// at 20 M domains), and a 128 MB floor under the heap's limit (largeHeapSize, 8 MB by
// default) keeps small heaps from collecting all the time (alone, 0.25 cost the in-process
// camelcase bench 10-25 %; with the floor it runs as fast as with JSC's default):
// bench/zone-memory/RESULTS.md. JSC reads its options only from the environment at start,
// hence here. An operator's own values win.
//
// The bound is a share of the live size, mapped index included, so 0.25 let a thread keep a
// quarter of the index as garbage: 725 MB a thread at 100 M domains (2.9 GB; a thread doing
// 5,000-name lookups reached 950 MB before collecting), three threads in a server. So the
// share is sized to the index the process will serve (ZW_ZONE_INDEX, or zone.idx in the data
// directory, as src/config.ts resolves them): about 64 MB of garbage a thread whatever the
// index, 0.25 at most (no index, or one under 256 MB). At 100 M: 0.023, and that thread's
// 1,500 lookups ran in 13.5 s instead of 14.3 with 108 MB at most instead of 909
// (bench/zone-memory/RESULTS.md). The values set here are marked (ZW_JSC_FROM_LAUNCHER), so
// that a launcher started from a process this one launched sizes them again for its own
// environment, while an operator's own values still win.
const GARBAGE_BYTES = 64 * 1024 * 1024;
function growthFor(e) {
  const file = path.resolve(e.ZW_ZONE_INDEX?.trim() || path.join(e.ZW_DATA_DIR?.trim() || "./data", "zone.idx"));
  let bytes = 0;
  try {
    bytes = statSync(file).size;
  } catch {
    // no index yet (the first start builds the small sample index)
  }
  return (bytes > 0 ? Math.min(0.25, Math.max(0.0001, GARBAGE_BYTES / bytes)) : 0.25).toFixed(4);
}
const JSC_DEFAULTS = { BUN_JSC_heapGrowthMaxIncrease: growthFor(env), BUN_JSC_largeHeapSize: String(128 * 1024 * 1024) };
const ours = new Set((env.ZW_JSC_FROM_LAUNCHER ?? "").split(",").filter(Boolean));
for (const [k, v] of Object.entries(JSC_DEFAULTS)) {
  if (env[k] && !ours.has(k)) continue; // the operator's own value
  env[k] = v;
  ours.add(k);
}
env.ZW_JSC_FROM_LAUNCHER = [...ours].join(",");
// The garbage a thread was sized for, so that the server can tell when an index it swaps in
// later makes the bound stale (src/zone-index/heap-bound.ts): JSC reads it only at start.
if (ours.has("BUN_JSC_heapGrowthMaxIncrease")) env.ZW_JSC_GARBAGE_BYTES = String(GARBAGE_BYTES);
// Bun runs as a child, and this process stands for it until it ends: a signal sent to the
// launcher (`kill <pid>`, a process manager's stop, SIGHUP to reload the zone index) goes on
// to Bun, and the launcher ends as Bun ended. Run synchronously, the launcher could not hear
// a signal: `kill` ended it alone and left the server running, an orphan holding the port.
// A terminal's Ctrl-C reaches both processes (one process group), so Bun may see SIGINT twice;
// `cli serve` stops once however many signals come.
const child = spawn(bin, process.argv.slice(2), { stdio: "inherit", env });
const FORWARDED = ["SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2"];
const forward = (sig) => {
  if (child.exitCode === null && child.signalCode === null) child.kill(sig);
};
for (const sig of FORWARDED) process.on(sig, forward);
child.on("error", (e) => {
  console.error(`zonewise: could not start bun: ${e.message}`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  if (signal === null) process.exit(code === null ? 1 : code);
  // Ended by a signal: end the same way, so that a parent sees what Bun saw.
  for (const sig of FORWARDED) process.removeAllListeners(sig);
  process.kill(process.pid, signal);
  // a signal that does not end a process by default still ends this one
  setTimeout(() => process.exit(128 + (constants.signals[signal] ?? 0)), 100).unref();
});
