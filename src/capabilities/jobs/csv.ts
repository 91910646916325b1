/**
 * CSV form of the results (docs/jobs.md): a header row, one column per field of the row
 * in the row's documented field order, nested objects flattened with dots, arrays joined with "|"
 * (an object inside an array is written as its values joined with "/", e.g. a categorize
 * tag "Food & Drink/Restaurants"), booleans true/false, null and absent fields empty, and
 * a final `error` column.
 */
import { JOB_TYPES, type JobType } from "../../operations.ts";

/** The columns of a job type's CSV (JOB_TYPES[type].csvColumns). */
export function csvColumns(type: JobType, options: { include_counts?: boolean }): string[] {
  return [...JOB_TYPES[type].csvColumns(options)];
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
