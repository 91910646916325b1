/**
 * What every system in the zone benchmark answers, in one shape, so that their answers
 * can be compared field by field (docs/zone.md, "What each figure means"): a zone/count tally and a zone/lookup row.
 * A peer that disagrees with ours is a bug in one of them, and the run says so.
 */
export type Position = "contains" | "starts" | "ends";

export interface Query {
  term: string;
  position: Position;
  /** extension filter; null = every extension */
  tlds: string[] | null;
}

export interface Tally {
  total: number;
  exact: number;
  names: number;
  tldMatch: number;
  /** [tld, count], count descending then tld ascending */
  breakdown: [string, number][];
}

export interface LookupInput {
  name: string;
  /** null for a bare name */
  ext: string | null;
}

export interface LookupRow {
  registered: boolean | null;
  extensions: number | null;
  containingDomains?: number | null;
  containingNames?: number | null;
  startingDomains?: number | null;
  endingDomains?: number | null;
}

/** Orders a breakdown as the API does (count descending, then tld) and derives tld_match_count from it. */
export function finishTally(term: string, perExt: Iterable<[string, number]>, total: number, names: number, exact: number): Tally {
  const breakdown = [...perExt].filter(([, c]) => c > 0);
  breakdown.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  let tldMatch = 0;
  for (const [tld, c] of breakdown) if (tld.includes(term)) tldMatch += c;
  return { total, exact, names, tldMatch, breakdown };
}

/** null when equal, else a short description of the first difference. */
export function diffTally(a: Tally, b: Tally): string | null {
  for (const k of ["total", "exact", "names", "tldMatch"] as const) {
    if (a[k] !== b[k]) return `${k} ${a[k]} != ${b[k]}`;
  }
  if (a.breakdown.length !== b.breakdown.length) return `breakdown has ${a.breakdown.length} != ${b.breakdown.length} entries`;
  for (let i = 0; i < a.breakdown.length; i++) {
    const [x, y] = [a.breakdown[i], b.breakdown[i]];
    if (x[0] !== y[0] || x[1] !== y[1]) return `breakdown[${i}] ${x.join(":")} != ${y.join(":")}`;
  }
  return null;
}

export function diffRow(a: LookupRow, b: LookupRow): string | null {
  for (const k of Object.keys(b) as (keyof LookupRow)[]) {
    if (a[k] !== b[k]) return `${k} ${a[k]} != ${b[k]}`;
  }
  return null;
}

/** Names shorter than this are not counted: their lookup row has supported false. */
export const MIN_NAME = 2;

export function describe(q: Query): string {
  return `${q.position} "${q.term}"${q.tlds ? ` in ${q.tlds.join(",")}` : ""}`;
}
