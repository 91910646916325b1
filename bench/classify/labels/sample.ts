/**
 * The hand-labelled sample (README.md beside this file): reading and checking labels.tsv, the
 * tune/held-out rule, and the figures score.ts prints. Reads only files in this folder, so
 * sample.test.ts runs on a fresh clone.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { TAXONOMY_ROWS, UNCATEGORIZED_VERTICAL } from "../../../src/capabilities/classify/taxonomy-data.ts";

export const LABELS_FILE = path.join(import.meta.dir, "labels.tsv");
export const NAMES_FILE = path.join(import.meta.dir, "names.tsv");

export const LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "sv", "other", "none"] as const;
export type Language = (typeof LANGUAGES)[number];
export type Part = "tune" | "heldout";
export type Confidence = "high" | "medium" | "low";

export interface Label {
  domain: string;
  language: Language;
  /** Verticals accepted as right; empty = "none" (no word pointing to a business). */
  accepted: readonly string[];
  note: string;
  /** Gold word split of the first label, or "" when its words cannot be read. */
  split: string;
}

/**
 * Tuning part = SHA-256(domain) first byte < 128, held-out = the rest: a rule on the name alone,
 * fixed before any label was read, so the held-out half stays untouched by tuning.
 */
export function partOf(domain: string): Part {
  return createHash("sha256").update(domain).digest()[0]! < 128 ? "tune" : "heldout";
}

const VERTICALS = new Set(TAXONOMY_ROWS.map((r) => r[0]));

/** Parses labels.tsv; throws naming the line on any malformed row or unknown vertical. */
export function parseLabels(text: string): Label[] {
  const lines = text.split("\n");
  if (lines[0] !== "domain\tlanguage\tverticals\tnote\tsplit") throw new Error("labels.tsv: unexpected header");
  const out: Label[] = [];
  const seen = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "") continue;
    const where = `labels.tsv line ${i + 1}`;
    const f = line.split("\t");
    if (f.length !== 5) throw new Error(`${where}: ${f.length} columns, expected 5`);
    const [domain, language, verticals, note, split] = f as [string, string, string, string, string];
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) throw new Error(`${where}: bad domain "${domain}"`);
    if (seen.has(domain)) throw new Error(`${where}: ${domain} listed twice`);
    seen.add(domain);
    if (!(LANGUAGES as readonly string[]).includes(language)) throw new Error(`${where}: unknown language "${language}"`);
    const accepted = verticals === "none" ? [] : verticals.split(",");
    for (const v of accepted) if (!VERTICALS.has(v)) throw new Error(`${where}: "${v}" is not a vertical of the taxonomy`);
    if (note !== "" && note !== "brand") throw new Error(`${where}: note must be empty or "brand"`);
    if (split !== "") {
      if (!/^[a-z0-9]+( [a-z0-9]+)*$/.test(split)) throw new Error(`${where}: split must be lower-case words separated by single spaces`);
      const first = domain.slice(0, domain.indexOf("."));
      if (split.replaceAll(" ", "") !== first.replaceAll("-", "")) throw new Error(`${where}: split "${split}" does not spell "${first}"`);
    }
    out.push({ domain, language: language as Language, accepted, note, split });
  }
  return out;
}

export function loadLabels(): Label[] {
  const labels = parseLabels(readFileSync(LABELS_FILE, "utf8"));
  const drawn = readFileSync(NAMES_FILE, "utf8")
    .split("\n")
    .slice(1)
    .filter((l) => l !== "")
    .map((l) => l.split("\t")[0]!);
  if (drawn.length !== labels.length || drawn.some((d, i) => labels[i]!.domain !== d)) {
    throw new Error("labels.tsv does not list exactly the names of names.tsv, in their order");
  }
  return labels;
}

/**
 * A split compared word boundary by word boundary, except where letters meet digits (the
 * splitter always cuts there, "k9" -> "k 9") and at hyphens (boundaries either way).
 */
export function normaliseSplit(s: string): string {
  return s
    .toLowerCase()
    .replace(/-/g, " ")
    .replace(/([a-z])(?=[0-9])|([0-9])(?=[a-z])/g, "$1$2 ")
    .replace(/\s+/g, " ")
    .trim();
}

/** What the classifier said about one name. */
export interface Prediction {
  vertical: string;
  confidence: Confidence;
  split: string;
}

export interface Tally {
  names: number;
  /** Names labelled with a recognisable word (label != none). */
  worded: number;
  /** Worded names that got a vertical (the coverage numerator). */
  wordedCategorized: number;
  categorized: number;
  /** Categorized names whose vertical is in the accepted list. */
  correct: number;
  /** Names with a gold split, and those the splitter got exactly. */
  splits: number;
  splitsRight: number;
}

export const emptyTally = (): Tally => ({ names: 0, worded: 0, wordedCategorized: 0, categorized: 0, correct: 0, splits: 0, splitsRight: 0 });

/** Right = categorized into an accepted vertical; a name labelled none that got a vertical is wrong. */
export function isCorrect(label: Label, p: Prediction): boolean {
  return p.vertical !== UNCATEGORIZED_VERTICAL && label.accepted.includes(p.vertical);
}

export function add(t: Tally, label: Label, p: Prediction): void {
  const categorized = p.vertical !== UNCATEGORIZED_VERTICAL;
  t.names++;
  if (label.accepted.length > 0) {
    t.worded++;
    if (categorized) t.wordedCategorized++;
  }
  if (categorized) {
    t.categorized++;
    if (isCorrect(label, p)) t.correct++;
  }
  if (label.split !== "") {
    t.splits++;
    if (normaliseSplit(label.split) === normaliseSplit(p.split)) t.splitsRight++;
  }
}

/** Wilson 95 % interval of k successes in n, as percentages; null when n = 0. */
export function wilson(k: number, n: number): [number, number] | null {
  if (n === 0) return null;
  const z = 1.96,
    p = k / n,
    z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [100 * Math.max(0, centre - half), 100 * Math.min(1, centre + half)];
}
