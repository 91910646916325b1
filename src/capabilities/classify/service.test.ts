/**
 * However a batch is cut (busy pool: one share per worker; idle pool: a share on the calling
 * thread plus the workers'), the answer is the one the calling thread computes alone.
 */
import { expect, test } from "bun:test";
import { splitName } from "../../domain/name.ts";
import type { PoolStats } from "../../pool/pool.ts";
import { camelcaseBatch, categorizeBatch } from "./results.ts";
import { camelcaseRowsTask, categorizeRowsTask, ClassifyService, type BatchInput } from "./service.ts";

const WORDS = ["best", "pizza", "shop", "cloud", "law", "dental", "nyc", "go", "green", "energy", "42", "my", "home"];
const EXTS = ["com", "net", "co.uk", "io", "nu"];
const domains = Array.from({ length: 1000 }, (_, i) => {
  const name = WORDS[i % WORDS.length]! + WORDS[(i * 7 + 3) % WORDS.length]! + (i % 11 === 0 ? "-" + WORDS[(i * 3) % WORDS.length] : "");
  return splitName(`${name}.${EXTS[i % EXTS.length]}`);
});

/** A pool that runs the real task functions on this thread and reports the load it is told. */
function fakePool(size: number, busy: number) {
  let runs = 0;
  const tasks: Record<string, (input: BatchInput) => unknown> = {
    "classify.camelcase": camelcaseRowsTask,
    "classify.categorize": categorizeRowsTask,
  };
  return {
    size,
    get runs() {
      return runs;
    },
    stats: (): PoolStats => ({ workers: size, busy, queued: 0, completed: 0, restarts: 0 }),
    async run<T>(task: string, input: unknown): Promise<T> {
      runs++;
      return structuredClone(tasks[task]!(input as BatchInput)) as T;
    },
  };
}

test("busy and idle pools, one to four workers, give the calling thread's answer", async () => {
  const camel = JSON.stringify(camelcaseBatch(domains));
  const cat = JSON.stringify(categorizeBatch(domains.slice(0, 100)));
  for (const size of [1, 2, 4]) {
    for (const busy of [0, 1]) {
      const pool = fakePool(size, busy);
      const svc = new ClassifyService(pool);
      expect(JSON.stringify(await svc.camelcase(domains))).toBe(camel);
      expect(JSON.stringify(await svc.categorize(domains.slice(0, 100)))).toBe(cat);
      // A busy pool gets every share (an idle one leaves one to this thread, or all of them on one core).
      if (busy) expect(pool.runs).toBe(size + 1); // camelcase: one share per worker; categorize (100 names): one
    }
  }
});
