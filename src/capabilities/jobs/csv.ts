/**
 * CSV form of the results (decisions §7): a header row, one column per field of the row
 * in the spec's table order, nested objects flattened with dots, arrays joined with "|"
 * (an object inside an array is written as its values joined with "/", e.g. a categorize
 * tag "Food & Drink/Restaurants"), booleans true/false, null and absent fields empty, and
 * a final `error` column.
 */
import type { JobType } from "../../operations.ts";

const ZONE = ["input", "name", "extension", "registered", "extensions_registered"];
const ZONE_COUNTS = ["containing_domains", "containing_names", "starting_domains", "ending_domains"];

export function csvColumns(type: JobType, options: { include_counts?: boolean }): string[] {
  switch (type) {
    case "zone_lookup":
      return [...ZONE, ...(options.include_counts ? ZONE_COUNTS : []), "supported", "error"];
    case "appraise":
      return ["domain", "value", "low", "high", "version", "classification.split", "classification.vertical", "classification.subcategory", "classification.domain_type", "error"];
    case "categorize":
      return ["domain", "sld", "split", "vertical", "subcategory", "confidence", "matched", "source", "type", "tags", "error"];
  }
}

function cell(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) return quote(v.map((x) => (x !== null && typeof x === "object" ? Object.values(x).join("/") : String(x))).join("|"));
  if (typeof v === "object") return quote(JSON.stringify(v));
  return quote(String(v));
}

function quote(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function pick(row: Record<string, unknown>, col: string): unknown {
  if (!col.includes(".")) return row[col];
  let v: unknown = row;
  for (const part of col.split(".")) v = v !== null && typeof v === "object" ? (v as Record<string, unknown>)[part] : undefined;
  return v;
}

export const csvHeader = (cols: readonly string[]) => cols.join(",") + "\r\n";

/** One CSV line (with CRLF) per NDJSON line. */
export function csvLine(cols: readonly string[], ndjsonLine: string): string {
  const row = JSON.parse(ndjsonLine) as Record<string, unknown>;
  let out = "";
  for (let i = 0; i < cols.length; i++) out += (i ? "," : "") + cell(pick(row, cols[i]!));
  return out + "\r\n";
}
