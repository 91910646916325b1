/**
 * One module owns every non-2xx answer: the error type, the JSON body builder, and the
 * mapping of framework errors and surprises into JSON. Every 4xx/5xx is `{ error, ... }`.
 */

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const notFound = (message = "not found") => new ApiError(404, message);

export function rateLimited(retryAfterSeconds: number, bucket: string): ApiError {
  const s = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(
    429,
    `rate limit exceeded for ${bucket}: retry in ${s} s`,
    { retry_after_seconds: s },
    { "Retry-After": String(s) },
  );
}

export function quotaExceeded(needed: number, remaining: number, resetsAt: Date, now: number): ApiError {
  const s = Math.max(1, Math.ceil((resetsAt.getTime() - now) / 1000));
  return new ApiError(
    429,
    `daily credit quota exceeded: this request needs ${needed} credits, ${remaining} remain until ${resetsAt.toISOString()}`,
    { resets_at: resetsAt.toISOString(), retry_after_seconds: s },
    { "Retry-After": String(s) },
  );
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

/** Shared "no extra headers" marker: never mutated (jsonResponse checks identity). */
export const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

export function jsonResponse(status: number, body: unknown, headers: Readonly<Record<string, string>> = NO_HEADERS): Response {
  if (headers === NO_HEADERS) return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
  return new Response(JSON.stringify(body), { status, headers: { ...headers, ...JSON_HEADERS } });
}

export function errorResponse(err: ApiError): Response {
  return jsonResponse(err.status, { error: err.message, ...err.extra }, err.headers);
}

/** Anything thrown becomes JSON; only our own ApiError keeps its status. */
export function toErrorResponse(err: unknown, log: (e: unknown) => void = console.error): Response {
  if (err instanceof ApiError) return errorResponse(err);
  log(err);
  return jsonResponse(500, { error: "internal error" });
}
