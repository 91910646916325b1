/**
 * Brute-force reference answers for the engine's tests and benches: the definitions of docs/zone.md
 * applied literally to a list of distinct domains, one name at a time. Slow by design; obviously right.
 */
import type { NameCounts, ZoneCount } from "./index.ts";
import type { Position } from "./format.ts";

export class BruteForce {
  readonly byName = new Map<string, string[]>();
  readonly domains: Set<string>;

  constructor(domains: Iterable<string>) {
    this.domains = new Set(domains);
    for (const d of this.domains) {
      const dot = d.indexOf(".");
      const name = d.slice(0, dot);
      const list = this.byName.get(name);
      if (list) list.push(d.slice(dot + 1));
      else this.byName.set(name, [d.slice(dot + 1)]);
    }
  }

  private static match(n: string, t: string, pos: Position): boolean {
    return pos === "contains" ? n.includes(t) : pos === "starts" ? n.startsWith(t) : n.endsWith(t);
  }

  /** Names matching (term, position); the last answer is kept, as callers vary the filter. */
  private matching(term: string, position: Position): string[] {
    const key = position + ":" + term;
    if (this.memo?.key === key) return this.memo.names;
    const names: string[] = [];
    for (const n of this.byName.keys()) if (BruteForce.match(n, term, position)) names.push(n);
    this.memo = { key, names };
    return names;
  }
  private memo: { key: string; names: string[] } | null = null;

  count(term: string, position: Position, tlds?: readonly string[] | null): ZoneCount {
    const F = tlds == null ? null : new Set(tlds);
    let total = 0;
    let exact = 0;
    let names = 0;
    let tldMatch = 0;
    const hist = new Map<string, number>();
    for (const n of this.matching(term, position)) {
      const exts = this.byName.get(n) as string[];
      const m = F === null ? exts : exts.filter((e) => F.has(e));
      if (m.length === 0) continue;
      names++;
      total += m.length;
      if (n === term) exact += m.length;
      for (const e of m) {
        hist.set(e, (hist.get(e) ?? 0) + 1);
        if (e.includes(term)) tldMatch++;
      }
    }
    const tld_breakdown = [...hist].map(([tld, count]) => ({ tld, count }));
    tld_breakdown.sort((a, b) => b.count - a.count || (a.tld < b.tld ? -1 : a.tld > b.tld ? 1 : 0));
    return {
      term,
      position,
      total_matches: total,
      exact_domain_count: exact,
      keyword_count: names,
      tld_match_count: tldMatch,
      tld_breakdown,
      total_domains_in_db: this.domains.size,
    };
  }

  nameCounts(name: string): NameCounts {
    const c = this.count(name, "contains");
    return {
      extensions_registered: this.byName.get(name)?.length ?? 0,
      containing_domains: c.total_matches,
      containing_names: c.keyword_count,
      starting_domains: this.count(name, "starts").total_matches,
      ending_domains: this.count(name, "ends").total_matches,
    };
  }
}
