/**
 * The tool table, built once from the operation table and the endpoints REST serves: a
 * tool exists exactly when its REST twin is served, and it runs the twin's own Endpoint
 * through the shared pipeline (`execute`) with the tool's smaller list limit. So a tool
 * and its twin share one validation (the same TypeBox builder, hence the same messages),
 * one cost function, one quota and one service. Input and output schemas are those same
 * TypeBox schemas, which are JSON Schema already.
 */
import { Type, type TSchema } from "@sinclair/typebox";
import type { CallContext, Endpoint } from "../../http/endpoint.ts";
import { execute, type Answer } from "../../http/pipeline.ts";
import { validator } from "../../http/validate.ts";
import { OPERATION_LIST, type Operation } from "../../operations.ts";
import { describeTool, PROSE, type Prose } from "./describe.ts";

export type JsonSchemaObject = { type: "object"; [k: string]: unknown };

/** What tools/list shows for a tool. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchemaObject;
  outputSchema?: JsonSchemaObject;
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

export interface Tool {
  name: string;
  op: Operation;
  definition: ToolDefinition;
  /** Validate, charge and run; throws ApiError exactly as the REST twin would answer. */
  run(args: Record<string, unknown>, ctx: CallContext): Answer | Promise<Answer>;
}

/** A tool for an operation whose twin is not an Endpoint (jobs): built from the services. */
export interface ToolSource {
  input: TSchema;
  output?: TSchema;
  run(args: Record<string, unknown>, ctx: CallContext): Answer | Promise<Answer>;
}

/** Plain JSON Schema for the wire: no TypeBox symbols, no private keywords. */
function wire(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema, (k, v) => (k === "errorMessage" ? undefined : v)));
}

function objectSchema(schema: TSchema | undefined): JsonSchemaObject | undefined {
  if (!schema) return undefined;
  const w = wire(schema);
  return w.type === "object" ? (w as JsonSchemaObject) : undefined;
}

/** Path parameters (":job_id") as tool arguments, validated like any body. */
function paramsTool(ep: Endpoint, p: Prose): ToolSource {
  const names = [...ep.op.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const input = Type.Object(Object.fromEntries(names.map((n) => [n, Type.String({ minLength: 1, description: p.params?.[n] ?? n })])), {
    additionalProperties: false,
  });
  const check = validator<Record<string, string>>(input);
  return {
    input,
    output: ep.response,
    run: (args, ctx) => execute(ep, undefined, { ...ctx, params: check.parse(args) }),
  };
}

function endpointTool(ep: Endpoint, p: Prose, limit: number): ToolSource {
  if (!ep.body) return paramsTool(ep, p);
  return { input: ep.body(limit), output: ep.response, run: (args, ctx) => execute(ep, args, ctx, limit) };
}

function define(op: Operation, p: Prose, src: ToolSource): Tool {
  const name = op.mcp!.name;
  const outputSchema = objectSchema(src.output);
  return {
    name,
    op,
    definition: {
      name,
      title: p.title,
      description: describeTool(op, p, op.mcp!.listLimit),
      inputSchema: objectSchema(src.input) ?? { type: "object" },
      ...(outputSchema ? { outputSchema } : {}),
      annotations: { title: p.title, readOnlyHint: p.readOnly, destructiveHint: false, idempotentHint: p.readOnly, openWorldHint: p.openWorld ?? false },
    },
    run: src.run,
  };
}

/**
 * Every tool whose twin is served, in the order of the operation table. `extra` supplies
 * tools whose twin is a raw route (jobs), keyed by operation id; absent ones are not listed.
 */
export function buildTools(endpoints: readonly Endpoint[], extra: Partial<Record<Operation["id"], ToolSource>> = {}): Map<string, Tool> {
  const served = new Map(endpoints.map((e) => [e.op.id, e]));
  const tools = new Map<string, Tool>();
  for (const op of OPERATION_LIST) {
    const p = PROSE[op.id];
    if (!op.mcp || !p) continue;
    const ep = served.get(op.id);
    const src = extra[op.id] ?? (ep ? endpointTool(ep, p, op.mcp.listLimit ?? op.batchLimit ?? 0) : undefined);
    if (src) tools.set(op.mcp.name, define(op, p, src));
  }
  return tools;
}
