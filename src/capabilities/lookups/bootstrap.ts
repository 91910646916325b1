/**
 * The IANA RDAP bootstrap registry for domains (RFC 9224): which RDAP base URLs serve which
 * extension. A copy ships beside this file; ZW_RDAP_BOOTSTRAP names another source (a URL
 * or a file path). The registry is reloaded from its source every day; a reload that fails
 * or yields garbage keeps the registry in use (so a bad download never removes RDAP).
 */
import fs from "node:fs";
import path from "node:path";

export const SHIPPED_BOOTSTRAP = path.join(import.meta.dir, "iana-rdap-dns.json");

export class BootstrapRegistry {
  constructor(
    /** extension (lower-case, no dot) -> base URLs, each ending in "/" */
    private readonly byTld: ReadonlyMap<string, readonly string[]>,
    readonly publication: string | null,
  ) {}

  get size(): number {
    return this.byTld.size;
  }

  /**
   * Base URLs for a domain's extension: the longest registered suffix wins ("co.uk" before
   * "uk"), so second-level registries listed on their own are found.
   */
  serversFor(ext: string): readonly string[] {
    const labels = ext.toLowerCase().split(".");
    for (let i = 0; i < labels.length; i++) {
      const hit = this.byTld.get(labels.slice(i).join("."));
      if (hit) return hit;
    }
    return [];
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    // The parser's own words ("Unexpected identifier") do not say it was the file's format.
    throw new Error(`bootstrap file is not JSON (${e instanceof Error ? e.message : e})`);
  }
}

/** Parse the registry's JSON; throws a message naming what is wrong. */
export function parseBootstrap(text: string): BootstrapRegistry {
  // "null" is valid JSON too: read through ?. so it gets the reason below, not the runtime's TypeError.
  const doc = parseJson(text) as { services?: unknown; publication?: unknown } | null;
  const services = doc?.services;
  if (!Array.isArray(services)) throw new Error("bootstrap file has no services array");
  const byTld = new Map<string, string[]>();
  for (const service of services) {
    if (!Array.isArray(service) || !Array.isArray(service[0]) || !Array.isArray(service[1])) continue;
    const urls = (service[1] as unknown[])
      .filter((u): u is string => typeof u === "string" && /^https?:\/\//i.test(u))
      .map((u) => (u.endsWith("/") ? u : `${u}/`))
      // HTTPS first: RFC 9224 says clients should prefer it when both are listed.
      .sort((a, b) => Number(b.startsWith("https:")) - Number(a.startsWith("https:")));
    if (urls.length === 0) continue;
    for (const tld of service[0] as unknown[]) {
      if (typeof tld === "string" && tld !== "") byTld.set(tld.toLowerCase().replace(/^\./, ""), urls);
    }
  }
  if (byTld.size === 0) throw new Error("bootstrap file lists no extension");
  return new BootstrapRegistry(byTld, typeof doc?.publication === "string" ? doc.publication : null);
}

/** Read the registry from a URL or a file path (time-limited for URLs). */
export async function loadBootstrap(source: string, timeoutMs = 15_000): Promise<BootstrapRegistry> {
  if (/^https?:\/\//i.test(source)) {
    const r = await fetch(source, { signal: AbortSignal.timeout(timeoutMs) });
    if (!r.ok) throw new Error(`bootstrap ${source}: HTTP ${r.status}`);
    return parseBootstrap(await r.text());
  }
  return parseBootstrap(await fs.promises.readFile(source, "utf8"));
}

/**
 * The registry in use, reloaded every `refreshMs` from `refreshFrom` (the configured source,
 * or IANA's URL when the shipped copy is in use). `stop()` ends the reloading.
 */
export class LiveBootstrap {
  private timer: ReturnType<typeof setInterval> | null = null;
  lastError: string | null = null;
  loadedAt = Date.now();

  constructor(
    public current: BootstrapRegistry,
    private readonly refreshFrom: string,
    refreshMs: number,
    private readonly log: (msg: string) => void = () => {},
  ) {
    if (refreshMs > 0) {
      this.timer = setInterval(() => void this.refresh(), refreshMs);
      this.timer.unref?.();
    }
  }

  async refresh(): Promise<boolean> {
    try {
      this.current = await loadBootstrap(this.refreshFrom);
      this.loadedAt = Date.now();
      this.lastError = null;
      return true;
    } catch (e) {
      this.lastError = e instanceof Error ? e.message : String(e);
      this.log(`rdap bootstrap refresh from ${this.refreshFrom} failed, keeping the registry in use: ${this.lastError}`);
      return false;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
