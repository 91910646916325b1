/**
 * Authentication: `Authorization: Bearer <key>` -> SHA-256 -> key row. Runs in onRequest,
 * before any byte of the body is read. Every refusal is the same 401 so that nothing
 * tells a caller whether a key exists or was revoked.
 *
 * Keys found valid are cached by token. The cache is dropped whenever the key table may
 * have changed: `keys.version()` is SQLite's data_version (it moves when another
 * connection, such as `cli keys revoke`, commits). Reading it costs about a microsecond,
 * a sixth of a whole ping, so it is read at most once per millisecond: a revocation or
 * rotation is in force for every request that arrives 1 ms after its commit, far sooner
 * than any client can learn of the change. Unknown tokens are never cached, so random
 * tokens cannot grow the cache. The cache is keyed by the Authorization header as sent
 * (a client sends the same bytes every time), so a hit skips parsing it. On PostgreSQL,
 * version() moves when another node's key write is announced (src/store/postgres/store.ts).
 */
import { hashKey } from "../store/secrets.ts";
import type { KeyRecord, KeyStore } from "../store/types.ts";
import { ApiError } from "./errors.ts";

const PREFIX = "Bearer ";

export function bearerToken(header: string | null): string | null {
  if (!header) return null;
  if (header.startsWith(PREFIX)) {
    const t = header.slice(PREFIX.length).trim();
    return t === "" || t.includes(" ") ? null : t;
  }
  const m = /^bearer[ ]+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

const KEY_RE = /^zw_live_[0-9A-Za-z]{32}$/;
const unauthorized = (msg: string) => new ApiError("unauthorized", msg, {}, { "WWW-Authenticate": "Bearer" });

/** The 401 of a key that does not exist, was revoked or was rotated away: the same for all three. */
export const invalidKey = () => unauthorized("invalid API key");

export class Authenticator {
  private cache = new Map<string, KeyRecord>();
  private version = -1;
  private checkedAt = 0;
  constructor(
    private keys: KeyStore,
    private maxCached = 10_000,
    private recheckMs = 1,
  ) {}

  /** The name of the key a header was accepted for, when it is cached (for the access log). */
  cachedName(header: string | null): string | null {
    return header === null ? null : (this.cache.get(header)?.name ?? null);
  }

  /** The key record, or a promise of it when the store answers with promises. */
  authenticate(header: string | null): KeyRecord | Promise<KeyRecord> {
    if (header === null) throw unauthorized("missing API key: send Authorization: Bearer <key>");
    const now = performance.now();
    if (now - this.checkedAt >= this.recheckMs) {
      this.checkedAt = now;
      const v = this.keys.version();
      if (v !== this.version) {
        this.cache.clear();
        this.version = v;
      }
    }
    const hit = this.cache.get(header);
    if (hit) return hit;
    const token = bearerToken(header);
    if (token === null) {
      // A header that is there but is no single "Bearer <key>" (another scheme, a tab, two
      // Authorization headers joined by a comma) is not a missing key: say what is wrong.
      if (header.trim() === "") throw unauthorized("missing API key: send Authorization: Bearer <key>");
      throw unauthorized("malformed Authorization header: send one header, Authorization: Bearer <key>");
    }
    if (!KEY_RE.test(token)) throw unauthorized("invalid API key");
    const found = this.keys.findByHash(hashKey(token));
    if (!(found instanceof Promise)) return this.admit(header, token, found, true);
    // A store that answers later (PostgreSQL): a record read while a key write was being
    // announced is used for this request but not cached.
    const seen = this.keys.version();
    return found.then((key) => this.admit(header, token, key, seen === this.keys.version()));
  }

  private admit(header: string, token: string, key: KeyRecord | null, cacheable: boolean): KeyRecord {
    if (!key || key.revokedAt !== null) throw unauthorized("invalid API key");
    // Only the canonical spelling is cached: spacing variants of one key cannot churn it.
    if (!cacheable || header.length !== PREFIX.length + token.length) return key;
    if (this.cache.size >= this.maxCached) this.cache.clear();
    this.cache.set(header, key);
    return key;
  }
}
