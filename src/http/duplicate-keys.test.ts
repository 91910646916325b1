import { expect, test } from "bun:test";
import { repeatedTopLevelKey } from "./duplicate-keys.ts";

test("finds a repeated top-level key and nothing else", () => {
  const cases: [string, string | null][] = [
    ['{"domains":["a.com"],"domains":["b.com"]}', "domains"],
    ['{"domains":["a.com"]}', null],
    ['{}', null],
    // Repeats inside nested objects, arrays and string values are not top-level keys.
    ['{ "a" : 1 , "b":{"a":2,"a":3}, "c":"\\"a\\":" }', null],
    ['{"a":[{"a":1},{"a":2}],"b":["a","a"]}', null],
    // Brackets inside strings do not move the depth; escaped backslashes end strings.
    ['{"a":"[{","b":"}]","a":3}', "a"],
    ['{"a":"x\\\\","a":1}', "a"],
    // Keys compare as decoded strings.
    ['{"\\u0061":1,"a":2}', "a"],
    ['{"__proto__":1,"__proto__":2}', "__proto__"],
    ['{\n\t"a"\r\n:\n1,"a" :2}', "a"],
  ];
  for (const [text, want] of cases) {
    JSON.parse(text);
    expect([text, repeatedTopLevelKey(text)]).toEqual([text, want]);
  }
});
