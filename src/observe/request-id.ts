/**
 * Request ids. Every answer carries `X-Request-Id`. A caller's own id is kept when it is
 * well-formed: 1 to 64 characters of `A-Z a-z 0-9 . _ -` (what fits a log line, a file name
 * and a support ticket without quoting). Anything else (longer, empty, control characters,
 * spaces, non-ASCII) is replaced by one we make, and the caller's text is never echoed, so
 * a hostile id cannot forge log lines or headers.
 *
 * Ids we make are `<12 random base32 chars>-<counter in base 36>`: the random part is new
 * at each start (two processes or two starts never share it), the counter makes ids unique
 * within a process without a random draw per request.
 */
import crypto from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";
const WELL_FORMED = /^[A-Za-z0-9._-]{1,64}$/;

export function isWellFormedRequestId(s: string | null | undefined): s is string {
  return typeof s === "string" && WELL_FORMED.test(s);
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
function randomPrefix(): string {
  const bytes = crypto.randomBytes(12);
  let s = "";
  for (const b of bytes) s += ALPHABET[b & 31];
  return s;
}

const prefix = randomPrefix();
let counter = 0;

/** A fresh id, unique across processes and starts. */
export function newRequestId(): string {
  return `${prefix}-${(++counter).toString(36)}`;
}

/** The caller's id when well-formed, else a fresh one. */
export function requestIdFrom(incoming: string | null | undefined): string {
  return isWellFormedRequestId(incoming) ? incoming : newRequestId();
}
