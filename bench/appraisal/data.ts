/**
 * Real registered names for the appraisal bench, from ../shared/data/domains (never copied
 * into the repository): the .com/.net/.org lists, the full .ee and .nu zones, zone walks of
 * new extensions, and the Tranco top sites. Samples are deterministic (every k-th line).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { normaliseDomain } from "../../src/domain/name.ts";

export const DOMAINS_DIR = path.resolve(import.meta.dir, "../../../shared/data/domains");

function readLines(file: string): string[] {
  const full = path.join(DOMAINS_DIR, file);
  let text: string;
  if (full.endsWith(".xz")) {
    const r = spawnSync("xz", ["-dc", full], { maxBuffer: 1 << 30, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`xz -dc ${full} failed (is xz installed?)`);
    text = r.stdout;
  } else text = gunzipSync(readFileSync(full)).toString("utf8");
  return text.split("\n");
}

/** Valid full domains of a list (normalised, with an extension), every `step`-th one. */
export function sample(file: string, step = 1, limit = Infinity): string[] {
  const out: string[] = [];
  const lines = readLines(file);
  for (let i = 0; i < lines.length && out.length < limit; i += step) {
    const first = lines[i]!.split(/[\s,]/)[0]!.trim();
    const d = first === "" ? null : normaliseDomain(first);
    if (d?.includes(".")) out.push(d);
  }
  return out;
}

/** Ordinary registered names across legacy, national and new extensions (about n of them). */
export function registeredSample(n: number): string[] {
  const sources: [string, number][] = [
    ["werdlists/com-domain-names.txt.xz", 0.4],
    ["werdlists/net-domain-names.txt.gz", 0.1],
    ["werdlists/org-domain-names.txt.gz", 0.1],
    ["eif-ee_domains.txt.gz", 0.15],
    ["iis-nu_domains.txt.gz", 0.15],
    ["zone-walks/lol.txt.gz", 0.05],
    ["zone-walks/pics.txt.gz", 0.05],
  ];
  const out: string[] = [];
  for (const [file, share] of sources) {
    const all = sample(file);
    const want = Math.round(n * share);
    const step = Math.max(1, Math.floor(all.length / want));
    for (let i = 0; i < all.length && out.length < n && i / step < want; i += step) out.push(all[i]!);
  }
  return out;
}

/** The most visited sites' names (Tranco top list), a proxy for names with proven demand. */
export function topSites(n: number): string[] {
  return sample("tranco_top_100k.csv.gz", 1, n);
}
