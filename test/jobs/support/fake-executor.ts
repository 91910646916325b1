/**
 * A test-only chunk executor (set as services.jobsExecutor), run inline: rows are
 * zone_lookup-shaped and computed from the name alone, so tests can check every row's
 * content and order without the real index; the chunk is packed by the same code as in a
 * worker (packChunk: row retries, gzip). Names listed in `failRows` come back as error rows
 * (`failTimes` times); `delayMs` slows each chunk; `hangOnce` makes the first call never
 * answer (a silent worker); `throwAlways` makes every call fail (an internal fault);
 * `busyCalls` answers the first calls with the pool's 503 "busy".
 */
import { chunkNames, packChunk } from "../../../src/capabilities/jobs/chunk-task.ts";
import type { ChunkJob, PackedChunk } from "../../../src/pool/protocol.ts";
import type { ChunkExecutor } from "../../../src/capabilities/jobs/executor.ts";
import { ApiError } from "../../../src/http/errors.ts";

export interface FakeOptions {
  delayMs?: number;
  failRows?: Set<string>;
  failTimes?: number;
  hangOnce?: boolean;
  throwAlways?: boolean;
  busyCalls?: number;
}

export function fakeRow(name: string): Record<string, unknown> {
  const dot = name.indexOf(".");
  const label = dot < 0 ? name : name.slice(0, dot);
  return {
    input: name,
    name: label.toLowerCase(),
    extension: dot < 0 ? null : name.slice(dot + 1).toLowerCase(),
    registered: dot < 0 ? null : label.length % 2 === 0,
    extensions_registered: label.length,
    supported: label.length >= 2,
  };
}

export class FakeExecutor implements ChunkExecutor {
  calls = 0;
  private failures = new Map<string, number>();
  private hung = false;
  constructor(public opts: FakeOptions = {}) {}

  async run(job: ChunkJob): Promise<PackedChunk> {
    this.calls++;
    if (this.opts.busyCalls && this.opts.busyCalls-- > 0) throw new ApiError("busy", "server busy: tasks are waiting for a worker");
    if (this.opts.throwAlways) throw new Error("fake worker crashed");
    if (this.opts.hangOnce && !this.hung) {
      this.hung = true;
      return new Promise<PackedChunk>(() => {});
    }
    if (this.opts.delayMs) await Bun.sleep(this.opts.delayMs);
    return packChunk((names) => {
      let ndjson = "";
      let errors = 0;
      for (const n of names) {
        const seen = this.failures.get(n) ?? 0;
        if (this.opts.failRows?.has(n) && seen < (this.opts.failTimes ?? Infinity)) {
          this.failures.set(n, seen + 1);
          ndjson += JSON.stringify({ input: n, error: "upstream did not answer" }) + "\n";
          errors++;
        } else ndjson += JSON.stringify(fakeRow(n)) + "\n";
      }
      return { ndjson, errors };
    }, chunkNames(job));
  }
}
