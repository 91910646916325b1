/**
 * "ours": the index is built by `cli index build` as a child process (as in production),
 * under /usr/bin/time -v for its peak resident memory, then queried in this process
 * through the reader API of src/zone-index (ZoneIndex: count, lookupBatch) on one core.
 */
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import {
  ZoneIndex,
  LOOKUP_NO_EXTENSION,
  LOOKUP_REGISTERED,
  LOOKUP_STRIDE_COUNTS,
  LOOKUP_STRIDE_PLAIN,
  LOOKUP_UNSUPPORTED,
} from "../../src/zone-index/index.ts";
import type { Dataset } from "./data.ts";
import type { LookupInput, LookupRow, Query, Tally } from "./model.ts";

const CLI = path.resolve(import.meta.dir, "../../src/cli.ts");

export interface OurBuild {
  seconds: number;
  bytes: number;
  peakRssBytes: number;
  /** the builder's own report (--json) */
  report: Record<string, unknown>;
}

export class OursPeer {
  readonly name = "Zonewise index";
  private index: ZoneIndex | null = null;

  constructor(readonly file: string) {}

  /** Builds the index of `ds` in a child process; wall time includes the process start. */
  build(ds: Dataset, tmpDir: string): OurBuild {
    fs.rmSync(this.file, { force: true });
    const t0 = performance.now();
    const timeFile = path.join(tmpDir, "build.time");
    const r = spawnSync(
      "/usr/bin/time",
      ["-v", "-o", timeFile, process.execPath, CLI, "index", "build", "--json", "--tmp", tmpDir, "--out", this.file, ds.file],
      {
        encoding: "utf8",
        env: { ...process.env, NODE_ENV: "production" },
        maxBuffer: 64 << 20,
      },
    );
    const seconds = (performance.now() - t0) / 1000;
    if (r.status !== 0) {
      const own = (r.stderr + r.stdout).slice(-2000);
      throw new Error(`index build failed (exit ${r.status}${r.signal ? `, ${r.signal}` : ""}): ${own}`);
    }
    const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(fs.readFileSync(timeFile, "utf8"));
    const report = JSON.parse(r.stdout.trim().split("\n").at(-1)!);
    this.index = ZoneIndex.open(this.file);
    // as the server does before it serves (swap.ts): every section's CRC, read through the
    // index's own mappings, then the derived structures its serving thread builds
    const problem = this.index.verify();
    if (problem !== null) throw new Error(problem);
    this.index.prepare();
    return { seconds, bytes: fs.statSync(this.file).size, peakRssBytes: rss ? Number(rss[1]) * 1024 : Number(report.peakRssBytes), report };
  }

  get totalDomains(): number {
    return this.index!.totalDomains;
  }

  count(q: Query): Tally {
    const c = this.index!.count(q.term, q.position, q.tlds);
    return {
      total: c.total_matches,
      exact: c.exact_domain_count,
      names: c.keyword_count,
      tldMatch: c.tld_match_count,
      breakdown: c.tld_breakdown.map((b) => [b.tld, b.count] as [string, number]),
    };
  }

  /** The raw batch call the lookup endpoint and its workers make (timed by the caller). */
  lookupRaw(names: string[], exts: (string | null)[], withCounts: boolean): Uint32Array {
    return this.index!.lookupBatch(names, exts, withCounts);
  }

  lookup(inputs: LookupInput[], withCounts: boolean): LookupRow[] {
    const out = this.lookupRaw(
      inputs.map((x) => x.name),
      inputs.map((x) => x.ext),
      withCounts,
    );
    const stride = withCounts ? LOOKUP_STRIDE_COUNTS : LOOKUP_STRIDE_PLAIN;
    return inputs.map((_, i) => {
      const o = i * stride;
      const flags = out[o];
      const supported = (flags & LOOKUP_UNSUPPORTED) === 0;
      const row: LookupRow = {
        registered: flags & LOOKUP_NO_EXTENSION ? null : (flags & LOOKUP_REGISTERED) !== 0,
        extensions: supported ? out[o + 1] : null,
      };
      if (withCounts) {
        const v = (k: number) => (supported ? out[o + k] : null);
        Object.assign(row, { containingDomains: v(2), containingNames: v(3), startingDomains: v(4), endingDomains: v(5) });
      }
      return row;
    });
  }

  close(): void {
    this.index?.close();
    this.index = null;
  }
}
