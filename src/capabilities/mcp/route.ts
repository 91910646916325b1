/**
 * The /mcp route. Authentication already ran in the app's onRequest (401 before any byte
 * of JSON-RPC is read). POST bodies go through the same strict reader as REST (size cap,
 * gzip cap, a deadline for trickling bodies), so no hostile body can hang the server or
 * grow past the cap. GET (the standalone SSE stream) and DELETE (session end) have no
 * meaning without sessions: 405, as the protocol allows for a stateless server.
 */
import { isInitializeRequest, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { authOf, type Authed, type RawRoute } from "../../app.ts";
import { clip } from "../../domain/name.ts";
import { checkApart, OFFLOAD_BYTES } from "../../http/big-body.ts";
import { decodeText, readBody } from "../../http/body.ts";
import type { Endpoint } from "../../http/endpoint.ts";
import { ApiError } from "../../http/errors.ts";
import type { OperationId } from "../../operations.ts";
import type { Services } from "../../services.ts";
import { batchTooCostly, MCP_SHAPE } from "./batch-limit.ts";
import { exchange, type McpDeps } from "./server.ts";
import { buildTools, type ToolSource } from "./tools.ts";

export const MCP_PATH = "/mcp";

/** A JSON-RPC error outside any request (id null), the shape the SDK's transport uses. */
export function rpcError(status: number, message: string, headers: Record<string, string> = {}, code = -32000, data?: Record<string, unknown>): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: data ? { code, message, data } : { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/**
 * A refusal before the body is read (the per-minute limit of POST /mcp): the HTTP status and
 * Retry-After of REST, as a JSON-RPC error whose data carries the REST error's code and fields.
 */
export const rpcRefusal = (e: ApiError): Response => rpcError(e.status, e.message, e.headers, -32000, { status: e.status, code: e.code, ...e.extra });

const notAllowed = () => rpcError(405, "Method not allowed: this stateless server takes JSON-RPC over POST only", { Allow: "POST" });

/** The parsed JSON-RPC payload, or null when it does not parse (the transport then says so). */
function parse(bytes: Uint8Array): { parsed: unknown } | null {
  try {
    return { parsed: JSON.parse(decodeText(bytes)) };
  } catch {
    return null;
  }
}

/**
 * A batch that repeats a request id: the transport would run every request (and charge for
 * each) but answer only one per id, so the caller would pay for answers it never gets.
 */
function repeatsAnId(payload: unknown): boolean {
  if (!Array.isArray(payload)) return false;
  const ids = new Set<unknown>();
  for (const m of payload) {
    if (m === null || typeof m !== "object" || !("method" in m) || !("id" in m)) continue;
    const id = (m as { id: unknown }).id;
    if (ids.has(id)) return true;
    ids.add(id);
  }
  return false;
}

/** An initialize request, alone or in a batch: the transport's own test, with its own predicate. */
function initializes(payload: unknown): boolean {
  return Array.isArray(payload) ? payload.some(isInitializeRequest) : isInitializeRequest(payload);
}

async function post(request: Request, authedBy: Authed | undefined, deps: McpDeps): Promise<Response> {
  let authed: Authed;
  let bytes: Uint8Array;
  try {
    authed = authOf(authedBy);
    bytes = await readBody(request);
  } catch (e) {
    if (e instanceof ApiError) return rpcError(e.status, e.message, e.headers);
    deps.log(e);
    return rpcError(500, "internal error");
  }
  let body: { parsed: unknown } | null;
  try {
    // A large body is parsed on the parse worker first; its buffer comes back from there.
    if (bytes.byteLength > OFFLOAD_BYTES) {
      const a = await checkApart({ kind: "json", bytes, rule: MCP_SHAPE });
      bytes = a.bytes;
      body = a.valid ? parse(bytes) : null;
    } else body = parse(bytes);
  } catch (e) {
    if (e instanceof ApiError)
      return rpcError(
        e.status,
        e.code === "invalid_request" ? `Invalid Request: ${e.message}` : e.message,
        e.headers,
        e.code === "invalid_request" ? -32600 : -32000,
      );
    deps.log(e);
    return rpcError(500, "internal error");
  }
  // The transport refuses an unsupported version header (but on initialize) by echoing it
  // whole: one of hundreds of kilobytes is answered here, clipped, with the same words.
  const version = request.headers.get("mcp-protocol-version");
  if (version !== null && version.length > 40 && !(body && initializes(body.parsed))) {
    return rpcError(400, `Bad Request: Unsupported protocol version: ${clip(version, 40)} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`);
  }
  // JSON-RPC 2.0: an empty batch is an Invalid Request (the transport answered 202, nothing).
  if (body && Array.isArray(body.parsed) && body.parsed.length === 0) return rpcError(400, "Invalid Request: an empty batch", {}, -32600);
  if (body && repeatsAnId(body.parsed)) return rpcError(400, "Invalid Request: every request of a batch needs its own id", {}, -32600);
  const costly = body ? batchTooCostly(body.parsed) : null;
  if (costly !== null) return rpcError(400, costly, {}, -32600);
  // An unparsable body is handed over as bytes, so the transport's checks keep their order.
  const req = body ? request : new Request(request.url, { method: "POST", headers: request.headers, body: bytes });
  try {
    return await exchange(req, body, authed, deps);
  } catch (e) {
    deps.log(e);
    return rpcError(500, "internal error");
  }
}

/** The route, given the served endpoints and the job tools the jobs capability provides. */
export function mcpRoute(extra: (services: Services) => Partial<Record<OperationId, ToolSource>> = () => ({})): RawRoute {
  return (app, services: Services, endpoints: readonly Endpoint[]) => {
    const tools = buildTools(endpoints, extra(services));
    const deps: McpDeps = {
      tools,
      list: [...tools.values()].map((t) => t.definition),
      services,
      log: services.log,
    };
    app.post(MCP_PATH, ({ request, authed }: { request: Request; authed?: Authed }) => post(request, authed, deps), { parse: "none" });
    app.get(MCP_PATH, notAllowed);
    app.delete(MCP_PATH, notAllowed);
    for (const m of ["PUT", "PATCH", "OPTIONS"]) app.route(m, MCP_PATH, notAllowed);
  };
}
