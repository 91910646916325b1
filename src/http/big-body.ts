/**
 * Large bodies are checked on the parse worker (src/http/parse-worker.ts), never on the
 * main thread: bodies over OFFLOAD_BYTES (inflated) go there, smaller ones are parsed
 * where they arrive (a worker hop would cost more than the parse).
 *
 * One worker, one body at a time: the big parses share one core and their memory is
 * bounded to one body's. At most MAX_WAITING more wait their turn; a body beyond that is
 * answered 503 `busy` with Retry-After and charged nothing. A worker that dies (out of
 * memory) fails its body with the same 503 and is replaced for the next one.
 */
import type { Submission } from "../capabilities/jobs/submit.ts";
import type { OperationId } from "../operations.ts";
import { ApiError, type ErrorCode } from "./errors.ts";

/** Bodies larger than this (after inflation) are checked on the parse worker. */
export const OFFLOAD_BYTES = 256 * 1024;
/** Bodies waiting for the worker besides the one it is on. */
export const MAX_WAITING = 6;

/** Shape limits the pre-scan applies (besides the schema's own top-level fields). */
export interface ShapeRuleWire {
  maxObjectKeys: number;
  maxValues: number;
}

export type ParseRequest = { id: number; bytes: Uint8Array; rule: ShapeRuleWire } & (
  | { kind: "rest"; op: OperationId; limit: number }
  | { kind: "json" }
  | { kind: "job-json"; listLimit: number }
  | { kind: "job-text"; listLimit: number; query: string }
);

export interface ParseAnswer {
  id: number;
  bytes: Uint8Array;
  ok: boolean;
  /** kind "json": whether the text is JSON at all. */
  valid?: boolean;
  submission?: Submission;
  code?: ErrorCode;
  message?: string;
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** A request as the caller gives it (the id is the worker's own). */
export type ParseInput = ParseRequest extends infer R ? (R extends unknown ? Omit<R, "id"> : never) : never;

type Pending = { req: ParseRequest; resolve: (a: ParseAnswer) => void; reject: (e: unknown) => void };

const busy = () =>
  new ApiError(
    "busy",
    "server busy: too many large request bodies are being checked; retry in a few seconds",
    { retry_after_seconds: 2 },
    { "Retry-After": "2" },
  );

class ParseWorker {
  private worker: Worker | null = null;
  private current: Pending | null = null;
  private waiting: Pending[] = [];
  private nextId = 1;

  run(req: ParseInput): Promise<ParseAnswer> {
    if (this.current !== null && this.waiting.length >= MAX_WAITING) return Promise.reject(busy());
    // Transferable only as a whole buffer: a view into a larger one is copied first.
    const own = req.bytes.byteOffset === 0 && req.bytes.byteLength === req.bytes.buffer.byteLength ? req.bytes : req.bytes.slice();
    return new Promise<ParseAnswer>((resolve, reject) => {
      this.waiting.push({ req: { ...req, bytes: own, id: this.nextId++ } as ParseRequest, resolve, reject });
      this.pump();
    });
  }

  private spawn(): Worker {
    const w = new Worker(new URL("./parse-worker.ts", import.meta.url).href);
    w.onmessage = (ev: MessageEvent<ParseAnswer>) => {
      const p = this.current;
      this.current = null;
      if (p && ev.data.id === p.req.id) p.resolve(ev.data);
      this.pump();
    };
    const died = () => {
      if (this.worker !== w) return;
      this.worker = null;
      const p = this.current;
      this.current = null;
      p?.reject(busy());
      this.pump();
    };
    w.onerror = (e) => {
      e.preventDefault?.();
      died();
      w.terminate();
    };
    w.addEventListener("close", died);
    w.unref();
    return w;
  }

  private pump(): void {
    if (this.current !== null) return;
    const next = this.waiting.shift();
    if (!next) return;
    this.current = next;
    this.worker ??= this.spawn();
    this.worker.postMessage(next.req, [next.req.bytes.buffer as ArrayBuffer]);
  }
}

const shared = new ParseWorker();

/** Runs a check on the parse worker; an error it found is thrown here as the same ApiError. */
export async function checkApart(req: ParseInput): Promise<ParseAnswer> {
  const a = await shared.run(req);
  if (!a.ok) {
    if (a.code === "internal") throw new Error(a.message);
    throw new ApiError(a.code ?? "invalid_request", a.message ?? "request body is not valid", a.extra ?? {}, a.headers ?? {});
  }
  return a;
}
