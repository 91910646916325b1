/**
 * A fake RDAP server on 127.0.0.1. Base paths pick the registry style (vs/ = Verisign,
 * registrar/ = a registrar's server, pir/ = PIR, nested/ = odd ccTLD, moved/ = a redirect
 * to a registrar's server); the first label of the domain picks a misbehaviour:
 *   missing*    404                  err404*   200 with an RDAP error object saying 404
 *   busy*       429 Retry-After: 1 on the first ask, then the answer
 *   alwaysbusy* 429 Retry-After: 120  ratelimit* 429 without Retry-After
 *   slow*       answers after 300 ms silent*   never answers
 *   garbage*    200 with HTML         truncated* 200 with half a JSON document
 *   huge*       200 with 2 MB of JSON loop*     redirects to itself forever
 *   hugestream* 200 with a body that never ends (chunked, no Content-Length)
 *   notdomain*  200 with JSON that is not a domain object
 *   hostile*    200 with a domain object holding {"toString":1} where strings belong
 *   boom*       500
 * GET /bootstrap.json is a bootstrap registry naming this server for com, net and org.
 * Every request is counted by path, for cache and single-flight checks.
 */
import { hostileStyle, nestedStyle, pirStyle, registrarStyle, verisignStyle } from "./rdap-answers.ts";

/** A JSON-looking body streamed in 64 KB chunks forever (until the client goes away). */
function endless(): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(`{"objectClassName":"domain","remarks":["${"x".repeat(64 * 1024)}`);
  return new ReadableStream({ pull: (ctl) => ctl.enqueue(chunk) });
}

export interface FakeRdap {
  url: string;
  hits: Map<string, number>;
  hitsFor(domain: string): number;
  /** Most requests it has been answering at once (silent ones aside). */
  maxInFlight(): number;
  stop(): void;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/rdap+json", ...headers } });

/** `redirectTo`: the base URL moved/ redirects to (a registrar's RDAP server); this server by default. */
export function startFakeRdap(opts: { redirectTo?: string } = {}): FakeRdap {
  const hits = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const silent: Array<() => void> = [];
  let port = 0;
  const server: ReturnType<typeof Bun.serve> = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 30,
    async fetch(req): Promise<Response> {
      // Silent requests never end: they would stay "in flight" forever.
      if (req.url.includes("/domain/silent")) return answer(req);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        return await answer(req);
      } finally {
        inFlight--;
      }
    },
  });
  async function answer(req: Request): Promise<Response> {
    const url = new URL(req.url);
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    // The server also publishes a bootstrap registry naming itself (ZW_RDAP_BOOTSTRAP as a URL).
    if (url.pathname === "/bootstrap.json") {
      return json({
        publication: "2026-11-22T12:00:00Z",
        services: [
          [["com", "net"], [`http://127.0.0.1:${port}/vs/`]],
          [["org"], [`http://127.0.0.1:${port}/pir/`]],
        ],
      });
    }
    const m = /^\/(vs|registrar|pir|nested|moved)\/domain\/([^/]+)$/.exec(url.pathname);
    if (!m) return json({ errorCode: 400, title: "bad request" }, 400);
    const [, style, name] = m as unknown as [string, string, string];
    const label = name.split(".")[0]!;
    const base = `http://127.0.0.1:${port}/`;
    if (label.startsWith("missing")) return json({ errorCode: 404, title: "Not Found" }, 404);
    if (label.startsWith("err404")) return json({ errorCode: 404, title: "Not Found", description: ["The domain does not exist"] });
    if (label.startsWith("alwaysbusy")) return json({ errorCode: 429 }, 429, { "retry-after": "120" });
    if (label.startsWith("ratelimit")) return json({ errorCode: 429 }, 429);
    if (label.startsWith("busy") && hits.get(url.pathname) === 1) return json({ errorCode: 429 }, 429, { "retry-after": "1" });
    if (label.startsWith("slow")) await Bun.sleep(300);
    if (label.startsWith("silent")) return new Promise<Response>((resolve) => silent.push(() => resolve(new Response("late"))));
    if (label.startsWith("garbage")) return new Response("<html><body>Service Unavailable</body></html>", { headers: { "content-type": "text/html" } });
    if (label.startsWith("truncated"))
      return new Response(JSON.stringify(pirStyle(name)).slice(0, 200), { headers: { "content-type": "application/rdap+json" } });
    if (label.startsWith("hugestream")) return new Response(endless(), { headers: { "content-type": "application/rdap+json" } });
    if (label.startsWith("huge")) return json({ objectClassName: "domain", ldhName: name, remarks: [{ description: ["x".repeat(2 * 1024 * 1024)] }] });
    if (label.startsWith("notdomain")) return json({ hello: "world" });
    if (label.startsWith("hostile")) return json(hostileStyle(name));
    if (label.startsWith("boom")) return json({ errorCode: 500 }, 500);
    if (label.startsWith("loop")) return new Response(null, { status: 302, headers: { location: url.pathname } });
    if (style === "moved") return new Response(null, { status: 301, headers: { location: `${opts.redirectTo ?? base}registrar/domain/${name}` } });
    if (style === "vs") return json(verisignStyle(name, base));
    if (style === "registrar") return json(registrarStyle(name));
    if (style === "pir") return json(pirStyle(name));
    return json(nestedStyle(name));
  }
  port = server.port!;
  return {
    url: `http://127.0.0.1:${port}/`,
    hits,
    maxInFlight: () => maxInFlight,
    hitsFor: (domain) => [...hits].filter(([p]) => p.endsWith(`/domain/${domain}`)).reduce((a, [, n]) => a + n, 0),
    stop() {
      for (const s of silent) s();
      server.stop(true);
    },
  };
}
