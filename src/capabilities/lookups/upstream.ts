/**
 * How an upstream (RDAP server, WHOIS server, DNS resolver) failed, and the deadline
 * helpers every client uses. An UpstreamError means "the upstream did not answer usefully"
 * (silent, refused, too slow, busy, garbage): rows failing this way are what turns a
 * request whose every row failed into a 502. Any other failure (no service known for an
 * extension) is an error row but not an upstream outage.
 */

export type UpstreamFailure = "timeout" | "unreachable" | "busy" | "garbage" | "status";

export class UpstreamError extends Error {
  override name = "UpstreamError";
  constructor(
    readonly kind: UpstreamFailure,
    message: string,
  ) {
    super(message);
  }
}

/** An extension with no RDAP service and no WHOIS server. */
export class NoServiceError extends Error {
  override name = "NoServiceError";
}

export const isUpstreamFailure = (e: unknown): boolean => e instanceof UpstreamError;

/** Milliseconds left before a deadline (never negative). */
export const remaining = (deadline: number) => Math.max(0, deadline - Date.now());

/**
 * Resolve with `p`, or reject with a time-out when the deadline passes first. The work
 * behind `p` is not cancelled (it may be shared by other callers: single-flight), but every
 * client bounds its own work too, so nothing runs on for long.
 */
export function beforeDeadline<T>(p: Promise<T>, deadline: number, what: string): Promise<T> {
  const left = remaining(deadline);
  if (left <= 0) return Promise.reject(new UpstreamError("timeout", `${what}: no answer within the time budget`));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UpstreamError("timeout", `${what}: no answer within the time budget`)), left);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** The message of anything thrown, for an error row. */
export function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}
