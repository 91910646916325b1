/**
 * bench/zone-memory/gc-growth.ts: how much garbage one JavaScriptCore thread lets pile up
 * beside a mapped file. Maps the first --map-mb MB of --file with Bun.mmap (touching one
 * byte), then allocates what a 5,000-name lookup allocates (5,000 strings, joined and split
 * again) --rounds times, and prints the anonymous memory of the process before and at its
 * peak, and the time taken. Nothing is kept between rounds: every byte above idle is garbage
 * waiting for a collection.
 *
 *   node scripts/bun.cjs run bench/zone-memory/gc-growth.ts --file INDEX [--map-mb 600] [--rounds 3000]
 *
 * Run it with BUN_JSC_heapGrowthMaxIncrease set to compare JSC's growth bound (the launcher,
 * scripts/bun.cjs, sets 0.25 unless the environment already has a value).
 */
import fs from "node:fs";
import { arg } from "../support/args.ts";

const file = arg("file");
if (!file) throw new Error("usage: gc-growth.ts --file FILE [--map-mb 600] [--rounds 3000]");
const mapMb = Number(arg("map-mb", "600"));
const rounds = Number(arg("rounds", "3000"));
const anonMb = () => Number(/RssAnon:\s+(\d+)/.exec(fs.readFileSync("/proc/self/status", "utf8"))![1]) / 1024;

const size = Math.min(mapMb * 1024 * 1024, fs.statSync(file).size);
const mapped = size > 0 ? Bun.mmap(file, { offset: 0, size, shared: false }) : null;
let touched = mapped ? mapped[0]! : 0;
Bun.gc(true);
const idle = anonMb();
let peak = idle;
const t0 = performance.now();
for (let i = 0; i < rounds; i++) {
  const names = Array.from({ length: 5000 }, (_, j) => `name${j}.${i}`);
  touched += names.join("\n").split("\n").length & 1;
  if (i % 50 === 0) peak = Math.max(peak, anonMb());
}
const ms = performance.now() - t0;
console.log(
  `mapped ${(size / 1024 / 1024).toFixed(0)} MB, BUN_JSC_heapGrowthMaxIncrease=${process.env.BUN_JSC_heapGrowthMaxIncrease ?? "(JSC default 2)"}: ` +
    `anonymous ${idle.toFixed(0)} MB idle, ${peak.toFixed(0)} MB peak; ${rounds} rounds in ${ms.toFixed(0)} ms (${touched})`,
);
