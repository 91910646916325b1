/**
 * Every request passes here on its way in and its answer on its way out (main.ts serves
 * the app through `observeFetch`): the request id is settled, the answer gets
 * `X-Request-Id` (and error bodies `request_id`), and the request is counted and logged in
 * one line. The operation is read off the method and path against the operation table,
 * so labels stay bounded: an unknown path is `unmatched`, never its text.
 */
import { codeResponse, errorOf, withRequestId } from "../http/errors.ts";
import { OPERATION_LIST } from "../operations.ts";
import { accessLine } from "./logger.ts";
import type { Observer } from "./observer.ts";
import { REQUEST_ID_HEADER, requestIdFrom } from "./request-id.ts";

/** Pages outside the operation table, by exact path. */
const PUBLIC_PAGES: Record<string, string> = { "/healthz": "healthz", "/openapi.json": "openapi", "/docs": "docs", "/mcp": "mcp" };

/**
 * Operation ids by method and path, numbered (the metrics key their series by number).
 * Static paths are one Map look-up per method; paths with a parameter a pattern each.
 */
export class OperationMap {
  /** Every label `of` can answer, by number. */
  readonly names: string[] = [];
  private exact = new Map<string, Map<string, number>>();
  private patterns: { method: string; re: RegExp; index: number }[] = [];
  private readonly unmatched: number;
  private readonly pages = new Map<string, number>();

  constructor() {
    const number = (id: string) => {
      const i = this.names.indexOf(id);
      return i >= 0 ? i : this.names.push(id) - 1;
    };
    for (const o of OPERATION_LIST) {
      if (o.path.includes(":")) {
        this.patterns.push({ method: o.method, re: new RegExp(`^${o.path.replace(/:\w+/g, "[^/]+")}$`), index: number(o.id) });
      } else {
        if (!this.exact.has(o.method)) this.exact.set(o.method, new Map());
        this.exact.get(o.method)!.set(o.path, number(o.id));
      }
    }
    for (const [path, id] of Object.entries(PUBLIC_PAGES)) this.pages.set(path, number(id));
    this.unmatched = number("unmatched");
  }

  /** The number of a request's operation; HEAD counts as its GET. */
  of(method: string, path: string): number {
    const m = method === "HEAD" ? "GET" : method;
    const i = this.exact.get(m)?.get(path);
    if (i !== undefined) return i;
    for (const p of this.patterns) if (p.method === m && p.re.test(path)) return p.index;
    return this.pages.get(path) ?? this.unmatched;
  }
}

/** Path without query string from a URL Bun hands over ("http://host/path?q" or "/path?q"). */
function pathOf(url: string): string {
  const start = url.charCodeAt(0) === 47 ? 0 : url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const q = url.indexOf("?", start);
  return q < 0 ? url.slice(start) : url.slice(start, q);
}

/** A Content-Length header as a number, or undefined (absent: a GET, a stream, a body Bun sizes when sending). */
function contentLength(h: Headers): number | undefined {
  const v = h.get("content-length");
  return v === null ? undefined : Number(v);
}

export interface ObserveDeps {
  observer: Observer;
  operations: OperationMap;
  /** The key name for an Authorization header the app accepted (never the key itself). */
  keyName(authorization: string | null): string | null;
}

type Fetch<S> = (req: Request, server: S) => Response | Promise<Response>;

/**
 * The app's fetch with request ids, metrics and the access log around it. The id is put on
 * the request's own headers (Bun's are mutable), so code that needs it (job submit) reads
 * `X-Request-Id` there and always finds a well-formed one.
 */
export function observeFetch<S>(inner: Fetch<S>, deps: ObserveDeps): Fetch<S> {
  const { observer, operations } = deps;
  const metrics = observer.metrics;
  const logger = observer.logger;
  const accessOut = observer.accessOut;
  const logRequests = accessOut !== null && logger.isLevelEnabled("info");

  const finish = (req: Request, res: Response, id: string, t0: number): Response => {
    const err = errorOf(res);
    if (err !== undefined) res = withRequestId(res, err, id);
    res.headers.set(REQUEST_ID_HEADER, id);
    if (metrics === null && !logRequests) return res;
    const seconds = (performance.now() - t0) / 1000;
    const opIndex = operations.of(req.method, pathOf(req.url));
    const op = operations.names[opIndex]!;
    const status = res.status;
    const credits = res.headers.get("x-credits-charged");
    const charged = credits === null ? 0 : Number(credits);
    if (metrics !== null) {
      metrics.request(opIndex, op, status, seconds, charged);
      if (err !== undefined) metrics.error(op, err.code);
    }
    if (logRequests) {
      const auth = req.headers.get("authorization");
      accessOut.write(
        accessLine({
          id,
          key: status === 401 || auth === null ? null : deps.keyName(auth),
          op,
          method: req.method,
          status,
          code: err?.code,
          ms: Math.round(seconds * 1e6) / 1000,
          credits: charged,
          bytesIn: contentLength(req.headers),
          bytesOut: contentLength(res.headers),
        }),
      );
    }
    return res;
  };

  return (req, server) => {
    const t0 = performance.now();
    const incoming = req.headers.get(REQUEST_ID_HEADER);
    const id = requestIdFrom(incoming);
    if (id !== incoming) req.headers.set(REQUEST_ID_HEADER, id);
    let res: Response | Promise<Response>;
    try {
      res = inner(req, server);
    } catch (e) {
      observer.fault(e);
      res = codeResponse("internal", "internal error");
    }
    if (res instanceof Promise) return res.then((r) => finish(req, r, id, t0));
    return finish(req, res, id, t0);
  };
}

/** GET /metrics on its own listener (ZW_METRICS_PORT): the Prometheus text, nothing else. */
export function serveMetrics(observer: Observer, host: string, port: number): { port: number; stop(): void } {
  const metrics = observer.metrics!;
  const server = Bun.serve({
    hostname: host,
    port,
    reusePort: false,
    async fetch(req) {
      const path = pathOf(req.url);
      if (path !== "/metrics")
        return Response.json({ error: `no such endpoint: ${path.slice(0, 100)}; the metrics are at GET /metrics`, code: "not_found" }, { status: 404 });
      if (req.method !== "GET" && req.method !== "HEAD")
        return Response.json({ error: "method not allowed: use GET /metrics", code: "method_not_allowed" }, { status: 405, headers: { Allow: "GET" } });
      return new Response(await metrics.text(), { headers: { "content-type": metrics.contentType } });
    },
  });
  return { port: server.port!, stop: () => void server.stop(true) };
}
