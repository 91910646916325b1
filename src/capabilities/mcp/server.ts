/**
 * One stateless MCP exchange: a low-level SDK `Server` (plain JSON Schema, so TypeBox stays
 * the one source of schemas) and a web-standard Streamable HTTP transport, both built for
 * this request and dropped after it. No session: every POST stands alone, so any node can
 * answer it. The caller's key arrives as the transport's authInfo and reaches every
 * tools/call through the handler's `extra`.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  LATEST_PROTOCOL_VERSION,
  ListToolsRequestSchema,
  RequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolRequest,
  type InitializeResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { Authed } from "../../app.ts";
import { REQUEST_LIMITS } from "../../operations.ts";
import type { Services } from "../../services.ts";
import { callTool } from "./call.ts";
import type { Tool, ToolDefinition } from "./tools.ts";

export const SERVER_INFO = { name: "zonewise", version: "1.0.0" };

const INSTRUCTIONS =
  "Zonewise domain intelligence: appraisals, industry categorization, zone-index counts, " +
  "registration (RDAP) and DNS lookups, and jobs for long lists. Every call is charged against " +
  "the same daily credit quota as the REST API with the same key; each tool's description says " +
  "what it costs and how long a list it takes. Failed calls cost nothing. Errors are tool results " +
  "whose text says what to fix or when to retry.";

export interface McpDeps {
  tools: ReadonlyMap<string, Tool>;
  /** tools/list answer, built once. */
  list: readonly ToolDefinition[];
  services: Services;
  log: (e: unknown) => void;
}

/** A JSON-RPC error for the SDK to send as it is (McpError would prefix its message twice). */
function rpcFailure(code: ErrorCode, message: string): Error {
  return Object.assign(new Error(message), { code });
}

function unknownTool(name: string, deps: McpDeps): Error {
  const known = [...deps.tools.keys()].join(", ");
  return rpcFailure(ErrorCode.InvalidParams, `Unknown tool: ${name}${known ? ` (available: ${known})` : " (none available)"}`);
}

/**
 * The SDK parses a request with the handler's schema before anything else and answers a
 * parse failure as -32603 (internal error). Registering with a schema that checks only the
 * method lets the SDK's own tools/call check run instead, which answers -32602 (invalid
 * params), the protocol's error for bad arguments; tools/list ignores its cursor.
 */
const LooseCall = RequestSchema.extend({ method: CallToolRequestSchema.shape.method });
const LooseList = RequestSchema.extend({ method: ListToolsRequestSchema.shape.method });
const LooseInit = RequestSchema.extend({ method: InitializeRequestSchema.shape.method });

const CAPABILITIES = { tools: { listChanged: false } };

/**
 * initialize: the SDK's own handler parses with the strict schema, so an initialize with
 * missing or mistyped params got -32603 (internal error) and a raw schema dump. Here the
 * params are checked first (-32602 naming the field at fault), then answered as the SDK
 * does: the client's protocol version when supported, else the latest. A stateless server
 * keeps nothing of the client's capabilities.
 */
function initialize(loose: unknown): InitializeResult {
  const parsed = InitializeRequestSchema.safeParse(loose);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = ["params", ...(issue?.path ?? []).slice(1)].join(".");
    throw rpcFailure(ErrorCode.InvalidParams, `Invalid initialize request: ${where}: ${issue?.message ?? "invalid"}`);
  }
  const asked = parsed.data.params.protocolVersion;
  return {
    protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(asked) ? asked : LATEST_PROTOCOL_VERSION,
    capabilities: CAPABILITIES,
    serverInfo: SERVER_INFO,
    instructions: INSTRUCTIONS,
  };
}

/**
 * Without this, every Server builds its own Ajv instance (about 0.1-0.25 ms, most of the
 * cost of a per-request server). One instance, shared: it only caches compiled schemas.
 */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

function newServer(deps: McpDeps): Server {
  const server = new Server(SERVER_INFO, { capabilities: CAPABILITIES, instructions: INSTRUCTIONS, jsonSchemaValidator });
  server.setRequestHandler(LooseInit, initialize);
  server.setRequestHandler(LooseList, () => ({ tools: deps.list as ToolDefinition[] }));
  server.setRequestHandler(LooseCall, (loose, extra) => {
    // The SDK validated it against CallToolRequestSchema before calling us.
    const req = loose as CallToolRequest;
    const tool = deps.tools.get(req.params.name);
    if (!tool) throw unknownTool(req.params.name, deps);
    const authed = extra.authInfo?.extra?.authed as Authed | undefined;
    // The route never hands over an unauthenticated request; this guards the invariant.
    if (!authed) throw rpcFailure(ErrorCode.InternalError, "request is not authenticated");
    return callTool(tool, req.params.arguments ?? {}, authed.key, deps.services, deps.log);
  });
  return server;
}

/**
 * Answer one POST. `body` is the JSON-RPC payload already read by our strict body reader,
 * or the raw request when it did not parse (the transport then answers with the protocol's
 * own error, in the protocol's order of checks: Accept, Content-Type, then JSON).
 */
export async function exchange(request: Request, body: { parsed: unknown } | null, authed: Authed, deps: McpDeps): Promise<Response> {
  const server = newServer(deps);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: REQUEST_LIMITS.maxBodyBytes,
  });
  try {
    await server.connect(transport);
    return await transport.handleRequest(request, {
      ...(body ? { parsedBody: body.parsed } : {}),
      authInfo: { token: "", clientId: authed.key.name, scopes: [], extra: { authed } },
    });
  } finally {
    // JSON response mode: every response is in the Response by now.
    void server.close();
  }
}
