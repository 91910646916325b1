/**
 * Scoring for the segmentation benchmark. A gold line is one hand split of a domain name
 * ("Open B S D"); the input is the line without spaces, lower-cased. Two figures:
 * - strict: the lower-cased tokens are exactly the gold's;
 * - merged: the same after merging every run of one-letter tokens into one token, on both
 *   sides ("open b s d" == "open bsd"): the data spells acronyms letter by letter, while
 *   the product keeps them whole.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export const SEGMENTATION_DATA = path.resolve(import.meta.dir, "../../../shared/data/segmentation");

export interface Case {
  input: string;
  gold: string[];
}

export function loadCases(file: "train.txt" | "eval.txt"): Case[] {
  const out: Case[] = [];
  for (const line of readFileSync(path.join(SEGMENTATION_DATA, file), "utf8").split("\n")) {
    const gold = line
      .trim()
      .toLowerCase()
      .split(/\s+/)
      .filter((t) => t !== "");
    if (gold.length > 0) out.push({ input: gold.join(""), gold });
  }
  return out;
}

const LETTER = /^[a-z]$/;

export function mergeSingles(tokens: readonly string[]): string[] {
  const out: string[] = [];
  let run = "";
  for (const t of tokens) {
    if (LETTER.test(t)) {
      run += t;
      continue;
    }
    if (run !== "") {
      out.push(run);
      run = "";
    }
    out.push(t);
  }
  if (run !== "") out.push(run);
  return out;
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

export interface Score {
  strict: number;
  merged: number;
  n: number;
}

export function score(cases: readonly Case[], split: (input: string) => readonly string[]): Score {
  let strict = 0,
    merged = 0;
  for (const c of cases) {
    const got = split(c.input).map((t) => t.toLowerCase());
    if (same(got, c.gold)) strict++;
    if (same(mergeSingles(got), mergeSingles(c.gold))) merged++;
  }
  return { strict: strict / cases.length, merged: merged / cases.length, n: cases.length };
}
