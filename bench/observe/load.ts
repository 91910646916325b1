/**
 * Closed-loop HTTP load for bench/observe: C connections each send the next request when the
 * last answer arrives, for D seconds, taking the keys in turn (the per-key limits of a
 * metered endpoint stay the real ones, so a run spreads over many keys). Prints JSON figures.
 *   bun bench/observe/load.ts URL KEYS_FILE SECONDS CONNS [METHOD BODY]
 */
import fs from "node:fs";

const [url, keysFile, seconds = "3", conns = "32", method = "GET", body] = process.argv.slice(2);
const keys = fs.readFileSync(keysFile!, "utf8").trim().split("\n");
const inits = keys.map((k) => ({ method, body, headers: { authorization: `Bearer ${k}`, ...(body ? { "content-type": "application/json" } : {}) } }));
let next = 0;
const lat: number[] = [];
const statuses: Record<string, number> = {};
const end = performance.now() + Number(seconds) * 1000;
async function loop() {
  while (performance.now() < end) {
    const init = inits[next++ % inits.length]!;
    const t0 = performance.now();
    const r = await fetch(url!, init);
    await r.arrayBuffer();
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    lat.push(performance.now() - t0);
  }
}
const t0 = performance.now();
await Promise.all(Array.from({ length: Number(conns) }, loop));
const el = (performance.now() - t0) / 1000;
lat.sort((a, b) => a - b);
const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]!;
console.log(JSON.stringify({ rps: lat.length / el, p50: q(0.5), p99: q(0.99), n: lat.length, statuses }));
