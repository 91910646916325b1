/**
 * The benchmark's workload, drawn deterministically from the dataset itself: term classes
 * for zone/count (each run without and with an extension filter) and a 5,000-name
 * zone/lookup batch (registered domains, the same names in other extensions, absent
 * names, bare names, names too short to count).
 */
import { domainsOf, type Dataset } from "./data.ts";
import type { LookupInput, Position } from "./model.ts";

export interface TermClass {
  label: string;
  position: Position;
  terms: string[];
}

export const FILTER = ["com", "net", "co.uk", "nu"];
export const LOOKUP_BATCH = 5_000;
const SAMPLE = 40_000;

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** About SAMPLE domains spread evenly over the sorted dataset. */
async function sample(ds: Dataset): Promise<[string, string][]> {
  const every = Math.max(1, Math.floor(ds.domains / SAMPLE));
  const out: [string, string][] = [];
  let i = 0;
  for await (const d of domainsOf(ds)) if (i++ % every === 0) out.push(d);
  return out;
}

export interface Workload {
  classes: TermClass[];
  lookups: LookupInput[];
}

/** `perClass` terms of each class (at most 6), the same for every system. */
export async function workload(ds: Dataset, perClass: number, seed = 7): Promise<Workload> {
  const rnd = lcg(seed);
  const domains = await sample(ds);
  const names = [...new Set(domains.map(([n]) => n))];
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
  const longNames = names.filter((n) => n.length >= 10);
  const piece = (from: (n: string) => string) => Array.from({ length: 6 }, () => from(pick(longNames)));
  const classes: TermClass[] = [
    { label: "contains, 2 letters", position: "contains", terms: ["an", "er", "in", "ma", "co", "xy"] },
    { label: "contains, common", position: "contains", terms: ["shop", "home", "best", "love", "online", "world"] },
    { label: "contains, digits/hyphens", position: "contains", terms: ["24", "365", "-the", "2020", "o-", "-a"] },
    {
      label: "contains, rare",
      position: "contains",
      terms: piece((n) => {
        const s = Math.floor(rnd() * (n.length - 6));
        return n.slice(s, s + 6);
      }),
    },
    { label: "starts, common", position: "starts", terms: ["the", "my", "best", "get", "shop", "ca"] },
    { label: "starts, rare", position: "starts", terms: piece((n) => n.slice(0, 7)) },
    { label: "ends, common", position: "ends", terms: ["shop", "online", "app", "hq", "24", "er"] },
    { label: "ends, rare", position: "ends", terms: piece((n) => n.slice(-7)) },
    { label: "absent, 63 chars", position: "contains", terms: ["a".repeat(63), "qxzjvkq", "x-x-x-x9", "9".repeat(40) + "q", "zzqqxxjj", "jq"] },
  ];
  const lookups: LookupInput[] = [];
  for (let i = 0; i < LOOKUP_BATCH; i++) {
    const [name, ext] = pick(domains);
    const u = rnd();
    if (u < 0.5) lookups.push({ name, ext });
    else if (u < 0.75) lookups.push({ name, ext: pick(FILTER) });
    else if (u < 0.9) lookups.push({ name: `${name}${Math.floor(rnd() * 100)}q`, ext: "com" });
    else if (u < 0.98) lookups.push({ name, ext: null });
    else lookups.push({ name: name[0], ext });
  }
  return { classes: classes.map((c) => ({ ...c, terms: c.terms.slice(0, perClass) })), lookups };
}
