import { describe, expect, test } from "bun:test";
import { Type } from "@sinclair/typebox";
import { validator } from "./validate.ts";

/** The 400 message the validator gives for `value` under `schema`. */
function messageOf(schema: ReturnType<typeof Type.Object>, value: unknown): string {
  try {
    validator(schema).parse(value);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("expected a 400");
}

describe("string length messages say the rule in words", () => {
  test("a minimum without a maximum", () => {
    expect(messageOf(Type.Object({ job_id: Type.String({ minLength: 1 }) }), { job_id: "" })).toBe("job_id must not be empty");
    expect(messageOf(Type.Object({ note: Type.String({ minLength: 3 }) }), { note: "ab" })).toBe("note must be at least 3 characters");
  });
  test("a maximum, with or without a minimum", () => {
    expect(messageOf(Type.Object({ term: Type.String({ minLength: 2, maxLength: 63 }) }), { term: "a" })).toBe("term must be 2 to 63 characters");
    expect(messageOf(Type.Object({ tag: Type.String({ maxLength: 4 }) }), { tag: "abcde" })).toBe("tag must be at most 4 characters");
  });
});
