/**
 * Authentication: `Authorization: Bearer <key>` -> SHA-256 -> key row. Runs in onRequest,
 * before any byte of the body is read. Every refusal is the same 401 so that nothing
 * tells a caller whether a key exists or was revoked.
 */
import { hashKey, looksLikeKey } from "../store/secrets.ts";
import type { KeyRecord, KeyStore } from "../store/types.ts";
import { ApiError } from "./errors.ts";

export function bearerToken(header: string | null): string | null {
  if (!header) return null;
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

export function authenticate(header: string | null, keys: KeyStore): KeyRecord {
  const token = bearerToken(header);
  if (token === null) throw new ApiError(401, "missing API key: send Authorization: Bearer <key>", {}, { "WWW-Authenticate": "Bearer" });
  if (!looksLikeKey(token)) throw new ApiError(401, "invalid API key", {}, { "WWW-Authenticate": "Bearer" });
  const key = keys.findByHash(hashKey(token));
  if (!key || key.revokedAt !== null) throw new ApiError(401, "invalid API key", {}, { "WWW-Authenticate": "Bearer" });
  return key;
}
