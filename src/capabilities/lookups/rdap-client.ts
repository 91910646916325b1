/**
 * One RDAP query over HTTP(S): redirects followed by hand (bounded, each hop through the
 * registry gate of its own host), a time-out per exchange that also covers reading the
 * body, a byte cap on the body, 404 (or an error object saying 404) as not found, and a
 * registry's 429 turned into a back-off for that host (waited out once when it is short).
 * Whatever else comes back (5xx, invalid JSON, an endless body) is an UpstreamError.
 */
import type { RegistryGate } from "./registry-gate.ts";
import { retryAfterMs } from "./registry-gate.ts";
import { isNotFoundBody } from "./rdap-parse.ts";
import type { LookupSettings } from "./settings.ts";
import { remaining, UpstreamError } from "./upstream.ts";

export type RdapAnswer = { kind: "found"; body: unknown; url: string } | { kind: "not_found"; url: string };

const ACCEPT = "application/rdap+json, application/json;q=0.9";

export class RdapClient {
  constructor(
    private readonly gate: RegistryGate,
    private readonly s: LookupSettings,
  ) {}

  async query(startUrl: string, deadline: number): Promise<RdapAnswer> {
    let url = startUrl;
    let waitedOut429 = false;
    for (let hop = 0; ; hop++) {
      const host = new URL(url).host;
      await this.waitOutBackoff(host, deadline);
      const r = await this.gate.run(host, deadline, () => this.exchange(url, deadline));
      if (r.kind === "redirect") {
        if (hop >= this.s.rdapMaxRedirects) throw new UpstreamError("status", `${host}: more than ${this.s.rdapMaxRedirects} redirects`);
        url = r.location;
        continue;
      }
      if (r.kind === "busy") {
        const ms = this.gate.backOff(host, r.retryAfterMs);
        if (!waitedOut429 && ms <= this.s.backoffWaitMs && ms < remaining(deadline) - 100) {
          waitedOut429 = true;
          hop--;
          continue;
        }
        throw new UpstreamError("busy", `${host} is rate limiting us (HTTP 429): retry in ${Math.ceil(ms / 1000)} s`);
      }
      return r.answer;
    }
  }

  /** A host in back-off is waited for when the wait is short and fits; else the row fails now. */
  private async waitOutBackoff(host: string, deadline: number): Promise<void> {
    const blocked = this.gate.blockedFor(host);
    if (blocked === 0) return;
    if (blocked > this.s.backoffWaitMs || blocked >= remaining(deadline) - 100) {
      throw new UpstreamError("busy", `${host} is rate limiting us (HTTP 429): retry in ${Math.ceil(blocked / 1000)} s`);
    }
    await Bun.sleep(blocked);
  }

  private async exchange(
    url: string,
    deadline: number,
  ): Promise<{ kind: "redirect"; location: string } | { kind: "busy"; retryAfterMs: number | null } | { kind: "answer"; answer: RdapAnswer }> {
    const host = new URL(url).host;
    const budget = Math.min(this.s.rdapAttemptMs, remaining(deadline));
    if (budget <= 0) throw new UpstreamError("timeout", `${host}: no answer within the time budget`);
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(), budget);
    try {
      const res = await fetch(url, { redirect: "manual", headers: { accept: ACCEPT }, signal: ac.signal });
      if (res.status >= 300 && res.status < 400) {
        await res.body?.cancel();
        const loc = res.headers.get("location");
        const next = loc ? safeUrl(loc, url) : null;
        if (!next) throw new UpstreamError("status", `${host}: redirect (HTTP ${res.status}) without a usable Location`);
        return { kind: "redirect", location: next };
      }
      if (res.status === 429) {
        await res.body?.cancel();
        return { kind: "busy", retryAfterMs: retryAfterMs(res.headers.get("retry-after")) };
      }
      if (res.status === 404) {
        await res.body?.cancel();
        return { kind: "answer", answer: { kind: "not_found", url } };
      }
      if (res.status < 200 || res.status >= 300) {
        await res.body?.cancel();
        throw new UpstreamError("status", `${host} answered HTTP ${res.status}`);
      }
      const text = await readCapped(res, this.s.rdapMaxBytes, host);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new UpstreamError("garbage", `${host} sent an answer that is not valid JSON`);
      }
      if (isNotFoundBody(body)) return { kind: "answer", answer: { kind: "not_found", url } };
      if (typeof body !== "object" || body === null) throw new UpstreamError("garbage", `${host} sent an answer that is not an RDAP object`);
      return { kind: "answer", answer: { kind: "found", body, url } };
    } catch (e) {
      if (e instanceof UpstreamError) throw e;
      if (ac.signal.aborted) throw new UpstreamError("timeout", `${host}: no answer within ${budget} ms`);
      throw new UpstreamError("unreachable", `${host}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** An absolute http(s) URL from a Location header, or null. */
function safeUrl(loc: string, base: string): string | null {
  try {
    const u = new URL(loc, base);
    return u.protocol === "https:" || u.protocol === "http:" ? u.href : null;
  } catch {
    return null;
  }
}

/** The body as text, refusing more than `max` bytes (announced or actually sent). */
async function readCapped(res: Response, max: number, host: string): Promise<string> {
  const tooBig = () => new UpstreamError("garbage", `${host} sent an answer larger than ${Math.round(max / 1024)} KB`);
  const announced = Number(res.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(announced) && announced > max) {
    await res.body?.cancel();
    throw tooBig();
  }
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      throw tooBig();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
