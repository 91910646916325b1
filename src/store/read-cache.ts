import type { Database } from "bun:sqlite";

/**
 * A cache of values read from SQLite that stays exact across processes.
 *
 * - Another connection's commit (a second server, `cli keys ...`) moves SQLite's
 *   `PRAGMA data_version`; the cache checks it at most once per `recheckMs` and empties
 *   itself when it moved. Reading the pragma costs about a microsecond, which is the
 *   whole point of not reading it per request: a change committed elsewhere is seen by
 *   every read that starts `recheckMs` after the commit.
 * - This connection's own commits do not move data_version, so the owner of the cache
 *   calls `drop` (one entry) or `clear` (all) on every write that may change a value.
 *
 * Entries are bounded: the cache empties itself at `max` entries rather than grow.
 */
export class CommitAwareCache<K, V> {
  private entries = new Map<K, V>();
  private dataVersion;
  private seenVersion = -1;
  private checkedAt = -Infinity;

  constructor(
    db: Database,
    private max = 10_000,
    private recheckMs = 1,
  ) {
    this.dataVersion = db.query<{ data_version: number }, []>("PRAGMA data_version");
  }

  get(key: K, load: (key: K) => V): V {
    const now = performance.now();
    if (now - this.checkedAt >= this.recheckMs) {
      this.checkedAt = now;
      const v = this.dataVersion.get()!.data_version;
      if (v !== this.seenVersion) {
        this.entries.clear();
        this.seenVersion = v;
      }
    }
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const fresh = load(key);
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, fresh);
    return fresh;
  }

  drop(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
