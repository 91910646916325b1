import { describe, expect, test } from "bun:test";
import { repeatedTopLevelKey, scanShape } from "./duplicate-keys.ts";

test("finds a repeated top-level key and nothing else", () => {
  const cases: [string, string | null][] = [
    ['{"domains":["a.com"],"domains":["b.com"]}', "domains"],
    ['{"domains":["a.com"]}', null],
    ["{}", null],
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

describe("scanShape", () => {
  const limits = { allowed: new Set(["domains", "options"]), maxObjectKeys: 3, maxValues: 10 };
  test("names the first unknown top-level field once there are more fields than allowed", () => {
    expect(scanShape('{"domains":[],"x":1,"y":2}', limits)).toEqual({ kind: "unknown", key: "x" });
    expect(scanShape('{"domains":[],"x":1}', limits)).toBeNull(); // not more than allowed: the validator decides
    expect(scanShape('{"domains":[],"options":{},"domains":1}', limits)).toEqual({ kind: "duplicate", key: "domains" });
    expect(scanShape('{"domains":["x\\",","y"],"options":{"a\\"":1}}', limits)).toBeNull();
  });
  test("counts fields per object at any depth, and values in all", () => {
    expect(scanShape('{"options":{"a":1,"b":2,"c":3,"d":4}}', { ...limits, allowed: null })).toEqual({ kind: "wide", max: 3 });
    expect(scanShape('{"domains":[1,2,3,4,5,6,7,8,9,10,11,12]}', limits)).toEqual({ kind: "values", max: 10 });
    expect(scanShape('{"domains":["a,b,c,d,e,f,g,h,i,j,k,l"]}', limits)).toBeNull();
  });
  test("any text ends the scan without a verdict it cannot make", () => {
    for (const text of ['{"a', '{"a\\"', "]]]}}}", '"', "", '{"domains":[1,2', "{{{{", '{"k":"\\\\"']) {
      expect(scanShape(text, limits)).toBeNull();
    }
  });
});
