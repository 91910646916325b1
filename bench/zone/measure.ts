/**
 * Runs one system over the workload: every count query `reps` times, timed, the first
 * answer checked against the reference (ours); lookups timed over the 5,000-name batch
 * (or, when too slow, over as many names as fit in a time budget) and checked likewise.
 */
import { describe, diffRow, diffTally, type LookupInput, type LookupRow, type Query, type Tally } from "./model.ts";
import { summarise, timeEach, withinBudget, type Summary } from "./stats.ts";
import type { TermClass } from "./terms.ts";

export interface CountingSystem {
  readonly name: string;
  count(q: Query): Tally | Promise<Tally>;
  lookup(inputs: LookupInput[], withCounts: boolean): LookupRow[] | Promise<LookupRow[]>;
}

export interface Group {
  label: string;
  queries: Query[];
}

export function groups(classes: TermClass[], filter: string[]): Group[] {
  return classes.flatMap((c) => [
    { label: c.label, queries: c.terms.map((term) => ({ term, position: c.position, tlds: null })) },
    { label: `${c.label}, filtered`, queries: c.terms.map((term) => ({ term, position: c.position, tlds: filter })) },
  ]);
}

export interface Checked {
  compared: number;
  mismatches: string[];
}

export class Reference {
  readonly tallies = new Map<string, Tally>();
  readonly rows = new Map<string, LookupRow>();
  static key(q: Query): string {
    return `${q.position}|${q.term}|${q.tlds?.join(",") ?? ""}`;
  }
}

/** Per group: timings of `reps` runs of each query, the first of which is checked. */
export async function measureCounts(
  sys: CountingSystem,
  gs: Group[],
  reps: number,
  ref: Reference,
  check: Checked,
  record: boolean,
): Promise<Map<string, Summary>> {
  const out = new Map<string, Summary>();
  for (const g of gs) {
    const ms: number[] = [];
    for (const q of g.queries) {
      const t0 = performance.now();
      const t = await sys.count(q);
      ms.push(performance.now() - t0);
      const key = Reference.key(q);
      if (record) ref.tallies.set(key, t);
      else {
        const want = ref.tallies.get(key);
        if (want) {
          check.compared++;
          const d = diffTally(t, want);
          if (d) check.mismatches.push(`${sys.name}: ${describe(q)}: ${d}`);
        }
      }
      ms.push(...(await timeEach(reps - 1, () => sys.count(q))));
    }
    out.set(g.label, summarise(ms));
  }
  return out;
}

export interface LookupFigures {
  namesPerSecond: number;
  names: number;
}

const rowKey = (x: LookupInput, c: boolean) => `${x.name}|${x.ext}|${c}`;

/** Names per second over the batch, or over what fits in budgetMs one name at a time. */
export async function measureLookups(
  sys: CountingSystem,
  inputs: LookupInput[],
  withCounts: boolean,
  budgetMs: number,
  ref: Reference,
  check: Checked,
  record: boolean,
): Promise<LookupFigures> {
  const seen: [LookupInput, LookupRow][] = [];
  let figures: LookupFigures;
  if (!withCounts || budgetMs === Infinity) {
    const t0 = performance.now();
    const rows = await sys.lookup(inputs, withCounts);
    figures = { namesPerSecond: (inputs.length / (performance.now() - t0)) * 1000, names: inputs.length };
    rows.forEach((r, i) => seen.push([inputs[i], r]));
  } else {
    const { done, ms } = await withinBudget(inputs, budgetMs, async (x) => seen.push([x, (await sys.lookup([x], true))[0]]));
    figures = { namesPerSecond: (done / ms) * 1000, names: done };
  }
  for (const [x, row] of seen) {
    const key = rowKey(x, withCounts);
    if (record) ref.rows.set(key, row);
    else {
      const want = ref.rows.get(key);
      if (!want) continue;
      check.compared++;
      const d = diffRow(row, want);
      if (d) check.mismatches.push(`${sys.name}: lookup ${x.name}${x.ext ? "." + x.ext : ""}${withCounts ? " with counts" : ""}: ${d}`);
    }
  }
  return figures;
}
