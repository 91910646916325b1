import { expect, test } from "bun:test";
import { badEscapes, strictQuery } from "./query.ts";

test("finds the first run of escapes that is not UTF-8", () => {
  const cases: [string, string | null][] = [
    ["plain", null],
    ["%C3%BF%E2%82%AC%F0%9F%98%80", null], // ÿ € 😀
    ["%EF%BF%BD", null], // U+FFFD itself is valid UTF-8
    ["100%", null], // a "%" that starts no escape stays literal
    ["%zz%4", null],
    ["%FF", "%FF"],
    ["ok%41%FE", "%41%FE"],
    ["%ED%A0%80", "%ED%A0%80"], // an encoded surrogate
    ["%C3", "%C3"], // cut off
    ["%C3x%BF", "%C3"], // a literal character between the bytes of one sequence
    ["%C0%80", "%C0%80"], // overlong NUL
  ];
  for (const [s, want] of cases) expect([s, badEscapes(s)]).toEqual([s, want]);
});

test("strictQuery reads what URLSearchParams reads, or names the parameter", () => {
  expect([...strictQuery("a=1&b=%C3%BF&c=x+y&c")]).toEqual([
    ["a", "1"],
    ["b", "ÿ"],
    ["c", "x y"],
    ["c", ""],
  ]);
  expect(() => strictQuery("type=zone_lookup&idempotency_key=%FF")).toThrow('query parameter "idempotency_key" is not valid UTF-8: "%FF"');
  expect(() => strictQuery("k%FE=1")).toThrow('a query parameter name is not valid UTF-8: "%FE"');
  expect(() => strictQuery(`x=${"%FF".repeat(1000)}`)).toThrow(/"%FF[%F]+\.\.\." \(/); // clipped
});
