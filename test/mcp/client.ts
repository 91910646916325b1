/**
 * Talking to /mcp in tests: the SDK's own client over its Streamable HTTP transport (what
 * an agent runs), and raw JSON-RPC posts for what a well-behaved client never sends.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { TestServer } from "../support/harness.ts";

export async function mcpClient(t: Pick<TestServer, "url">, key: string): Promise<Client> {
  const client = new Client({ name: "zonewise-tests", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(t.url + "/mcp"), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  return client;
}

export async function callTool(client: Client, name: string, args?: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, ...(args === undefined ? {} : { arguments: args }) })) as CallToolResult;
}

/** The text of an error result (the REST error message, word for word). */
export function errorText(r: CallToolResult): string {
  if (!r.isError) throw new Error(`expected an error result, got ${JSON.stringify(r).slice(0, 300)}`);
  const c = r.content[0];
  return c && c.type === "text" ? c.text : "";
}

export const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

/** POST a raw JSON-RPC payload (string or value) with the key. */
export function rpc(t: TestServer, payload: unknown, headers: Record<string, string> = MCP_HEADERS, key?: string | null): Promise<Response> {
  return t.fetch("/mcp", { method: "POST", headers, body: typeof payload === "string" ? payload : JSON.stringify(payload), key });
}

export const call = (id: number, name: string, args?: unknown) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, ...(args === undefined ? {} : { arguments: args }) },
});
