/**
 * The pinger of bench/hostile, in its own process so the attack's body building cannot
 * delay it: GET /v1/ping one after another (10 ms apart) until SIGTERM or the given
 * seconds pass; prints one JSON line of every latency in ms with the time it was sent.
 */
const [url, key, seconds = "60"] = process.argv.slice(2);
const end = performance.now() + Number(seconds) * 1000;
const out: [number, number][] = [];
const stop = { now: false };
process.on("SIGTERM", () => (stop.now = true));
while (!stop.now && performance.now() < end) {
  const t0 = performance.now();
  try {
    const r = await fetch(`${url}/v1/ping`, { headers: { authorization: `Bearer ${key}` } });
    await r.arrayBuffer();
  } catch {
    // a refused connection counts as its time
  }
  out.push([Date.now(), performance.now() - t0]);
  await Bun.sleep(10);
}
console.log(JSON.stringify(out));
export {};
