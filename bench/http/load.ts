export {};
/**
 * A closed-loop HTTP load generator (used when wrk is not installed): C connections each
 * send the next request when the last answer arrives, for D seconds. Prints JSON figures.
 */
const [url, key, seconds = "5", conns = "32"] = process.argv.slice(2);
const headers = { authorization: `Bearer ${key}` };
const lat: number[] = [];
let errors = 0;
const end = performance.now() + Number(seconds) * 1000;
async function loop() {
  while (performance.now() < end) {
    const t0 = performance.now();
    const r = await fetch(url!, { headers });
    await r.arrayBuffer();
    if (r.status !== 200) errors++;
    lat.push(performance.now() - t0);
  }
}
const t0 = performance.now();
await Promise.all(Array.from({ length: Number(conns) }, loop));
const el = (performance.now() - t0) / 1000;
lat.sort((a, b) => a - b);
const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]!;
console.log(JSON.stringify({ rps: lat.length / el, p50: q(0.5), p99: q(0.99), errors, n: lat.length }));
