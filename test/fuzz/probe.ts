/**
 * Sending fuzz cases and holding every answer to the product rule:
 *   - status < 500 (502 only where an endpoint documents it: upstream-backed endpoints);
 *   - a JSON body with a string `error` on every 4xx, short enough to read;
 *   - X-Credits-* headers only on 2xx;
 *   - the key's usage equals exactly the credits its 2xx answers said they charged
 *     (so a 4xx charged nothing and no success charged more than it reported).
 * Rate limits are per key and bucket, so the prober hands each bucket a fresh key before
 * the current one reaches its per-minute limit: hundreds of cases run in one minute
 * without a 429, and every key's ledger is checked against /v1/usage at the end.
 */
import { afterAll, beforeAll, expect } from "bun:test";
import { RATE_LIMITS, type Bucket } from "../../src/operations.ts";
import { startFixtureServer, type Fixture } from "../support/fixture.ts";
import type { TestServer } from "../support/harness.ts";

export interface Sent {
  status: number;
  headers: Headers;
  text: string;
  json: any;
  /** The key the request went out with. */
  key: string;
}

/** Daily quota of every prober key. */
const QUOTA = 100_000;

interface KeySlot {
  key: string;
  uses: number;
  charged: number;
}

export class Prober {
  private slots = new Map<string, KeySlot>();
  private all: KeySlot[] = [];
  private made = 0;
  cases = 0;

  constructor(private t: TestServer) {}

  /** A fresh key of the prober's own, for requests sent with `opts.key`. */
  freshKey(): string {
    const s = { key: this.t.newKey(`fuzz-own-${++this.made}`, QUOTA).key, uses: 0, charged: 0 };
    this.all.push(s);
    return s.key;
  }

  /**
   * A key with room left in `bucket` this minute (null bucket: one shared key). `mcp`: the
   * request is a POST /mcp, which also counts in the key's mcp bucket, so the key has room
   * in both.
   */
  private slot(bucket: Bucket | null, mcp = false): KeySlot {
    const name = (mcp ? "mcp-" : "") + (bucket ?? "free");
    let s = this.slots.get(name);
    const limit = Math.min(bucket === null ? Infinity : RATE_LIMITS[bucket], mcp ? RATE_LIMITS.mcp : Infinity);
    if (!s || s.uses >= limit - 1) {
      s = { key: this.t.newKey(`fuzz-${name}-${++this.made}`, QUOTA).key, uses: 0, charged: 0 };
      this.slots.set(name, s);
      this.all.push(s);
    }
    s.uses++;
    return s;
  }

  /** The slot of a key handed out earlier (for follow-up requests on its own jobs). */
  private own(key: string): KeySlot {
    const s = this.all.find((x) => x.key === key);
    if (!s) throw new Error("not a prober key");
    return s;
  }

  /** Send one request with a key that has room in `bucket`; checks the common rules. */
  /** Credits a tool result reported charging (MCP carries them in _meta, not headers). */
  credit(key: string, n: number, remaining?: number): void {
    const s = this.own(key);
    s.charged += n;
    if (remaining !== undefined) expect(remaining).toBe(QUOTA - s.charged);
  }

  /**
   * `rpc`: a JSON-RPC transport answer, whose 4xx body is {error: {code, message}} (the
   * protocol's shape) rather than REST's {error: "..."}.
   */
  async send(
    bucket: Bucket | null,
    path: string,
    init: RequestInit,
    opts: { allow502?: boolean; label?: string; key?: string; rpc?: boolean; concurrent?: boolean } = {},
  ): Promise<Sent> {
    const s = opts.key ? this.own(opts.key) : this.slot(bucket, path === "/mcp" && init.method === "POST");
    if (opts.key) s.uses++;
    this.cases++;
    const r = await this.t.fetch(path, { ...init, key: s.key } as RequestInit & { key: string });
    const text = await r.text();
    const what = `${init.method ?? "GET"} ${path} ${opts.label ?? ""} ${String(init.body ?? "").slice(0, 300)} -> ${r.status} ${text.slice(0, 300)}`;
    let json: any;
    const isJson = (r.headers.get("content-type") ?? "").startsWith("application/json");
    if (isJson) json = JSON.parse(text);
    const okServer = r.status < 500 || (r.status === 502 && opts.allow502 === true);
    if (!okServer) throw new Error(`server error: ${what}`);
    if (r.status >= 400) {
      const message = opts.rpc ? json?.error?.message : json?.error;
      if (process.env.ZW_FUZZ_DUMP)
        console.log(
          "MSG",
          r.status,
          String(message)
            .replace(/"[^"]*"/g, '"…"')
            .replace(/\d+/g, "N")
            .slice(0, 90),
        );
      if (!isJson || typeof message !== "string" || message.length === 0) throw new Error(`4xx without a JSON error: ${what}`);
      expect(message.length).toBeLessThan(400);
      if (r.status === 429) throw new Error(`unexpected 429 (the prober rotates keys): ${what}`);
    }
    const charged = r.headers.get("x-credits-charged");
    if (r.status >= 300 && (charged !== null || r.headers.get("x-credits-remaining") !== null)) throw new Error(`X-Credits on a non-2xx: ${what}`);
    if (charged !== null) {
      if (!/^\d+$/.test(charged)) throw new Error(`bad X-Credits-Charged ${charged}: ${what}`);
      s.charged += Number(charged);
      // Only the prober spends this key, one request at a time: what remains is exact.
      const remaining = r.headers.get("x-credits-remaining");
      // Concurrent requests on one key settle in any order: only the final ledger is exact then.
      if (!opts.concurrent && remaining !== String(QUOTA - s.charged))
        throw new Error(`X-Credits-Remaining ${remaining}, expected ${QUOTA - s.charged}: ${what}`);
    }
    return { status: r.status, headers: r.headers, text, json, key: s.key };
  }

  post(bucket: Bucket | null, path: string, body: string, opts: { allow502?: boolean; contentType?: string; label?: string } = {}): Promise<Sent> {
    return this.send(bucket, path, { method: "POST", body, headers: { "content-type": opts.contentType ?? "application/json" } }, opts);
  }

  /** Every key's usage equals what its 2xx answers reported charging. */
  async checkLedgers(): Promise<void> {
    for (const s of this.all) {
      const u = await (await this.t.fetch("/v1/usage", { key: s.key })).json();
      expect({ key: s.key, used: u.credits_used }).toEqual({ key: s.key, used: s.charged });
    }
  }
}

/** A 400's message must name the field or index at fault (or say the body is not JSON). */
export function namesField(error: string, fields: readonly string[]): boolean {
  if (/^(request body|body|JSON|invalid JSON|the body)/i.test(error)) return true;
  return fields.some((f) => error.startsWith(f) || error.includes(`"${f}"`) || error.includes(`${f}[`) || error.includes(`${f} `));
}

/**
 * The fixture server (fake upstreams included) and a prober for one fuzz file: started
 * before the file's tests, stopped after them. Read `t` and `p` inside tests and hooks
 * (they are set when the file's first beforeAll runs).
 */
export function fuzzServer(): { readonly t: Fixture; readonly p: Prober } {
  const s = {} as { t: Fixture; p: Prober };
  beforeAll(async () => {
    s.t = await startFixtureServer();
    s.p = new Prober(s.t);
  });
  afterAll(() => s.t?.stopAll());
  return s;
}
