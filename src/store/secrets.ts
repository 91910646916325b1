/** Key material: `zw_live_` + 32 base62, `whsec_` + 32 base62, SHA-256 hex for storage. */
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export const KEY_PREFIX = "zw_live_";
export const SECRET_PREFIX = "whsec_";

/** 32 base62 characters from a CSPRNG, by rejection sampling (no modulo bias). */
export function randomBase62(len = 32): string {
  let out = "";
  while (out.length < len) {
    const bytes = crypto.getRandomValues(new Uint8Array(len * 2));
    for (const b of bytes) {
      if (b < 248 && out.length < len) out += BASE62[b % 62];
    }
  }
  return out;
}

export const newApiKey = () => KEY_PREFIX + randomBase62();
export const newWebhookSecret = () => SECRET_PREFIX + randomBase62();

const hasher = new Bun.CryptoHasher("sha256");
export function hashKey(key: string): string {
  hasher.update(key);
  return hasher.digest("hex");
}
