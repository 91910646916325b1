/**
 * Query strings, read as strictly as JSON bodies: a parameter the endpoint does not take is a
 * 400 (as an unknown field is), and so is a parameter given twice (as a repeated JSON field
 * is), rather than the first or the last value winning in silence ("?explain=true&explain=false").
 */
import { clip } from "../domain/name.ts";
import { ApiError } from "./errors.ts";

const NO_QUERY = new URLSearchParams();

/** The query string's parameters, each at most once and each one of `accepted`. */
export function readQuery(url: string, accepted: readonly string[]): URLSearchParams {
  const at = url.indexOf("?");
  if (at < 0 || at === url.length - 1) return NO_QUERY;
  const q = new URLSearchParams(url.slice(at + 1));
  const seen = new Set<string>();
  for (const k of q.keys()) {
    if (!accepted.includes(k)) {
      const takes = accepted.length === 0 ? "this endpoint takes none" : `it takes ${accepted.join(", ")}`;
      throw new ApiError(400, `unknown query parameter ${JSON.stringify(clip(k))}: ${takes}`);
    }
    if (seen.has(k)) throw new ApiError(400, `query parameter ${JSON.stringify(k)} is given more than once: send it once`);
    seen.add(k);
  }
  return q;
}
