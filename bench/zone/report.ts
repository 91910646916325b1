/** The markdown report of one bench/zone run (what RESULTS.md records). */
import type { Dataset } from "./data.ts";
import type { LookupFigures } from "./measure.ts";
import { fmtInt, fmtMB, fmtMs, fmtRatio, type Summary } from "./stats.ts";

export interface BuildRow {
  seconds: number;
  bytes: number;
  peakRssBytes: number | null;
}

export interface SystemResult {
  name: string;
  dataset: Dataset;
  build: BuildRow;
  counts: Map<string, Summary>;
  plain: LookupFigures;
  withCounts: LookupFigures;
}

export interface Result {
  commit: string;
  started: string;
  seconds: number;
  command: string;
  machine: string;
  loadBefore: string;
  loadAfter: string;
  dataset: Dataset;
  groups: { label: string; terms: string[] }[];
  systems: (Omit<SystemResult, "counts"> & { counts: Record<string, Summary> })[];
  compared: number;
  mismatches: string[];
}

const cell = (s: Summary | undefined) => (s ? `${fmtMs(s.median)} / ${fmtMs(s.p99)} / ${fmtMs(s.worst)}` : "-");

function countTable(r: Result, ours: Result["systems"][number], peers: Result["systems"]): string[] {
  const head = [`| term class | ${ours.name} |${peers.map((p) => ` ${p.name} | x |`).join("")}`];
  head.push(`|---|---:|${peers.map(() => "---:|---:|").join("")}`);
  for (const g of r.groups) {
    const o = ours.counts[g.label];
    const cols = peers.map((p) => {
      const s = p.counts[g.label];
      return `${cell(s)} | ${s && o ? fmtRatio(s.median / o.median) : "-"}`;
    });
    head.push(`| ${g.label} | ${cell(o)} |${cols.map((c) => ` ${c} |`).join("")}`);
  }
  return head;
}

export function report(r: Result): string {
  const [ours, ...rest] = r.systems;
  const full = rest.filter((s) => s.dataset.file === r.dataset.file);
  const sampleOurs = rest.find((s) => s.dataset.file !== r.dataset.file && s.name.startsWith(ours.name));
  const sampled = rest.filter((s) => s.dataset.file !== r.dataset.file && s !== sampleOurs);
  const L: string[] = [];
  L.push(`### ${r.dataset.label}: ${fmtInt(r.dataset.domains)} distinct domains`, "");
  L.push(`- run: \`${r.command}\` at commit ${r.commit}, started ${r.started}, ${r.seconds.toFixed(0)} s`);
  L.push(`- machine: ${r.machine}; load average before ${r.loadBefore}, after ${r.loadAfter} (shared with other work)`);
  L.push(`- answers compared with ours: ${fmtInt(r.compared)}; disagreements: ${r.mismatches.length}`);
  for (const m of r.mismatches.slice(0, 20)) L.push(`  - ${m}`);
  L.push("", "Build (ours: `cli index build` in a child process, peak RSS from /usr/bin/time -v):", "");
  L.push("| system | domains | seconds | domains/s | peak RSS | on disk | bytes/domain |", "|---|---:|---:|---:|---:|---:|---:|");
  for (const s of r.systems) {
    const b = s.build;
    L.push(
      `| ${s.name} | ${fmtInt(s.dataset.domains)} | ${b.seconds.toFixed(1)} | ${fmtInt(s.dataset.domains / b.seconds)} | ${b.peakRssBytes ? fmtMB(b.peakRssBytes) : "-"} | ${fmtMB(b.bytes)} | ${(b.bytes / s.dataset.domains).toFixed(1)} |`,
    );
  }
  L.push("", "zone/count with the full breakdown, ms median / p99 / worst; x = peer median / our median:", "");
  L.push(...countTable(r, ours, full));
  if (sampleOurs && sampled.length > 0) {
    L.push("", `On ${sampleOurs.dataset.label} (${fmtInt(sampleOurs.dataset.domains)} domains), where FTS5 builds in reasonable time:`, "");
    L.push(...countTable(r, sampleOurs, sampled));
  }
  L.push("", "zone/lookup, 5,000-name batch (with counts: peers measured one name at a time within 10 s):", "");
  L.push("| system | domains | names/s without counts | names/s with include_counts | names timed |", "|---|---:|---:|---:|---:|");
  for (const s of r.systems) {
    L.push(
      `| ${s.name} | ${fmtInt(s.dataset.domains)} | ${fmtInt(s.plain.namesPerSecond)} | ${fmtInt(s.withCounts.namesPerSecond)} | ${fmtInt(s.withCounts.names)} |`,
    );
  }
  L.push("", ...verdict(r, ours, full), "");
  return L.join("\n") + "\n";
}

/** The slowest term class for the peers, the fastest peer on it and our factor over it. */
function verdict(r: Result, ours: Result["systems"][number], peers: Result["systems"]): string[] {
  const worstP99 = Math.max(...r.groups.map((g) => ours.counts[g.label]?.p99 ?? 0));
  const lines = [`Our p99 over every term class: at most ${fmtMs(worstP99)} ms (target under 20 ms).`];
  if (peers.length === 0) return lines;
  let slowest = { label: "", best: 0, peer: "" };
  for (const g of r.groups) {
    const best = peers.reduce((b, p) => (p.counts[g.label] && p.counts[g.label].median < b.m ? { m: p.counts[g.label].median, n: p.name } : b), {
      m: Infinity,
      n: "",
    });
    if (best.m > slowest.best) slowest = { label: g.label, best: best.m, peer: best.n };
  }
  let weakest = { label: "", factor: Infinity, peer: "" };
  for (const g of r.groups) {
    for (const p of peers) {
      const f = p.counts[g.label] && ours.counts[g.label] ? p.counts[g.label].median / ours.counts[g.label].median : Infinity;
      if (f < weakest.factor) weakest = { label: g.label, factor: f, peer: p.name };
    }
  }
  const o = ours.counts[slowest.label];
  const p = peers.find((x) => x.name === slowest.peer)!.counts[slowest.label];
  lines.push(`Our smallest factor over any peer on any term class: ${fmtRatio(weakest.factor)} (${weakest.label}, ${weakest.peer}).`);
  lines.push(
    `Slowest term class for the peers: ${slowest.label}. Fastest peer on it: ${slowest.peer}, ${fmtMs(p.median)} ms median and ${fmtMs(p.worst)} ms worst; ours ${fmtMs(o.median)} ms median and ${fmtMs(o.worst)} ms worst: ${fmtRatio(p.median / o.median)} faster at the median, ${fmtRatio(p.worst / o.worst)} at the worst (target 20x).`,
  );
  return lines;
}
