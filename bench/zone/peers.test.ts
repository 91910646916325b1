/**
 * The benchmark's peers are only worth comparing if they answer right: scan, DuckDB and
 * SQLite FTS5 against the brute-force reference of src/zone-index (the definitions of
 * docs/zone.md applied literally), on a small synthetic dataset, for every position, filters, 2-letter, common,
 * rare, digit/hyphen, absent and 63-character terms, and for lookups with and without counts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BruteForce } from "../../src/zone-index/brute-force.ts";
import { syntheticDataset, type Dataset } from "./data.ts";
import { ScanPeer } from "./scan.ts";
import { DuckPeer } from "./duckdb.ts";
import { FtsPeer } from "./sqlite-fts.ts";
import { workload } from "./terms.ts";
import { diffRow, diffTally, MIN_NAME, type LookupRow, type Position, type Query, type Tally } from "./model.ts";

let dir: string;
let ds: Dataset;
let brute: BruteForce;
const peers = { scan: new ScanPeer(), duckdb: null as DuckPeer | null, fts: null as FtsPeer | null };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-bench-peers-"));
  ds = await syntheticDataset(30_000, 5, dir);
  brute = new BruteForce(fs.readFileSync(ds.file, "utf8").split("\n").filter(Boolean));
  peers.duckdb = new DuckPeer(dir);
  peers.fts = new FtsPeer(dir);
  for (const p of [peers.scan, peers.duckdb, peers.fts]) await p.build(ds);
}, 60_000);

afterAll(() => {
  for (const p of [peers.scan, peers.duckdb, peers.fts]) p?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function expected(q: Query): Tally {
  const c = brute.count(q.term, q.position, q.tlds);
  return {
    total: c.total_matches,
    exact: c.exact_domain_count,
    names: c.keyword_count,
    tldMatch: c.tld_match_count,
    breakdown: c.tld_breakdown.map((b) => [b.tld, b.count] as [string, number]),
  };
}

async function queries(): Promise<Query[]> {
  const wl = await workload(ds, 6);
  const terms = new Set(wl.classes.flatMap((c) => c.terms));
  for (const n of [...brute.byName.keys()].slice(0, 5)) terms.add(n);
  const out: Query[] = [];
  for (const term of terms) {
    for (const position of ["contains", "starts", "ends"] as Position[]) {
      for (const tlds of [null, ["com", "co.uk", "nu"], ["com"], ["no-such-ext"]]) out.push({ term, position, tlds });
    }
  }
  return out;
}

describe("bench/zone peers agree with the brute-force reference", () => {
  for (const name of ["scan", "duckdb", "fts"] as const) {
    test(`${name}: every count`, async () => {
      const peer = peers[name]!;
      const qs = await queries();
      expect(qs.length).toBeGreaterThan(300);
      const wrong: string[] = [];
      for (const q of qs) {
        const d = diffTally(await peer.count(q), expected(q));
        if (d) wrong.push(`${q.position} ${q.term} ${q.tlds}: ${d}`);
      }
      expect(wrong).toEqual([]);
    }, 60_000);

    test(`${name}: lookups with and without counts`, async () => {
      const peer = peers[name]!;
      const inputs = (await workload(ds, 1)).lookups.slice(0, 200);
      for (const withCounts of [false, true]) {
        const rows = await peer.lookup(inputs, withCounts);
        inputs.forEach((x, i) => {
          const supported = x.name.length >= MIN_NAME;
          const want: LookupRow = {
            registered: x.ext === null ? null : brute.domains.has(`${x.name}.${x.ext}`),
            extensions: supported ? (brute.byName.get(x.name)?.length ?? 0) : null,
          };
          if (withCounts) {
            const c = supported ? brute.nameCounts(x.name) : null;
            Object.assign(want, {
              containingDomains: c?.containing_domains ?? null,
              containingNames: c?.containing_names ?? null,
              startingDomains: c?.starting_domains ?? null,
              endingDomains: c?.ending_domains ?? null,
            });
          }
          expect(`${x.name}.${x.ext}: ${diffRow(rows[i], want)}`).toBe(`${x.name}.${x.ext}: null`);
        });
      }
    }, 60_000);
  }
});
