/**
 * Draws the hand-labelled sample of real registered names (rule in README.md, "The draw").
 *
 *   node scripts/bun.cjs run bench/classify/labels/draw.ts [--check]
 *
 * Writes names.tsv (domain, source file, stratum) beside this script; with --check it writes
 * nothing and exits 1 when names.tsv is not exactly what the rule draws. Reads
 * ../shared/data/domains (or $SHARED_DATA/domains; the .xz lists through the `xz` command).
 *
 * The rule looks only at the names: each stratum is a set of extensions with the source files
 * read for it; its candidates are the valid, non-punycode names of those files whose extension
 * is in the set (first source file wins a duplicate), ranked by SHA-256("zonewise-labels-draw:"
 * + domain); the stratum's quota of lowest-ranked names is drawn. The salt keeps the draw
 * independent of the tune/held-out split, which reads the unsalted SHA-256 of the domain.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { normaliseDomain, splitName } from "../../../src/domain/name.ts";

/** ../shared/data beside the repository, or SHARED_DATA=<dir> when the checkout lives elsewhere. */
const DATA = path.join(process.env.SHARED_DATA ?? path.resolve(import.meta.dir, "../../../../shared/data"), "domains");
const OUT = path.join(import.meta.dir, "names.tsv");
export const DRAW_SALT = "zonewise-labels-draw:";

interface Stratum {
  id: string;
  /** The extensions (everything after the first label) a drawn name may have. */
  exts: readonly string[];
  /** Source files under ../shared/data/domains, in the order that attributes duplicates. */
  files: readonly string[];
  quota: number;
}

const TRANCO = "tranco_top_100k.csv.gz";

/** About half the sample from English-speaking extensions, the rest by language area. */
export const STRATA: readonly Stratum[] = [
  { id: "com", exts: ["com"], files: ["werdlists/com-domain-names.txt.xz", TRANCO], quota: 400 },
  { id: "net", exts: ["net"], files: ["werdlists/net-domain-names.txt.gz", TRANCO], quota: 100 },
  { id: "org", exts: ["org"], files: ["werdlists/org-domain-names.txt.gz", TRANCO], quota: 100 },
  { id: "uk", exts: ["uk", "co.uk", "org.uk"], files: ["werdlists/uk-domain-names.txt.xz", TRANCO], quota: 120 },
  { id: "en-other", exts: ["us", "com.au", "ca", "ie", "co.nz"], files: [TRANCO], quota: 60 },
  { id: "de", exts: ["de", "at", "ch", "ruhr"], files: [TRANCO, "zone-walks/ruhr.txt.gz"], quota: 125 },
  { id: "fr", exts: ["fr"], files: ["werdlists/fr-domain-names.txt.xz", TRANCO], quota: 115 },
  { id: "es", exts: ["es", "mx", "com.mx", "com.ar", "cl"], files: [TRANCO], quota: 110 },
  { id: "it", exts: ["it"], files: [TRANCO], quota: 110 },
  { id: "nl", exts: ["nl"], files: [TRANCO], quota: 110 },
  { id: "pt", exts: ["com.br", "br", "pt"], files: ["werdlists/comdotbr-domain-names.txt.xz", "zone-walks/br.txt.gz", TRANCO], quota: 110 },
  { id: "sv", exts: ["se", "nu"], files: ["zone-walks/se.txt.gz", "iis-nu_domains.txt.gz", "zone-walks/nu.txt.gz", TRANCO], quota: 110 },
  { id: "ee", exts: ["ee"], files: ["eif-ee_domains.txt.gz", "zone-walks/ee.txt.gz"], quota: 30 },
];

function readLines(file: string): string[] {
  const full = path.join(DATA, file);
  let text: string;
  if (file.endsWith(".xz")) {
    const p = Bun.spawnSync(["xz", "-dc", full]);
    if (p.exitCode !== 0) throw new Error(`xz -dc ${full} failed: ${p.stderr.toString()}`);
    text = p.stdout.toString();
  } else {
    text = gunzipSync(readFileSync(full)).toString("utf8");
  }
  return text.split("\n");
}

export function drawHash(domain: string): string {
  return createHash("sha256")
    .update(DRAW_SALT + domain)
    .digest("hex");
}

export interface Drawn {
  domain: string;
  source: string;
  stratum: string;
}

export function draw(): Drawn[] {
  const cache = new Map<string, string[]>();
  const seen = new Set<string>();
  const out: Drawn[] = [];
  for (const s of STRATA) {
    const exts = new Set(s.exts);
    const cands = new Map<string, string>(); // domain -> source file
    for (const file of s.files) {
      let lines = cache.get(file);
      if (lines === undefined) cache.set(file, (lines = readLines(file)));
      for (const line of lines) {
        const ascii = normaliseDomain(line.trim());
        if (ascii === null) continue;
        const p = splitName(ascii);
        if (p.ext === null || !exts.has(p.ext) || p.name.startsWith("xn--")) continue;
        if (!cands.has(ascii) && !seen.has(ascii)) cands.set(ascii, file);
      }
    }
    const ranked = [...cands.keys()].map((d) => [drawHash(d), d] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1));
    if (ranked.length < s.quota) throw new Error(`stratum ${s.id}: ${ranked.length} candidates, quota ${s.quota}`);
    for (const [, d] of ranked.slice(0, s.quota)) {
      seen.add(d);
      out.push({ domain: d, source: cands.get(d)!, stratum: s.id });
    }
  }
  return out;
}

if (import.meta.main) {
  const rows = draw();
  const text = "domain\tsource\tstratum\n" + rows.map((r) => `${r.domain}\t${r.source}\t${r.stratum}\n`).join("");
  if (process.argv.includes("--check")) {
    const same = readFileSync(OUT, "utf8") === text;
    console.log(same ? `names.tsv matches the rule (${rows.length} names)` : "names.tsv differs from what the rule draws");
    process.exit(same ? 0 : 1);
  }
  writeFileSync(OUT, text);
  console.log(`${rows.length} names -> ${OUT}`);
}
