/**
 * The app: the pipeline order is written down here, once.
 *
 *   onRequest  auth (401, before any byte of the body) -> rate limit per bucket (429) of
 *              every rated route: the metered endpoints, and the raw routes' `rated` entries
 *              (POST /v1/jobs, POST /mcp)
 *   route      strict body reader (413/408/415/400) -> validation (400 naming field/index)
 *              -> quota reserve (429) -> service -> settle charge -> X-Credits-* headers
 *              (the metering step, src/http/meter.ts)
 *   onError    unknown paths and wrong methods -> JSON 404/405; surprises -> JSON 500
 *
 * /healthz, /openapi.json and /docs need no key; everything under /v1 and /mcp does
 * (OPTIONS included: no CORS, ever).
 */
import { Elysia } from "elysia";
import { clip } from "./domain/name.ts";
import { Authenticator } from "./http/auth.ts";
import { checkApart, OFFLOAD_BYTES } from "./http/big-body.ts";
import { BODY_SHAPE, parseJsonObject, readBody } from "./http/body.ts";
import type { CallContext, Endpoint } from "./http/endpoint.ts";
import { ApiError, codeResponse, jsonResponse, jsonTextResponse, NO_HEADERS, toErrorResponse } from "./http/errors.ts";
import { checkRate } from "./http/meter.ts";
import { execute, type Answer } from "./http/pipeline.ts";
import { readQuery } from "./http/query.ts";
import type { Bucket } from "./operations.ts";
import type { Services } from "./services.ts";
import type { KeyRecord } from "./store/types.ts";

export interface Authed {
  key: KeyRecord;
  now: number;
}

/**
 * What onRequest learned about a request, for the route that serves it: a property of
 * Elysia's per-request context, the one object the hook and the route both receive. (A
 * WeakMap entry per request cost a visible share of a ping, every entry an ephemeron the
 * collector traces; a property on the native Request object cost about 0.5 us per request
 * over HTTP; a plain object's property costs nothing measurable.)
 */
interface AuthedContext {
  authed?: Authed;
}

/** The route's `authed` (destructure it from the context as Elysia hands it over). */
export function authOf(a: Authed | undefined): Authed {
  if (!a) throw new ApiError("unauthorized", "missing API key: send Authorization: Bearer <key>");
  return a;
}

/**
 * Path without query string, from the raw URL (cheaper than new URL on the hot path). Bun
 * gives "http://host/path", or only "/path" when the request had an empty Host header.
 */
export function pathOf(url: string): string {
  const start = url.charCodeAt(0) === 47 ? 0 : url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const q = url.indexOf("?", start);
  return q < 0 ? url.slice(start) : url.slice(start, q);
}

const NONE: readonly string[] = [];

/** A rated path's bucket and how its 429 is rendered. */
interface Rated {
  bucket: Bucket;
  refuse?: (e: ApiError) => Response;
}

/**
 * A route that does its own reading (job submit, results streaming, MCP). It gets the
 * served endpoints too, so that the tool server can wrap exactly what REST serves.
 */
// biome-ignore lint/suspicious/noExplicitAny: the Elysia instance type grows with every route; raw routes only call get/post/delete on it.
export type RawRoute = (app: any, services: Services, endpoints: readonly Endpoint[]) => void;

/**
 * A raw route's per-minute limit, checked in onRequest before its body is read, exactly as
 * for the metered endpoints. `refuse` renders the 429 (default: the JSON error body), for a
 * route whose clients expect another shape (the tool server answers JSON-RPC errors).
 */
export interface RatedRoute {
  method: "GET" | "POST" | "DELETE";
  path: string;
  bucket: Bucket;
  refuse?: (e: ApiError) => Response;
}

export interface AppParts {
  endpoints: Endpoint[];
  raw?: RawRoute[];
  /** Public pages outside /v1 (healthz, openapi, docs). */
  pub?: RawRoute[];
  /** Per-minute limits of raw routes (see RatedRoute). */
  rated?: readonly RatedRoute[];
  /** Method and path (OpenAPI style) of what the raw routes serve, for 405 answers. */
  rawPaths?: readonly { method: string; path: string }[];
  log?: (e: unknown) => void;
  /** The key checker (main.ts shares it with the access log); one is made when absent. */
  auth?: Authenticator;
}

const isProtected = (path: string) => path.startsWith("/v1/") || path === "/v1" || path === "/mcp" || path.startsWith("/mcp/");

/** Each served path as a pattern ("/v1/jobs/:job_id" or "{job_id}" match one segment) with its methods. */
function knownRoutes(routes: readonly { method: string; path: string }[]): { re: RegExp; methods: Set<string> }[] {
  const byPath = new Map<string, Set<string>>();
  for (const r of routes) {
    const p = r.path.replace(/\{(\w+)\}/g, ":$1");
    byPath.set(p, (byPath.get(p) ?? new Set<string>()).add(r.method.toUpperCase()));
  }
  return [...byPath].map(([p, methods]) => ({
    re: new RegExp(
      `^${p
        .split("/")
        .map((seg) => (seg.startsWith(":") ? "[^/]+" : seg.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
        .join("/")}$`,
    ),
    methods,
  }));
}

/**
 * The rest of a request once its body is read. A large body is checked on the parse worker
 * first (src/http/big-body.ts): only a body its schema accepts, and so bounded, is parsed
 * here.
 */
function runOn(ep: Endpoint, ctx: CallContext): (bytes: Uint8Array) => Answer | Promise<Answer> {
  return (bytes) =>
    bytes.byteLength > OFFLOAD_BYTES
      ? checkApart({ kind: "rest", op: ep.op.id, limit: ep.op.batchLimit ?? 0, bytes, rule: BODY_SHAPE }).then((a) =>
          execute(ep, parseJsonObject(a.bytes), ctx),
        )
      : execute(ep, parseJsonObject(bytes), ctx);
}

/**
 * SYNC_SOURCE: Elysia decides whether a hook or handler may return a promise by reading its
 * source text (compose.ts `isAsync`: "async", "await", or any `return f(` / `=> f(`), and
 * composes an awaited path for it: a promise and a microtask per request (two, with the
 * onRequest hook) even when the answer is ready. The auth hook and the route handler below
 * are written so their text has none of these, so a GET route with a synchronous service
 * (ping, usage) is answered without a single await; a promise they do return is still
 * resolved by Elysia's response mapping. app.test.ts checks the composition, so a change
 * that brings the pattern back fails there rather than silently costing throughput.
 */
export function buildApp(services: Services, parts: AppParts) {
  const log = parts.log ?? ((e: unknown) => console.error(e));
  // Rate buckets of static paths by method, then path, looked up before the body is touched.
  const rated = new Map<string, Map<string, Rated>>();
  const rate = (method: string, path: string, r: Rated) => {
    if (!rated.has(method)) rated.set(method, new Map());
    rated.get(method)!.set(path, r);
  };
  for (const ep of parts.endpoints) if (ep.op.bucket !== null) rate(ep.op.method, ep.op.path, { bucket: ep.op.bucket });
  for (const r of parts.rated ?? []) rate(r.method, r.path, { bucket: r.bucket, refuse: r.refuse });
  const known = knownRoutes([...parts.endpoints.map((e) => e.op), ...(parts.rawPaths ?? [])]);

  const auth = parts.auth ?? new Authenticator(services.store.keys);
  // standardHostname false: Elysia then cuts the path after "http://" instead of assuming a
  // host of at least four characters, which read "/v1/zone/count" as "/zone/count" under a
  // short Host header ("Host: a") and so answered 405 where the key check must answer 401.
  //
  // strictPath: one path per endpoint. Elysia by default also routes "/v1/rdap/" to
  // "/v1/rdap", while the rate buckets above are looked up by the exact path, so a trailing
  // slash skipped the per-minute limit; now it is the 404 of any other unknown path.
  // HEAD runs the GET route (and its charge): it spends the GET's rate bucket too.
  const limitOf = (request: Request, path: string) => rated.get(request.method === "HEAD" ? "GET" : request.method)?.get(path);
  const refusal = (limit: Rated | undefined, e: unknown) =>
    limit?.refuse && e instanceof ApiError && e.code === "rate_limited" ? limit.refuse(e) : toErrorResponse(e, log);
  // The same steps for a store that answers with promises (PostgreSQL): an async hook, which
  // Elysia awaits before the route runs. Only such a store pays for the awaits.
  const authAsync = async (c: { request: Request }) => {
    const path = pathOf(c.request.url);
    if (!isProtected(path)) return;
    let limit: Rated | undefined;
    try {
      const now = Date.now();
      const key = await auth.authenticate(c.request.headers.get("authorization"));
      limit = limitOf(c.request, path);
      if (limit) await checkRate(services.store, key, limit.bucket, now);
      (c as AuthedContext).authed = { key, now };
    } catch (e) {
      return refusal(limit, e);
    }
  };
  const authSync = (c: { request: Request }) => {
    // Written without `return f(...)` on purpose: see SYNC_SOURCE above buildApp.
    const request = c.request;
    let early: Response | undefined;
    const path = pathOf(request.url);
    if (isProtected(path)) {
      let limit: Rated | undefined;
      try {
        const now = Date.now();
        const key = auth.authenticate(request.headers.get("authorization")) as KeyRecord;
        limit = limitOf(request, path);
        if (limit) checkRate(services.store, key, limit.bucket, now);
        (c as AuthedContext).authed = { key, now };
      } catch (e) {
        early = refusal(limit, e);
      }
    }
    return early;
  };
  const app = new Elysia({ normalize: false, strictPath: true, handler: { standardHostname: false } })
    .onRequest(services.store.async ? authAsync : authSync)
    .onError(({ code, request, error }) => {
      if (code === "NOT_FOUND") {
        const path = pathOf(request.url);
        const methods = known.find((k) => k.re.test(path))?.methods;
        if (methods && !methods.has(request.method)) {
          return codeResponse("method_not_allowed", `method ${clip(request.method)} not allowed on ${clip(path)}`, { Allow: [...methods].join(", ") });
        }
        // Clipped: a path may be tens of kilobytes long, and an answer need not echo it whole.
        return codeResponse("not_found", `no such endpoint: ${clip(request.method)} ${clip(path)}`);
      }
      if (code === "PARSE") return codeResponse("invalid_request", "request body could not be parsed");
      return toErrorResponse(error, log);
    });

  const toResponse = (ans: Answer) =>
    ans.json !== undefined && ans.status === 200 && ans.headers === NO_HEADERS ? jsonTextResponse(ans.json) : jsonResponse(ans.status, ans.body, ans.headers);
  const onFail = (e: unknown) => toErrorResponse(e, log);
  for (const ep of parts.endpoints) {
    const queryNames = ep.query?.map((q) => q.name) ?? NONE;
    // Written without `return f(...)` on purpose: see SYNC_SOURCE above buildApp.
    const handler = ({ request, params, url, authed }: { request: Request; params: Record<string, string>; url: string; authed?: Authed }) => {
      let res: Response | Promise<Response>;
      try {
        const a = authOf(authed);
        const ctx: CallContext = {
          key: a.key,
          services,
          now: a.now,
          query: readQuery(url, queryNames),
          params: params ?? {},
          headers: request.headers,
          via: "rest",
        };
        if (!ep.body) {
          const ans = execute(ep, undefined, ctx);
          res = ans instanceof Promise ? ans.then(toResponse, onFail) : toResponse(ans);
        } else {
          res = readBody(request).then(runOn(ep, ctx)).then(toResponse, onFail);
        }
      } catch (e) {
        res = onFail(e);
      }
      return res;
    };
    const hook = { parse: "none" as const };
    // Elysia types a handler by its route's schema; ours reads the raw request itself.
    // biome-ignore lint/suspicious/noExplicitAny: see above
    if (ep.op.method === "GET") app.get(ep.op.path, handler as any);
    // biome-ignore lint/suspicious/noExplicitAny: see above
    else if (ep.op.method === "POST") app.post(ep.op.path, handler as any, hook);
    // biome-ignore lint/suspicious/noExplicitAny: see above
    else app.delete(ep.op.path, handler as any, hook);
  }
  for (const r of parts.raw ?? []) r(app, services, parts.endpoints);
  for (const r of parts.pub ?? []) r(app, services, parts.endpoints);
  return app;
}
