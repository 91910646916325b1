/**
 * The text rendering of a tool result, beside its structuredContent: the same data, laid
 * out for a model to read with few tokens. Objects become indented `key: value` lines; a
 * list of records becomes one table (a header of dotted column names, one row per record,
 * cells separated by " | "), so 500 zone lookup rows do not repeat their field names 500
 * times; lists of plain values are joined with ", " (as JSON when one holds ", "). Generic
 * over any JSON value, so every tool renders the same way and a new field of a twin shows
 * up with no change here.
 */

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const isRecord = (v: unknown): v is Record<string, Json> => v !== null && typeof v === "object" && !Array.isArray(v);
const isScalar = (v: unknown) => v === null || typeof v !== "object";

function scalar(v: Json | undefined): string {
  if (v === undefined) return "";
  if (v === null) return "null";
  return typeof v === "string" ? v : String(v);
}

/** Plain values joined with ", ", unless one is empty or holds ", " itself (TXT records): then JSON, unambiguous. */
function joined(xs: Json[]): string {
  const parts = xs.map(scalar);
  return parts.some((p) => p === "" || p.includes(", ")) ? JSON.stringify(xs) : parts.join(", ");
}

/** A cell: scalars as they are, lists of scalars joined, anything deeper as compact JSON. */
function cell(v: Json | undefined): string {
  let s: string;
  if (v === undefined || isScalar(v)) s = scalar(v);
  else if (Array.isArray(v) && v.every(isScalar)) s = joined(v);
  else s = JSON.stringify(v);
  return s.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** Flatten nested objects into dotted columns (classification.vertical), as the CSV results do. */
function flatten(rec: Record<string, Json>, prefix: string, out: Map<string, Json>): void {
  for (const [k, v] of Object.entries(rec)) {
    if (isRecord(v)) flatten(v, `${prefix}${k}.`, out);
    else out.set(prefix + k, v);
  }
}

function table(rows: Record<string, Json>[], indent: string): string[] {
  const flat = rows.map((r) => {
    const m = new Map<string, Json>();
    flatten(r, "", m);
    return m;
  });
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const m of flat) for (const k of m.keys()) if (!seen.has(k)) seen.add(k), columns.push(k);
  const lines = [indent + columns.join(" | ")];
  for (const m of flat) lines.push(indent + columns.map((c) => cell(m.get(c))).join(" | "));
  return lines;
}

function lines(v: Json, indent: string, out: string[]): void {
  if (isRecord(v)) {
    for (const [k, x] of Object.entries(v)) {
      if (isScalar(x)) out.push(`${indent}${k}: ${scalar(x)}`);
      else if (Array.isArray(x) && x.every(isScalar)) out.push(`${indent}${k}: ${x.length ? joined(x) : "(none)"}`);
      else if (Array.isArray(x) && x.length === 0) out.push(`${indent}${k}: (none)`);
      else if (isRecord(x) && Object.keys(x).length === 0) out.push(`${indent}${k}: {}`);
      else {
        out.push(`${indent}${k}:${Array.isArray(x) ? ` (${x.length})` : ""}`);
        lines(x, indent + "  ", out);
      }
    }
  } else if (Array.isArray(v)) {
    if (v.length > 0 && v.every(isRecord)) out.push(...table(v, indent));
    else
      for (const x of v) {
        if (isScalar(x)) out.push(`${indent}- ${scalar(x)}`);
        else {
          out.push(`${indent}-`);
          lines(x, indent + "  ", out);
        }
      }
  } else out.push(indent + scalar(v));
}

export function renderText(value: unknown): string {
  const out: string[] = [];
  lines(value as Json, "", out);
  return out.join("\n");
}
