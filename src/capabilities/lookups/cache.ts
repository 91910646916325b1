/**
 * A bounded in-memory cache with per-entry lifetimes, and single-flight for questions in
 * flight. The cache is an LRU over a Map (insertion order = recency; a hit re-inserts),
 * bounded both by entry count and by approximate bytes (JSON length of the value, measured
 * once on insert), so a flood of distinct names cannot grow memory without bound.
 */

interface Entry<V> {
  value: V;
  expires: number;
  bytes: number;
}

export class TtlLru<V> {
  private map = new Map<string, Entry<V>>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.map.size;
  }

  get approxBytes(): number {
    return this.bytes;
  }

  get(key: string, now = Date.now()): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    this.map.delete(key);
    if (e.expires <= now) {
      this.bytes -= e.bytes;
      return undefined;
    }
    this.map.set(key, e);
    return e.value;
  }

  set(key: string, value: V, ttlMs: number, now = Date.now()): void {
    if (ttlMs <= 0) return;
    const bytes = key.length + JSON.stringify(value).length;
    if (bytes > this.maxBytes) return;
    const old = this.map.get(key);
    if (old) {
      this.map.delete(key);
      this.bytes -= old.bytes;
    }
    this.map.set(key, { value, expires: now + ttlMs, bytes });
    this.bytes += bytes;
    for (const [k, e] of this.map) {
      if (this.map.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.map.delete(k);
      this.bytes -= e.bytes;
    }
  }

  clear(): void {
    this.map.clear();
    this.bytes = 0;
  }
}

/** Concurrent callers asking the same question share one answer (and one upstream trip). */
export class SingleFlight<V> {
  private inFlight = new Map<string, Promise<V>>();

  get pending(): number {
    return this.inFlight.size;
  }

  run(key: string, work: () => Promise<V>): Promise<V> {
    const existing = this.inFlight.get(key);
    if (existing) return existing;
    const p = work().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, p);
    return p;
  }
}
