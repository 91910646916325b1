/** Timing helpers and figures for the zone benchmark. */
import fs from "node:fs";

export interface Summary {
  median: number;
  p99: number;
  worst: number;
  samples: number;
}

/** Milliseconds of each call. */
export async function timeEach(n: number, f: () => unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await f();
    out.push(performance.now() - t0);
  }
  return out;
}

/** Nearest-rank percentiles. */
export function summarise(ms: number[]): Summary {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
  return { median: at(0.5), p99: at(0.99), worst: s[s.length - 1], samples: s.length };
}

/** Runs f on as many items as fit in `budgetMs` (at least one); returns items done and ms. */
export async function withinBudget<T>(items: T[], budgetMs: number, f: (item: T) => unknown): Promise<{ done: number; ms: number }> {
  const t0 = performance.now();
  let done = 0;
  while (done < items.length && (done === 0 || performance.now() - t0 < budgetMs)) await f(items[done++]);
  return { done, ms: performance.now() - t0 };
}

export const fmtMs = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(1) : ms.toFixed(3));
export const fmtInt = (n: number) => Math.round(n).toLocaleString("en");
export const fmtMB = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;
export const fmtRatio = (r: number) => (r >= 100 ? `${r.toFixed(0)}x` : `${r.toFixed(1)}x`);

/** The load average, as `uptime` prints it, for the notes. */
export function load(): string {
  try {
    return fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
}
