/**
 * The tool server: POST /mcp (MCP Streamable HTTP, stateless) with one tool per served
 * REST twin. See docs/mcp.md.
 */
import { defineCapability } from "../../capability.ts";
import { RATE_LIMITS } from "../../operations.ts";
import { jobTools } from "./job-tools.ts";
import { mcpRoute, MCP_PATH, rpcRefusal } from "./route.ts";

export const mcp = defineCapability({
  name: "mcp",
  raw: [mcpRoute(jobTools)],
  // Every POST counts in the key's mcp bucket before its body is read (docs/mcp.md).
  rated: [{ method: "POST", path: MCP_PATH, bucket: "mcp", refuse: rpcRefusal }],
  openapi: [
    {
      method: "POST",
      path: MCP_PATH,
      summary: "Tool server (MCP, Streamable HTTP, stateless)",
      description:
        "JSON-RPC 2.0 over Streamable HTTP for MCP clients (send Accept: application/json, text/event-stream). Same key, quota, costs and validation messages as the REST twins; tools/list shows the tools and what each costs. " +
        `Every POST counts in the key's mcp bucket, ${RATE_LIMITS.mcp} requests/min, checked before the body is read (429 with a JSON-RPC error and Retry-After); ` +
        "each tools/call also counts in its REST twin's bucket. GET and DELETE answer 405.",
    },
  ],
});
