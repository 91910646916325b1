/**
 * Test fixture (sqlite.test.ts): one thread with its own connection reserving as fast as it
 * can against one key's small quota; posts back the credits it was granted.
 */
import { USAGE_KEYS } from "../operations.ts";
import { openStore } from "./sqlite.ts";

declare const self: Worker;

self.onmessage = (e: MessageEvent<{ dir: string; keyId: number; day: string; quota: number; attempts: number; seed: number }>) => {
  const { dir, keyId, day, quota, attempts, seed } = e.data;
  const store = openStore(dir);
  let granted = 0;
  let refused = 0;
  for (let i = 0; i < attempts; i++) {
    const credits = 1 + ((i + seed) % 3);
    const usageKey = USAGE_KEYS[(i + seed) % USAGE_KEYS.length]!;
    const r = store.usage.reserve(keyId, day, usageKey, credits, quota);
    if (r.used > quota) throw new Error(`used ${r.used} past the quota ${quota}`);
    if (r.ok) granted += credits;
    else refused++;
  }
  store.close();
  self.postMessage({ granted, refused });
};
