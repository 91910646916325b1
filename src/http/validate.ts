/**
 * One small formatter turns TypeBox's first error into the public message, naming the field
 * and index the way docs/api-rules.md shows: `domains[7] must be a string`,
 * `domains must contain at most 500 items (got 501)`, `unknown field "domian"`.
 * A schema may carry `errorMessage` (a phrase after the field name) for pattern rules.
 */
import type { TSchema } from "@sinclair/typebox";
import { TypeCompiler, type TypeCheck } from "@sinclair/typebox/compiler";
import { ValueErrorType, type ValueError } from "@sinclair/typebox/errors";
import { clip } from "../domain/name.ts";
import { ApiError } from "./errors.ts";

/** One JSON pointer segment as the caller wrote it, clipped (a key may be megabytes long). */
const segment = (raw: string) => clip(raw.replace(/~1/g, "/").replace(/~0/g, "~"));

/** JSON pointer "/domains/3/x" -> "domains[3].x". */
export function fieldName(pointer: string): string {
  let out = "";
  for (const raw of pointer.split("/").slice(1)) {
    const seg = segment(raw);
    if (/^\d+$/.test(seg)) out += `[${seg}]`;
    else out += out === "" ? seg : `.${seg}`;
  }
  return out;
}

const typeWords: Partial<Record<ValueErrorType, string>> = {
  [ValueErrorType.String]: "a string",
  [ValueErrorType.Boolean]: "a boolean",
  [ValueErrorType.Integer]: "an integer",
  [ValueErrorType.Number]: "a number",
  [ValueErrorType.Array]: "an array",
  [ValueErrorType.Object]: "an object",
};

function describe(e: ValueError): string {
  const field = fieldName(e.path) || "body";
  const s = e.schema as TSchema & Record<string, unknown>;
  const custom = s.errorMessage as string | undefined;
  const count = Array.isArray(e.value) ? e.value.length : 0;
  switch (e.type) {
    case ValueErrorType.ObjectAdditionalProperties: {
      const parent = e.path.split("/").slice(0, -1).join("/");
      const name = segment(e.path.split("/").pop() ?? "");
      return `unknown field ${JSON.stringify(name)}${parent ? ` in ${fieldName(parent)}` : ""}`;
    }
    case ValueErrorType.ObjectRequiredProperty:
      return `${field} is required`;
    case ValueErrorType.ArrayMaxItems:
      return `${field} must contain at most ${s.maxItems} items (got ${count})`;
    case ValueErrorType.ArrayMinItems:
      return s.minItems === 1 ? `${field} must not be empty` : `${field} must contain at least ${s.minItems} items (got ${count})`;
    case ValueErrorType.StringMinLength:
    case ValueErrorType.StringMaxLength:
    case ValueErrorType.StringPattern:
      if (custom) return `${field} ${custom}`;
      if (e.type === ValueErrorType.StringPattern) return `${field} must match ${s.pattern}`;
      return lengthRule(field, s.minLength, s.maxLength);
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return `${field} must be at least ${s.minimum}`;
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return `${field} must be at most ${s.maximum}`;
    case ValueErrorType.Union:
    case ValueErrorType.Literal: {
      const options = (s.anyOf as TSchema[] | undefined)?.map((x) => (x as { const?: unknown }).const).filter((v) => v !== undefined);
      if (options?.length) return `${field} must be one of ${options.join(", ")}`;
      return custom ? `${field} ${custom}` : `${field} is not an allowed value`;
    }
    default: {
      const w = typeWords[e.type];
      if (w) return `${field} must be ${w}`;
      return custom ? `${field} ${custom}` : `${field}: ${e.message.toLowerCase()}`;
    }
  }
}

/** "must be 1 to 64 characters", "must not be empty", "must be at most 64 characters". */
function lengthRule(field: string, min: number | undefined, max: number | undefined): string {
  if (max === undefined) return min === 1 ? `${field} must not be empty` : `${field} must be at least ${min ?? 0} characters`;
  return min ? `${field} must be ${min} to ${max} characters` : `${field} must be at most ${max} characters`;
}

export interface Validator<T> {
  schema: TSchema;
  /** Returns the value typed, or throws a 400 naming the field. */
  parse(value: unknown): T;
}

export function validator<T>(schema: TSchema): Validator<T> {
  const check: TypeCheck<TSchema> = TypeCompiler.Compile(schema);
  return {
    schema,
    parse(value: unknown): T {
      if (check.Check(value)) return value as T;
      const first = check.Errors(value).First();
      throw new ApiError("invalid_request", first ? describe(first) : "request body is not valid");
    },
  };
}
