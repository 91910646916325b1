import { expect, test } from "bun:test";
import { renderText } from "./render.ts";

test("objects become key: value lines, nested objects indent", () => {
  expect(renderText({ domain: "a.com", final: { value: 1200, low: 900 }, zone: { indexed: true } })).toBe(
    ["domain: a.com", "final:", "  value: 1200", "  low: 900", "zone:", "  indexed: true"].join("\n"),
  );
});

test("a list of records is one table with dotted columns, missing cells empty", () => {
  const text = renderText({
    rows: [
      { input: "google.com", registered: true, c: { v: "x" } },
      { input: "x", registered: null, extra: 3 },
    ],
  });
  expect(text).toBe(["rows: (2)", "  input | registered | c.v | extra", "  google.com | true | x | ", "  x | null |  | 3"].join("\n"));
});

test("lists of plain values are joined, empty ones say so, separators in cells are escaped", () => {
  expect(renderText({ matched: ["pizza", "best"], tags: [], e: [{ error: "a|b\nc" }] })).toBe(
    ["matched: pizza, best", "tags: (none)", "e: (1)", "  error", "  a\\|b c"].join("\n"),
  );
});

test("a list whose values hold the separator is shown as JSON", () => {
  expect(renderText({ TXT: ["v=spf1 -all", "a, b"], e: ["", "x"] })).toBe(['TXT: ["v=spf1 -all","a, b"]', 'e: ["","x"]'].join("\n"));
});

test("every value of the input appears in the text", () => {
  const v = { results: { "a.com": { A: ["1.2.3.4"], MX: [{ exchange: "mx.a.com", priority: 10 }], SOA: null, errors: [] } } };
  const text = renderText(v);
  for (const s of ["a.com", "1.2.3.4", "mx.a.com", "10", "SOA: null", "errors: (none)"]) expect(text).toContain(s);
});
