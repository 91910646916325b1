/**
 * Closed-loop HTTP load: `conns` connections each send the next request when the last answer
 * arrives, for `seconds`, taking the request inits in turn. Latencies in ms.
 */
export interface LoopFigures {
  rps: number;
  p50: number;
  p99: number;
  n: number;
  /** Answers per HTTP status. */
  statuses: Record<string, number>;
}

export async function closedLoop(url: string, inits: readonly RequestInit[], seconds: number, conns: number): Promise<LoopFigures> {
  let next = 0;
  const lat: number[] = [];
  const statuses: Record<string, number> = {};
  const end = performance.now() + seconds * 1000;
  async function loop() {
    while (performance.now() < end) {
      const init = inits[next++ % inits.length]!;
      const t0 = performance.now();
      const r = await fetch(url, init);
      await r.arrayBuffer();
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      lat.push(performance.now() - t0);
    }
  }
  const t0 = performance.now();
  await Promise.all(Array.from({ length: conns }, loop));
  const el = (performance.now() - t0) / 1000;
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]!;
  return { rps: lat.length / el, p50: q(0.5), p99: q(0.99), n: lat.length, statuses };
}
