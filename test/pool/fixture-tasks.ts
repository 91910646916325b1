/** Tasks for the pool's own tests, some of which misbehave on purpose. */
import fs from "node:fs";
import { ApiError } from "../../src/http/errors.ts";
import type { BroadcastTable, TaskTable } from "../../src/pool/protocol.ts";

let state = "initial";
let calls = 0;
let table: Int32Array | null = null;

export const TASKS: TaskTable = {
  "t.echo": (input) => input,
  "t.sum": (input: { values: Float64Array }) => ({ sum: input.values.reduce((a, b) => a + b, 0), n: input.values.length }),
  "t.square": (input: number[]) => ({ squares: Uint32Array.from(input, (x) => x * x) }),
  "t.badInput": (input: { field: string }) => {
    throw new ApiError("invalid_request", `${input.field}: not acceptable`, { hint: "x" });
  },
  "t.bug": () => {
    throw new TypeError("oops");
  },
  "t.state": () => state,
  // Adds to a cell of the table shared as "t.table": the caller sees it only if it was shared, not copied.
  "t.sharedAdd": (input: { cell: number; add: number }) => {
    if (!table) return "not shared";
    Atomics.add(table, input.cell, input.add);
    return table.buffer instanceof SharedArrayBuffer ? "added" : "copied";
  },
  "t.calls": () => ++calls,
  // Kills its worker the first time any worker runs it with this marker file.
  "t.crashOnce": (input: { token: string; marker: string }) => {
    if (!fs.existsSync(input.marker)) {
      fs.writeFileSync(input.marker, "crashed");
      process.exit(3);
    }
    return `survived ${input.token}`;
  },
  "t.crashAlways": () => process.exit(4),
  "t.spin": (input: { ms: number }) => {
    const end = Date.now() + input.ms;
    while (Date.now() < end);
    return "spun";
  },
  "t.slow": async (input: { ms: number; v: number }) => {
    await Bun.sleep(input.ms);
    return input.v;
  },
};

export const BROADCASTS: BroadcastTable[] = [{ "t.set": (data: string) => void (state = data), "t.table": (t: Int32Array) => void (table = t) }];
