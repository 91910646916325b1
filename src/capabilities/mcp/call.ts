/**
 * One tools/call: step 1 of the metering step (src/http/meter.ts), the rate check of the
 * twin's bucket as REST's onRequest does per request, then the tool's run through the
 * shared pipeline (steps 2-4 there), then the MCP result.
 * Whatever REST answers with a 4xx/5xx body becomes an error result whose text is the
 * REST message word for word (and whose charge is nothing: the pipeline refunds every
 * non-2xx); a success carries structuredContent, a text rendering, and the credits.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { CallContext } from "../../http/endpoint.ts";
import { ApiError } from "../../http/errors.ts";
import { checkRate } from "../../http/meter.ts";
import type { Answer } from "../../http/pipeline.ts";
import type { Services } from "../../services.ts";
import type { KeyRecord } from "../../store/types.ts";
import { renderText } from "./render.ts";
import type { Tool } from "./tools.ts";

const NO_QUERY = new URLSearchParams();
const NO_HEADERS = new Headers();

export function errorResult(message: string, meta: Record<string, unknown> = {}, retryAfter?: string): CallToolResult {
  const content: CallToolResult["content"] = [{ type: "text", text: message }];
  // REST says when to retry in a Retry-After header; a model reads text.
  if (retryAfter !== undefined) content.push({ type: "text", text: `Retry after ${retryAfter} s.` });
  return { isError: true, content, _meta: meta };
}

function fromError(e: unknown, log: (e: unknown) => void): CallToolResult {
  if (e instanceof ApiError) return errorResult(e.message, { status: e.status, code: e.code, ...e.extra }, e.headers["Retry-After"]);
  log(e);
  return errorResult("internal error", { status: 500, code: "internal" });
}

function fromAnswer(a: Answer): CallToolResult {
  const body = a.body;
  const charged = a.headers["X-Credits-Charged"];
  const meta: Record<string, unknown> = {};
  let text = renderText(body);
  if (charged !== undefined) {
    meta.credits_charged = Number(charged);
    meta.credits_remaining = Number(a.headers["X-Credits-Remaining"]);
    text += `\n\ncredits charged: ${charged} (${meta.credits_remaining} remaining today)`;
  }
  if (a.headers["Idempotent-Replayed"] === "true") meta.idempotent_replayed = true;
  const structured = body !== null && typeof body === "object" && !Array.isArray(body);
  return {
    content: [{ type: "text", text }],
    ...(structured ? { structuredContent: body as Record<string, unknown> } : {}),
    _meta: meta,
  };
}

export function callTool(tool: Tool, args: Record<string, unknown>, key: KeyRecord, services: Services, log: (e: unknown) => void): Promise<CallToolResult> {
  const now = Date.now();
  const ctx: CallContext = { key, services, now, query: NO_QUERY, params: {}, headers: NO_HEADERS, via: "mcp" };
  try {
    // A store that answers with promises (PostgreSQL) counts the call before it runs, too.
    const counted = checkRate(services.store, key, tool.op.bucket, now);
    if (counted instanceof Promise) return counted.then(() => tool.run(args, ctx)).then(fromAnswer, (e) => fromError(e, log));
    const a = tool.run(args, ctx);
    if (!(a instanceof Promise)) return Promise.resolve(fromAnswer(a));
    return a.then(fromAnswer, (e) => fromError(e, log));
  } catch (e) {
    return Promise.resolve(fromError(e, log));
  }
}
