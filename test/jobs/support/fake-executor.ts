/**
 * A test-only chunk executor (set as services.jobsExecutor): answers zone_lookup-shaped rows
 * computed from the name alone, so tests can check every row's content and order without
 * the real index. Names listed in `failRows` come back as error rows (`failTimes` times);
 * `delayMs` slows each chunk; `hangOnce` makes the first call never answer (a silent worker); `throwAlways` makes every call fail (an internal fault).
 */
import { ApiError } from "../../../src/http/errors.ts";
import type { ChunkExecutor } from "../../../src/capabilities/jobs/executor.ts";
import type { ChunkInput, ChunkOutput } from "../../../src/capabilities/jobs/types.ts";

export interface FakeOptions {
  delayMs?: number;
  failRows?: Set<string>;
  failTimes?: number;
  hangOnce?: boolean;
  throwAlways?: boolean;
  /** Answer the first calls with the pool's 503 "busy" (queue full). */
  busyCalls?: number;
}

export function fakeRow(name: string): Record<string, unknown> {
  const dot = name.indexOf(".");
  const label = dot < 0 ? name : name.slice(0, dot);
  return { input: name, name: label.toLowerCase(), extension: dot < 0 ? null : name.slice(dot + 1).toLowerCase(), registered: dot < 0 ? null : label.length % 2 === 0, extensions_registered: label.length, supported: label.length >= 2 };
}

export class FakeExecutor implements ChunkExecutor {
  calls = 0;
  private failures = new Map<string, number>();
  private hung = new Set<string>();
  constructor(public opts: FakeOptions = {}) {}

  async run(_task: string, input: ChunkInput): Promise<ChunkOutput> {
    this.calls++;
    if (this.opts.busyCalls && this.opts.busyCalls-- > 0) throw new ApiError(503, "server busy: tasks are waiting for a worker");
    if (this.opts.throwAlways) throw new Error("fake worker crashed");
    if (this.opts.hangOnce && this.hung.size === 0) {
      this.hung.add(input.names[0]!);
      return new Promise<ChunkOutput>(() => {});
    }
    if (this.opts.delayMs) await Bun.sleep(this.opts.delayMs);
    let out = "";
    let errors = 0;
    for (const n of input.names) {
      const seen = this.failures.get(n) ?? 0;
      if (this.opts.failRows?.has(n) && seen < (this.opts.failTimes ?? Infinity)) {
        this.failures.set(n, seen + 1);
        out += JSON.stringify({ input: n, error: "upstream did not answer" }) + "\n";
        errors++;
      } else out += JSON.stringify(fakeRow(n)) + "\n";
    }
    return { ndjson: out, errors };
  }
}
