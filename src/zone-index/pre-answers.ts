/**
 * Answers from a precomputed entry (PREE, PREX/PREC), exactly (docs/zone.md, "What each figure means"). The entry
 * holds the term's totals and its breakdown records in answer order (count descending,
 * extension ascending); exact_domain_count is not stored, the engine adds it from the
 * exact-name lookup.
 * - no filter: the entry as stored;
 * - one extension: its record (for one extension, domains = distinct names);
 * - several extensions (F), with M the names matching the term: total, tld_breakdown and
 *   tld_match are the records restricted to F; keyword_count, the distinct names of M with
 *   a domain in F, is the one figure per-extension counts cannot give. It is total_F minus
 *   the names counted more than once:
 *     keyword_count = total_F - sum over n in M of max(0, |ext(n) ∩ F| - 1)
 *   and only a name registered in two or more extensions can add to that sum. Those
 *   "multi" names are 11.5 % of the names at 20 M synthetic domains (1.77 M of 15.4 M), so
 *   the live part visits M ∩ multi only (the caller enumerates them: a bitmap of the multi
 *   names, N bits, masks the term's candidates before any name bytes or postings are read;
 *   2-letter terms read multi-pairs.ts).
 */
import type { IndexArrays } from "./arrays.ts";
import { countsOf, type PreEntry } from "./precomputed.ts";
import type { Steps } from "./steps.ts";

export interface PreTally {
  total: number;
  names: number;
  tldMatch: number;
  breakdown: { tld: string; count: number }[];
}

/** Bitmap over name ids: bit id is set when the name holds two or more domains (in slices of 65,536 names). */
export function* multiNameBitmap(a: IndexArrays): Steps<Uint32Array> {
  const n = a.nameOff.length - 1;
  const bm = new Uint32Array((n >>> 5) + 1);
  const ps = a.postStart;
  let prev = ps.at(0);
  for (let id = 0; id < n; id++) {
    if ((id & 0xffff) === 0xffff) yield;
    const next = ps.at(id + 1);
    if (next - prev > 1) bm[id >>> 5] |= 1 << (id & 31);
    prev = next;
  }
  return bm;
}

/** The answer for entry pe with no filter (allowed null) or a filter of one extension. */
export function countPrecomputed(a: IndexArrays, pe: PreEntry, term: string, allowed: readonly number[] | null): PreTally {
  const recExt = a.preExt;
  const recCount = countsOf(a.preCount, pe);
  const ext = a.extNames;
  if (allowed === null) {
    const breakdown: { tld: string; count: number }[] = new Array(pe.count);
    for (let i = 0; i < pe.count; i++) breakdown[i] = { tld: ext[recExt[pe.first + i]], count: recCount[i] };
    return { total: pe.domains, names: pe.names, tldMatch: pe.tldMatch, breakdown };
  }
  const want = allowed.length === 1 ? allowed[0] : -1;
  for (let r = pe.first, end = pe.first + pe.count; r < end; r++) {
    if (recExt[r] !== want) continue;
    const c = recCount[r - pe.first];
    return { total: c, names: c, tldMatch: ext[want].includes(term) ? c : 0, breakdown: [{ tld: ext[want], count: c }] };
  }
  return { total: 0, names: 0, tldMatch: 0, breakdown: [] };
}

/** Domains of name id in the flagged extensions beyond the first: what it adds to the repeats. */
export function repeatsOf(a: IndexArrays, id: number, flag: Uint8Array): number {
  let k = 0;
  for (let p = a.postStart.at(id), e = p + a.postStart.span(id); p < e; p++) k += flag[a.post[p]];
  return k > 1 ? k - 1 : 0;
}

/**
 * The answer for entry pe under a filter of several extensions, whose ids have flag[x] = 1.
 * repeats() must sum repeatsOf over every multi name matching the term (see above); it is
 * called only when two or more of the filter's extensions hold matches.
 */
export function countFiltered(a: IndexArrays, pe: PreEntry, term: string, flag: Uint8Array, repeats: () => number): PreTally {
  const recExt = a.preExt;
  const recCount = countsOf(a.preCount, pe);
  const breakdown: { tld: string; count: number }[] = [];
  let total = 0;
  let tldMatch = 0;
  for (let r = pe.first, end = pe.first + pe.count; r < end; r++) {
    const x = recExt[r];
    if (flag[x] === 0) continue;
    const tld = a.extNames[x];
    const count = recCount[r - pe.first];
    total += count;
    if (tld.includes(term)) tldMatch += count;
    breakdown.push({ tld, count });
  }
  return { total, names: breakdown.length > 1 ? total - repeats() : total, tldMatch, breakdown };
}
