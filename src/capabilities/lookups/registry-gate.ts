/**
 * Being polite to registries: per upstream host, at most `concurrency` questions in flight
 * (the rest wait in line, first come first served, until their deadline), and a back-off
 * window after the host's own 429 during which nobody asks it again. A caller whose
 * deadline passes in line gets an UpstreamError and leaves the line.
 */
import { UpstreamError } from "./upstream.ts";

interface HostState {
  active: number;
  line: Array<() => void>;
  /** Epoch ms before which the host is not asked (after a 429). */
  until: number;
}

export class RegistryGate {
  private hosts = new Map<string, HostState>();

  constructor(
    private readonly concurrency: number,
    private readonly backoffDefaultMs: number,
    private readonly backoffMaxMs: number,
  ) {}

  private state(host: string): HostState {
    let s = this.hosts.get(host);
    if (!s) this.hosts.set(host, (s = { active: 0, line: [], until: 0 }));
    return s;
  }

  /** Milliseconds the host is still backed off for (0 when it may be asked). */
  blockedFor(host: string, now = Date.now()): number {
    return Math.max(0, (this.hosts.get(host)?.until ?? 0) - now);
  }

  /** The host answered 429: leave it alone for Retry-After (bounded), or the default. */
  backOff(host: string, retryAfterMs: number | null, now = Date.now()): number {
    const ms = Math.min(this.backoffMaxMs, retryAfterMs !== null && retryAfterMs >= 0 ? retryAfterMs : this.backoffDefaultMs);
    const s = this.state(host);
    s.until = Math.max(s.until, now + ms);
    return ms;
  }

  /** Run `fn` once a slot for `host` is free, or fail when the deadline comes first. */
  async run<T>(host: string, deadline: number, fn: () => Promise<T>): Promise<T> {
    const s = this.state(host);
    if (s.active >= this.concurrency) await this.wait(s, host, deadline);
    else s.active++;
    try {
      return await fn();
    } finally {
      const next = s.line.shift();
      if (next) next();
      else s.active--;
      if (s.active === 0 && s.line.length === 0 && s.until <= Date.now()) this.hosts.delete(host);
    }
  }

  /** Wait for a slot handed over by a finishing caller (the slot count stays with us). */
  private wait(s: HostState, host: string, deadline: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(
        () => {
          const i = s.line.indexOf(wake);
          if (i >= 0) s.line.splice(i, 1);
          reject(new UpstreamError("timeout", `${host}: no free slot within the time budget`));
        },
        Math.max(0, deadline - Date.now()),
      );
      s.line.push(wake);
    });
  }
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const t = header.trim();
  if (/^\d+$/.test(t)) return Number(t) * 1000;
  const at = Date.parse(t);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}
