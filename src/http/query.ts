/**
 * Query strings, read as strictly as JSON bodies.
 *
 * - Decoded without loss. URLSearchParams turns every percent-escape that is not UTF-8
 *   (%FF, %FE, an encoded surrogate %ED%A0%80, a cut-off %C3) into U+FFFD, so different
 *   byte strings read as one value: `idempotency_key=%FF` and `=%FE` named the same job.
 *   Such a query is refused with a 400 naming the parameter, like an invalid UTF-8 body. A
 *   "%" that starts no escape ("100%", "%zz") stays literal, as URLSearchParams reads it:
 *   that loses nothing.
 * - A parameter the endpoint does not take is a 400 (as an unknown field is), and so is a
 *   parameter given twice (as a repeated JSON field is), rather than the first or the last
 *   value winning in silence ("?explain=true&explain=false").
 */
import { clip } from "../domain/name.ts";
import { ApiError } from "./errors.ts";

const NO_QUERY = new URLSearchParams();

/** A run of consecutive %XX escapes: a UTF-8 sequence can only sit inside one. */
const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The first run of escapes in `s` whose bytes are not UTF-8, or null. */
export function badEscapes(s: string): string | null {
  if (!s.includes("%")) return null;
  for (const run of s.match(ESCAPE_RUN) ?? []) {
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(run.slice(3 * i + 1, 3 * i + 3), 16);
    try {
      utf8.decode(bytes);
    } catch {
      return run;
    }
  }
  return null;
}

const HINT = "(percent-escapes must encode UTF-8 text)";

/** The parameters of `search` (the part after "?"); throws 400 when an escape is not UTF-8. */
export function strictQuery(search: string): URLSearchParams {
  const query = new URLSearchParams(search);
  if (!search.includes("%")) return query;
  for (const pair of search.split("&")) {
    const eq = pair.indexOf("=");
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const badName = badEscapes(rawName);
    if (badName !== null) throw new ApiError("invalid_request", `a query parameter name is not valid UTF-8: ${JSON.stringify(clip(badName, 40))} ${HINT}`);
    const badValue = eq < 0 ? null : badEscapes(pair.slice(eq + 1));
    if (badValue !== null) {
      const name = new URLSearchParams(rawName).keys().next().value ?? "";
      throw new ApiError(
        "invalid_request",
        `query parameter ${JSON.stringify(clip(name, 40))} is not valid UTF-8: ${JSON.stringify(clip(badValue, 40))} ${HINT}`,
      );
    }
  }
  return query;
}

/** The URL's query parameters, decoded without loss (see strictQuery). */
export function queryOf(url: string): URLSearchParams {
  const at = url.indexOf("?");
  return at < 0 || at === url.length - 1 ? NO_QUERY : strictQuery(url.slice(at + 1));
}

/** The URL's query parameters, decoded without loss, each at most once and each one of `accepted`. */
export function readQuery(url: string, accepted: readonly string[]): URLSearchParams {
  const q = queryOf(url);
  return q === NO_QUERY ? q : checkParams(q, accepted);
}

/** `query` itself when every parameter is one of `accepted` and none is given twice; else a 400. */
export function checkParams(query: URLSearchParams, accepted: readonly string[]): URLSearchParams {
  const seen = new Set<string>();
  for (const k of query.keys()) {
    if (!accepted.includes(k)) {
      const takes = accepted.length === 0 ? "this endpoint takes none" : `it takes ${accepted.join(", ")}`;
      throw new ApiError("invalid_request", `unknown query parameter ${JSON.stringify(clip(k))}: ${takes}`);
    }
    if (seen.has(k)) throw new ApiError("invalid_request", `query parameter ${JSON.stringify(clip(k))} is given more than once: send it once`);
    seen.add(k);
  }
  return query;
}
