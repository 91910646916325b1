/**
 * The strict body reader. Reads the request stream itself (never Elysia's parser) so that:
 * - the 32 MB cap holds after auth even without Content-Length (Bun's own cap would answer
 *   a bare 413 before auth, so the server's is set high and this one is authoritative);
 * - gzip bodies (Content-Encoding: gzip) are inflated with a cap on the inflated size, so a
 *   gzip bomb is refused after reading at most the cap, with all members decoded;
 * - a body that trickles forever is cut at a total deadline (408);
 * - JSON must be an object; anything else is a 400 that says what was wrong.
 */
import { REQUEST_LIMITS } from "../operations.ts";
import { clip } from "../domain/name.ts";
import { repeatedTopLevelKey, type ShapeProblem } from "./duplicate-keys.ts";
import { ApiError, type ErrorCode } from "./errors.ts";

export interface BodyLimits {
  maxBytes: number;
  maxInflatedBytes: number;
  timeoutMs: number;
}

export const DEFAULT_BODY_LIMITS: BodyLimits = {
  maxBytes: REQUEST_LIMITS.maxBodyBytes,
  maxInflatedBytes: REQUEST_LIMITS.maxInflatedBytes,
  timeoutMs: REQUEST_LIMITS.bodyTimeoutMs,
};

const mb = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

/**
 * Memory and time every body reader shares. Bytes held by bodies being read, all requests
 * together, stay under BODY_MEMORY_BUDGET; at most MAX_INFLATING gzip bodies are inflated
 * at once (one more waits up to INFLATE_WAIT_MS for its turn). Past either, the request is
 * answered 503 `busy` with Retry-After and charged nothing. The inflater is fed slices of
 * INFLATE_SLICE compressed bytes, and the reader yields to other requests every YIELD_BYTES or YIELD_MS,
 * so one gzip bomb (a thousand to one) inflates in steps of a few megabytes, never a
 * gigabyte in one go.
 */
export const BODY_MEMORY_BUDGET = 640 * 1024 * 1024;
export const MAX_INFLATING = 2;
export const INFLATE_WAIT_MS = 2_000;
const INFLATE_SLICE = 4096;
const YIELD_BYTES = 1024 * 1024;
const YIELD_MS = 5;

let held = 0;
let inflating = 0;
const inflateQueue: (() => void)[] = [];

const busy = (what: string) => new ApiError("busy", `server busy: ${what}; retry in a few seconds`, { retry_after_seconds: 2 }, { "Retry-After": "2" });

/** A turn to inflate, within INFLATE_WAIT_MS, or a 503. */
async function inflateTurn(): Promise<() => void> {
  if (inflating >= MAX_INFLATING) {
    const got = await new Promise<boolean>((resolve) => {
      const go = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const i = inflateQueue.indexOf(go);
        if (i >= 0) inflateQueue.splice(i, 1);
        resolve(false);
      }, INFLATE_WAIT_MS);
      inflateQueue.push(go);
    });
    if (!got) throw busy("too many compressed bodies are being inflated");
  } else inflating++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const next = inflateQueue.shift();
    if (next)
      next(); // the turn passes on: `inflating` unchanged
    else inflating--;
  };
}

/** For tests: the bytes currently held by body readers and the inflations running. */
export const bodyLoad = () => ({ held, inflating, waiting: inflateQueue.length });

async function collect(stream: ReadableStream<Uint8Array>, cap: number, what: string, deadline: number, code: ErrorCode): Promise<Uint8Array> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  let sinceYield = 0;
  let lastYield = performance.now();
  try {
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) throw new ApiError("request_timeout", "request body took too long to arrive");
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, rej) => {
        timer = setTimeout(() => rej(new ApiError("request_timeout", "request body took too long to arrive")), left);
      });
      let r: { done: boolean; value?: Uint8Array };
      try {
        r = await Promise.race([reader.read(), timeout]);
      } finally {
        clearTimeout(timer);
      }
      if (r.done) break;
      const len = r.value!.byteLength;
      total += len;
      if (total > cap) throw new ApiError(code, `${what} exceeds ${mb(cap)}`);
      if (held + len > BODY_MEMORY_BUDGET) throw busy("too many large request bodies are being read");
      held += len;
      parts.push(r.value!);
      sinceYield += len;
      if (sinceYield >= YIELD_BYTES || performance.now() - lastYield > YIELD_MS) {
        sinceYield = 0;
        await new Promise<void>((resolve) => setImmediate(resolve));
        lastYield = performance.now();
      }
    }
  } catch (e) {
    reader.cancel().catch(() => {});
    if (e instanceof ApiError) throw e;
    if (e instanceof Error && /gzip|zlib|inflate|decompress|header|incorrect|invalid/i.test(e.message + e.name)) {
      throw new ApiError("invalid_request", "request body is not valid gzip");
    }
    // The inflater's word for gzip data that stops short (a request cut off mid-body reads
    // as the same thing: either way the body is incomplete).
    if (e instanceof Error && /unexpected end of file/i.test(e.message))
      throw new ApiError("invalid_request", "request body is not valid gzip: it ends early (truncated)");
    throw new ApiError("invalid_request", "request body could not be read");
  } finally {
    for (const p of parts) held -= p.byteLength;
  }
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.byteLength;
  }
  return out;
}

/**
 * Bodies are read as UTF-8 (JSON must be, RFC 8259; a text list is). A body declared in
 * another charset ("text/plain; charset=utf-16") would be misread, not refused: 415.
 */
function checkCharset(contentType: string | null): void {
  if (contentType === null || !contentType.includes(";")) return;
  for (const param of contentType.split(";").slice(1)) {
    const eq = param.indexOf("=");
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== "charset") continue;
    const charset = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .toLowerCase();
    if (charset !== "utf-8" && charset !== "utf8" && charset !== "us-ascii") {
      throw new ApiError("unsupported_media_type", `unsupported charset ${JSON.stringify(clip(charset, 40))}: send the body as UTF-8`);
    }
  }
}

/** The raw body bytes, inflated when gzip-encoded; enforces every cap. */
export async function readBody(req: Request, limits: BodyLimits = DEFAULT_BODY_LIMITS): Promise<Uint8Array> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > limits.maxBytes) {
    throw new ApiError("payload_too_large", `request body exceeds ${mb(limits.maxBytes)}`);
  }
  const encoding = (req.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (encoding !== "identity" && encoding !== "gzip" && encoding !== "x-gzip") {
    throw new ApiError("unsupported_media_type", `unsupported Content-Encoding "${encoding}": send identity or gzip`);
  }
  checkCharset(req.headers.get("content-type"));
  if (!req.body) return new Uint8Array(0);
  const deadline = Date.now() + limits.timeoutMs;
  if (encoding === "identity") return collect(req.body, limits.maxBytes, "request body", deadline, "payload_too_large");
  const release = await inflateTurn();
  try {
    // Count the compressed bytes on the way in (in slices, see INFLATE_SLICE), then
    // inflate every member with a cap.
    let raw = 0;
    const counted = req.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, ctl) {
          raw += chunk.byteLength;
          if (raw > limits.maxBytes) return ctl.error(new ApiError("payload_too_large", `request body exceeds ${mb(limits.maxBytes)}`));
          for (let o = 0; o < chunk.byteLength; o += INFLATE_SLICE) ctl.enqueue(chunk.subarray(o, o + INFLATE_SLICE));
        },
      }),
    );
    const inflated = counted.pipeThrough(new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>);
    return await collect(inflated, limits.maxInflatedBytes, "inflated request body", deadline, "invalid_request");
  } finally {
    release();
  }
}

const decoder = new TextDecoder("utf-8", { fatal: true });

export function decodeText(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new ApiError("invalid_request", "request body is not valid UTF-8");
  }
}

/** Parse a JSON object body; arrays, scalars, bad JSON and absurd nesting are 400s. */
export function parseJsonObject(bytes: Uint8Array): Record<string, unknown> {
  if (bytes.byteLength === 0) throw new ApiError("invalid_request", "request body is empty: send a JSON object");
  const text = decodeText(bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    if (e instanceof RangeError) throw new ApiError("invalid_request", "request body is nested too deeply");
    throw new ApiError("invalid_request", `request body is not valid JSON${e instanceof SyntaxError ? `: ${e.message}` : ""}`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ApiError("invalid_request", "request body must be a JSON object");
  }
  const repeated = repeatedTopLevelKey(text);
  if (repeated !== null) throw new ApiError("invalid_request", `duplicate field ${JSON.stringify(clip(repeated))}: send each field once`);
  return value as Record<string, unknown>;
}

/** Shape limits of a body checked on the parse worker (see scanShape). */
export interface ShapeRule {
  maxObjectKeys: number;
  maxValues: number;
}

/**
 * Any JSON body: no object holds more fields than any schema here has a use for, and no
 * body more values than the longest list an endpoint takes (a job's million names) with
 * room to spare. What the schema allows is checked after these.
 */
export const BODY_SHAPE: ShapeRule = { maxObjectKeys: 10_000, maxValues: 2_000_000 };

/** The 400 sentence for what the pre-scan found. */
export function shapeError(p: ShapeProblem): string {
  switch (p.kind) {
    case "unknown":
      return `unknown field ${JSON.stringify(clip(p.key))}`;
    case "duplicate":
      return `duplicate field ${JSON.stringify(clip(p.key))}: send each field once`;
    case "wide":
      return `request body holds an object with more than ${p.max.toLocaleString("en-US")} fields`;
    case "values":
      return `request body holds more than ${p.max.toLocaleString("en-US")} values`;
  }
}
