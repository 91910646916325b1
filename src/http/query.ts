/**
 * Query strings, decoded without loss. URLSearchParams turns every percent-escape that is
 * not UTF-8 (%FF, %FE, an encoded surrogate %ED%A0%80, a cut-off %C3) into U+FFFD, so
 * different byte strings read as one value: `idempotency_key=%FF` and `=%FE` named the same
 * job. Such a query is refused with a 400 naming the parameter, like an invalid UTF-8 body.
 * A "%" that starts no escape ("100%", "%zz") stays literal, as URLSearchParams reads it:
 * that loses nothing.
 */
import { clip } from "../domain/name.ts";
import { ApiError } from "./errors.ts";

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
    if (badName !== null) throw new ApiError(400, `a query parameter name is not valid UTF-8: ${JSON.stringify(clip(badName, 40))} ${HINT}`);
    const badValue = eq < 0 ? null : badEscapes(pair.slice(eq + 1));
    if (badValue !== null) {
      const name = new URLSearchParams(rawName).keys().next().value ?? "";
      throw new ApiError(400, `query parameter ${JSON.stringify(clip(name, 40))} is not valid UTF-8: ${JSON.stringify(clip(badValue, 40))} ${HINT}`);
    }
  }
  return query;
}
