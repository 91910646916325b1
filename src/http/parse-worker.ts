/**
 * The parse worker: a Bun worker thread that takes a large request body off the main
 * thread, where JSON.parse, the duplicate-key check and validation of tens of megabytes
 * would stall every other request for seconds. It runs exactly the checks the main
 * thread runs (the same functions, so the same messages), after the shape pre-scan of
 * `scanShape`, and answers either the error or "fine". A fine REST body is then parsed
 * again on the main thread, which is cheap because its schema bounds it; a job submission
 * comes back already checked, its names as one UTF-8 buffer (moved, not a million strings).
 * The thread asks the OS for a lower priority (nice 10, Linux), so on a busy machine the
 * main thread, which answers every other request, gets the CPU first.
 * The body's buffer is transferred both ways, never copied.
 */
import type { TSchema } from "@sinclair/typebox";
import { fromJson, fromText, type Submission } from "../capabilities/jobs/submit.ts";
import { SubmitSchema } from "../capabilities/jobs/schema.ts";
import type { OperationId } from "../operations.ts";
import { decodeText, parseJsonObject, shapeError, type ShapeRule } from "./body.ts";
import { scanShape } from "./duplicate-keys.ts";
import { ApiError } from "./errors.ts";
import { validator, type Validator } from "./validate.ts";
import type { ParseAnswer, ParseRequest } from "./big-body.ts";

declare const self: Worker;

/** setpriority(PRIO_PROCESS, 0, 10): on Linux, 0 is the calling thread only. Best effort. */
function lowerPriority(): void {
  if (process.platform !== "linux") return;
  try {
    const { dlopen, FFIType } = require("bun:ffi") as typeof import("bun:ffi");
    const libc = dlopen("libc.so.6", { setpriority: { args: [FFIType.i32, FFIType.u32, FFIType.i32], returns: FFIType.i32 } });
    libc.symbols.setpriority(0, 0, 10);
  } catch {
    // no libc by that name (musl) or no FFI: the same thread at the same priority
  }
}
lowerPriority();

/** The top-level fields a schema allows, or null when it allows others too. */
function topLevel(schema: TSchema): ReadonlySet<string> | null {
  const s = schema as { additionalProperties?: unknown; properties?: Record<string, unknown> };
  return s.additionalProperties === false && s.properties ? new Set(Object.keys(s.properties)) : null;
}

let endpoints: Map<string, { body?: (limit: number) => unknown }> | null = null;
const validators = new Map<string, { v: Validator<unknown>; allowed: ReadonlySet<string> | null }>();

async function restValidator(op: OperationId, limit: number) {
  const id = `${op}/${limit}`;
  let got = validators.get(id);
  if (!got) {
    // Imported on first use: the endpoint table pulls in every capability's schemas.
    endpoints ??= new Map((await import("../routes.ts")).ENDPOINTS.map((e) => [e.op.id, e]));
    const ep = endpoints.get(op);
    if (!ep?.body) throw new Error(`parse worker: no body schema for ${op}`);
    const schema = ep.body(limit) as TSchema;
    validators.set(id, (got = { v: validator(schema), allowed: topLevel(schema) }));
  }
  return got;
}

const jobAllowed = topLevel(SubmitSchema(1) as TSchema);

function prescan(text: string, rule: ShapeRule, allowed: ReadonlySet<string> | null): void {
  const problem = scanShape(text, { allowed, maxObjectKeys: rule.maxObjectKeys, maxValues: rule.maxValues });
  if (problem) throw new ApiError("invalid_request", shapeError(problem));
}

/** A checked submission with its names as one UTF-8 text (transferred, not copied). */
function packed(s: Submission): Submission {
  return { ...s, names: [], namesBytes: new TextEncoder().encode(s.names.join("\n") + "\n"), count: s.names.length };
}

async function handle(req: ParseRequest): Promise<Omit<ParseAnswer, "id" | "bytes">> {
  const bytes = req.bytes;
  switch (req.kind) {
    case "rest": {
      const { v, allowed } = await restValidator(req.op, req.limit);
      if (bytes.byteLength > 0) prescan(decodeText(bytes), req.rule, allowed);
      v.parse(parseJsonObject(bytes));
      return { ok: true };
    }
    case "json": {
      let text: string;
      try {
        text = decodeText(bytes);
      } catch {
        return { ok: true, valid: false };
      }
      prescan(text, req.rule, null);
      try {
        JSON.parse(text);
        return { ok: true, valid: true };
      } catch {
        return { ok: true, valid: false };
      }
    }
    case "job-json": {
      if (bytes.byteLength > 0) prescan(decodeText(bytes), req.rule, jobAllowed);
      return { ok: true, submission: packed(fromJson(parseJsonObject(bytes), req.listLimit)) };
    }
    case "job-text": {
      return { ok: true, submission: packed(fromText(decodeText(bytes), new URLSearchParams(req.query), req.listLimit)) };
    }
  }
}

self.onmessage = async (ev: MessageEvent<ParseRequest>) => {
  const req = ev.data;
  let answer: Omit<ParseAnswer, "id" | "bytes">;
  try {
    answer = await handle(req);
  } catch (e) {
    answer =
      e instanceof ApiError
        ? { ok: false, code: e.code, message: e.message, extra: e.extra, headers: e.headers }
        : { ok: false, code: "internal", message: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  const transfer = [req.bytes.buffer as ArrayBuffer];
  if (answer.submission?.namesBytes) transfer.push(answer.submission.namesBytes.buffer as ArrayBuffer);
  self.postMessage({ ...answer, id: req.id, bytes: req.bytes } satisfies ParseAnswer, transfer);
};
