/**
 * Every count of the engine (all fields, breakdown included) against the brute-force answer,
 * on real domains, for many term classes, all three positions, with and without extension
 * filters. Built with small sort runs so the external merge is exercised too. One suite, two
 * runs: test/zone/counts.test.ts on the committed sample, test-data/zone/counts.test.ts on
 * the ~500k names of the full lists; the floors say how much of each case the names hold.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIndex, type BuildReport } from "../../index-builder/build.ts";
import {
  ZoneIndex,
  LOOKUP_STRIDE_COUNTS,
  LOOKUP_STRIDE_PLAIN,
  LOOKUP_REGISTERED,
  LOOKUP_NO_EXTENSION,
  LOOKUP_UNSUPPORTED,
} from "../../src/zone-index/index.ts";
import { BruteForce } from "../../src/zone-index/brute-force.ts";
import { readDomains } from "./real-domains.ts";
import { POSITIONS, type Position } from "../../src/zone-index/format.ts";
import { mapArrays, readHeader } from "../../src/zone-index/open.ts";
import { readPrecomputed } from "../../src/zone-index/precomputed.ts";
import { Engine } from "../../src/zone-index/engine.ts";
import { lcg } from "../support/random.ts";

export interface CountsSuite {
  /** Domain lists (gzip or plain) the index is built from. */
  inputs: string[];
  /** Keys per sort run: few enough that the build merges several runs. */
  chunkKeys: number;
  /** Each check holds more than this many cases (the names are large enough for it to mean something). */
  floors: {
    /** Domains containing "an" (a precomputed term). */
    anMatches: number;
    /** Extensions in its breakdown. */
    anExtensions: number;
    /** Stored precomputed terms of 4+ characters (null: too few names for any, the check is left out). */
    longTerms: number | null;
    /** Registered rows among the whole-domain lookups (3,000 of them are registered picks). */
    registered: number;
    /** Picked names held inside other names. */
    held: number;
  };
}

export function countsSuite(o: CountsSuite): void {
  let dir: string;
  let index: ZoneIndex;
  let brute: BruteForce;
  let report: BuildReport;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-counts-"));
    brute = new BruteForce(readDomains(o.inputs));
    report = await buildIndex({ inputs: o.inputs, out: path.join(dir, "z.idx"), chunkKeys: o.chunkKeys, builtAt: new Date("2026-01-02T03:04:05Z") });
    index = ZoneIndex.open(path.join(dir, "z.idx"));
  }, 60_000);
  afterAll(() => {
    index?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function terms(): string[] {
    const names = [...brute.byName.keys()].sort();
    const rnd = lcg(7);
    const pick = () => names[Math.floor(rnd() * names.length)];
    const fixed = [
      "an",
      "ma",
      "er",
      "zz",
      "q-",
      "-a",
      "e-",
      "-s",
      "00",
      "xq",
      "-", // two letters (and a one-letter term)
      "the",
      "ing",
      "shop",
      "online",
      "bet",
      "art",
      "net",
      "auto", // common
      "zwq",
      "kvarn",
      "xn--",
      "qxz",
      "--",
      "line-", // rare / hyphenated
      "24-7",
      "1-800",
      "-de",
      "0-0",
      "365",
      "2020", // digits and hyphens
      "qqqqzz",
      "zz-zz-zz",
      "a".repeat(63), // absent, 63 chars
    ];
    const longest = names.reduce((a, b) => (b.length > a.length ? b : a));
    const whole = [pick(), pick(), pick(), names.find((n) => n.length === 2) as string, longest];
    const subs: string[] = [];
    while (subs.length < 20) {
      const n = pick();
      if (n.length < 3) continue;
      const len = 2 + Math.floor(rnd() * Math.min(6, n.length - 1));
      const at = Math.floor(rnd() * (n.length - len + 1));
      subs.push(n.slice(at, at + len));
    }
    return [...new Set([...fixed, ...whole, ...subs])];
  }

  const FIXED_FILTERS: (string[] | null)[] = [null, ["nu"], ["ee", "nu", "com.lr", "no-such-ext"], ["christmas", "se", "tn"], ["no-such-ext"], []];

  /**
   * The fixed filters plus the 4 and the 50 largest extensions: on precomputed terms, filters
   * of several large extensions hold many names registered in more than one of them (the
   * case where keyword_count is not the sum of the per-extension counts).
   */
  function filters(): (string[] | null)[] {
    const per = new Map<string, number>();
    for (const exts of brute.byName.values()) for (const e of exts) per.set(e, (per.get(e) ?? 0) + 1);
    const bySize = [...per.keys()].sort((x, y) => per.get(y)! - per.get(x)! || (x < y ? -1 : 1));
    return [...FIXED_FILTERS, bySize.slice(0, 4), bySize.slice(0, 50).reverse()];
  }

  describe("zone counts equal brute force", () => {
    test("build report adds up", () => {
      expect(report.totalDomains).toBe(brute.domains.size);
      expect(report.totalNames).toBe(brute.byName.size);
      expect(report.duplicates).toBe(report.domainsSeen - report.totalDomains);
      expect(report.sortRuns).toBeGreaterThan(1);
      expect(index.totalDomains).toBe(brute.domains.size);
      expect(index.builtAt).toBe("2026-01-02T03:04:05.000Z");
    });

    for (const pos of POSITIONS) {
      test(`${pos}: every field, every filter`, () => {
        let compared = 0;
        const fl = filters();
        for (const t of terms()) {
          for (const f of fl) {
            const got = index.count(t, pos, f);
            const want = brute.count(t, pos, f);
            if (JSON.stringify(got) !== JSON.stringify(want)) expect({ t, pos, f, got }).toEqual({ t, pos, f, got: want });
            compared++;
          }
        }
        expect(compared).toBeGreaterThan(300);
      }, 30_000);
    }

    test("the precomputed and live paths both take part", () => {
      const a = index.count("an", "contains");
      expect(a.total_matches).toBeGreaterThan(o.floors.anMatches);
      expect(a.tld_breakdown.length).toBeGreaterThan(o.floors.anExtensions);
      // several extensions on a precomputed term: names registered in both are counted once
      for (const pos of POSITIONS) {
        const f = index.count("an", pos, ["nu", "ee"]);
        expect(f.keyword_count).toBeLessThan(f.total_matches);
        expect(f).toEqual(brute.count("an", pos, ["nu", "ee"]));
      }
    });

    // A term is precomputed only when PRECOMPUTE_MIN_NAMES (1,000) names or more hold it: the
    // committed sample has no such term of 4+ characters, so only the full lists check these.
    const longTerms = o.floors.longTerms;
    if (longTerms !== null) {
      test("long terms the byte budget left room for are precomputed, and equal brute force", () => {
        const file = path.join(dir, "z.idx");
        const stored = [...readPrecomputed(mapArrays(file, readHeader(file)).arrays).keys()];
        const long = stored.filter((k) => k.slice(k.indexOf(":") + 1).length >= 4);
        expect(long.length).toBeGreaterThan(longTerms);
        expect(long.some((k) => k.split(":")[1].length >= 5)).toBe(true);
        expect(report.bytesPerDomain).toBeLessThanOrEqual(32);
        for (const k of long.slice(0, 40)) {
          const [pos, term] = k.split(":") as [Position, string];
          for (const f of [null, ["nu"], filters().at(-1)!]) expect(index.count(term, pos, f)).toEqual(brute.count(term, pos, f));
        }
      });
    }

    test("the same answers while the derived structures are built in the background, and after", async () => {
      const fresh = ZoneIndex.open(path.join(dir, "z.idx"));
      const check = () => {
        for (const pos of POSITIONS) {
          for (const t of ["an", "er", "ing", "the", "zz"]) {
            for (const f of [["nu", "ee"], filters().at(-1)!]) expect(fresh.count(t, pos, f)).toEqual(brute.count(t, pos, f));
          }
        }
        const d = [...brute.domains].slice(0, 200);
        for (const x of d) expect(fresh.has(x)).toBe(true);
      };
      const done = fresh.prepareInBackground(0); // one slice a turn: the first one is not enough for the keys
      check(); // nothing derived yet: the fallback paths (no keys, no multi-name mask)
      await done;
      check();
      fresh.close();
      // a retired index stops its background build at the next turn and still answers exactly
      const retired = ZoneIndex.open(path.join(dir, "z.idx"));
      const pending = retired.prepareInBackground(0);
      retired.stopPreparing();
      await pending;
      expect(retired.count("an", "ends", ["nu", "ee"])).toEqual(brute.count("an", "ends", ["nu", "ee"]));
      retired.close();
    }, 60_000);

    test("membership, extensions per name, name counts and lookup batches", () => {
      const rnd = lcg(11);
      const all = [...brute.domains];
      const probes: string[] = [];
      for (let i = 0; i < 300; i++) probes.push(all[Math.floor(rnd() * all.length)]);
      for (let i = 0; i < 100; i++) probes.push(probes[i].replace(/\.[\s\S]*$/, ".not-an-ext"), probes[i].replace(/^[^.]*/, "zzqq" + i));
      for (const d of probes) expect(index.has(d)).toBe(brute.domains.has(d));
      // random registered names, plus short and common ones (precomputed paths) and absent ones
      const names = [...probes.slice(0, 30).map((d) => d.slice(0, d.indexOf("."))), "an", "er", "the", "ing", "shop", "se", "qqqqzz", "xn--"];
      for (const n of names) {
        expect(index.extensionsRegistered(n)).toBe(brute.byName.get(n)?.length ?? 0);
        expect(index.nameCounts(n)).toEqual(brute.nameCounts(n));
      }
      const exts = names.map((_, i) => (i % 5 === 0 || i >= 30 ? null : probes[i].slice(probes[i].indexOf(".") + 1)));
      const rows = index.lookupBatch([...names, "a"], [...exts, "nu"], true);
      names.forEach((n, i) => {
        const o = i * LOOKUP_STRIDE_COUNTS;
        const want = brute.nameCounts(n);
        const flags = exts[i] === null ? LOOKUP_NO_EXTENSION : brute.domains.has(`${n}.${exts[i]}`) ? LOOKUP_REGISTERED : 0;
        expect(Array.from(rows.subarray(o, o + LOOKUP_STRIDE_COUNTS))).toEqual([
          flags,
          want.extensions_registered,
          want.containing_domains,
          want.containing_names,
          want.starting_domains,
          want.ending_domains,
        ]);
      });
      expect(rows[names.length * LOOKUP_STRIDE_COUNTS] & LOOKUP_UNSUPPORTED).toBe(LOOKUP_UNSUPPORTED);
    }, 60_000);

    test("whole-domain lookups (the endpoint's path) equal brute force, row by row", () => {
      const rnd = lcg(12);
      const all = [...brute.domains];
      const extList = [...new Set(all.map((d) => d.slice(d.indexOf(".") + 1)))];
      const inputs: string[] = [];
      for (let i = 0; i < 3000; i++) {
        const d = all[Math.floor(rnd() * all.length)];
        const name = d.slice(0, d.indexOf("."));
        const other = extList[Math.floor(rnd() * extList.length)];
        // registered; the same name under another extension; bare; a neighbour of the name
        // (one character more or less: same jump bucket, absent or another name); unknown extension
        inputs.push(d, `${name}.${other}`, name, `${name.slice(0, -1)}.${other}`, `${name}-.${other}`, `${name}.zz-none`);
      }
      inputs.push("a.com", "a", "ab", "ab.com", "-", "zz", "0", "9.net", "xn--", "a.co.uk", "abc.co.uk", "z".repeat(63) + ".com");
      const rows = index.lookupDomains(inputs, false);
      const got: number[][] = [];
      const want: number[][] = [];
      inputs.forEach((d, i) => {
        const dot = d.indexOf(".");
        const name = dot < 0 ? d : d.slice(0, dot);
        let flags = dot < 0 ? LOOKUP_NO_EXTENSION : brute.domains.has(d) ? LOOKUP_REGISTERED : 0;
        if (name.length < 2) flags |= LOOKUP_UNSUPPORTED;
        want.push(name.length < 2 ? [flags] : [flags, brute.byName.get(name)?.length ?? 0]);
        const o = i * LOOKUP_STRIDE_PLAIN;
        got.push(name.length < 2 ? [rows[o]] : [rows[o], rows[o + 1]]);
      });
      expect(got).toEqual(want);
      expect(want.filter((r) => r[0] === LOOKUP_REGISTERED).length).toBeGreaterThan(o.floors.registered);
    }, 60_000);

    test("include_counts: the stored containment counts and the live search both equal brute force", () => {
      const header = readHeader(index.path);
      expect(["CNTB", "CNTO", "CNTD"].every((t) => header.sections.has(t))).toBe(true);
      const { arrays } = mapArrays(index.path, header);
      const stored = new Engine(arrays);
      const live = new Engine({ ...arrays, inner: null }); // a file built before the sections
      const rnd = lcg(21);
      const names = [...brute.byName.keys()];
      // short names are held by many others (deep stacks, repeats like "anan"), long ones by few
      const picks = [
        ...Array.from({ length: 60 }, () => names[Math.floor(rnd() * names.length)]),
        ...names
          .filter((n) => n.length >= 3 && n.length <= 5)
          .filter(() => rnd() < 0.002)
          .slice(0, 60),
        ...names.filter((n) => /(..).*\1/.test(n)).slice(0, 20),
      ];
      let held = 0;
      for (const n of picks) {
        const want = brute.nameCounts(n);
        if (want.containing_names > 1) held++;
        const wantTotals = {
          containingDomains: want.containing_domains,
          containingNames: want.containing_names,
          startingDomains: want.starting_domains,
          endingDomains: want.ending_domains,
        };
        expect({ n, ...stored.nameTotals(n) }).toEqual({ n, ...wantTotals });
        expect({ n, ...live.nameTotals(n) }).toEqual({ n, ...wantTotals });
      }
      expect(held).toBeGreaterThan(o.floors.held); // the picks do exercise names held by others
    }, 120_000);

    test("stats", () => {
      const s = index.stats();
      const per = new Map<string, number>();
      for (const exts of brute.byName.values()) for (const e of exts) per.set(e, (per.get(e) ?? 0) + 1);
      const top = [...per]
        .map(([tld, count]) => ({ tld, count }))
        .sort((a, b) => b.count - a.count || (a.tld < b.tld ? -1 : 1))
        .slice(0, 20);
      expect(s).toEqual({
        built_at: "2026-01-02T03:04:05.000Z",
        total_domains: brute.domains.size,
        total_slds: brute.byName.size,
        total_tlds: per.size,
        sample: false,
        complete_tlds: [],
        top_tlds: top,
      });
      expect(index.verify()).toBeNull();
    });
  });
}
