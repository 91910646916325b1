import { expect, test } from "bun:test";
import { OPERATIONS } from "../../operations.ts";
import { ENDPOINTS } from "../../routes.ts";
import { buildTools } from "./tools.ts";

const zoneOnly = ENDPOINTS.filter((e) => e.op.id === "zone_count" || e.op.id === "zone_lookup");

test("a tool exists exactly when its twin is among the served endpoints", () => {
  expect([...buildTools([]).keys()]).toEqual([]);
  expect([...buildTools(zoneOnly).keys()].sort()).toEqual(["zone_count", "zone_lookup"]);
});

test("input schemas are the REST builders with the tool's list limit; output schemas are the twins' responses", () => {
  for (const tool of buildTools(ENDPOINTS).values()) {
    const ep = ENDPOINTS.find((e) => e.op.id === tool.op.id)!;
    const d = tool.definition;
    expect(d.inputSchema.type).toBe("object");
    expect(JSON.stringify(d)).not.toContain("errorMessage");
    if (ep.response) expect(d.outputSchema).toEqual(JSON.parse(JSON.stringify(ep.response, (k, v) => (k === "errorMessage" ? undefined : v))));
    const limit = OPERATIONS[tool.op.id].mcp!.listLimit;
    if (tool.op.listField && limit !== null) {
      const list = (d.inputSchema.properties as Record<string, { maxItems?: number }>)[tool.op.listField]!;
      expect(list.maxItems).toBe(limit);
    }
  }
});

test("path parameters become required string arguments (job_status)", () => {
  const ep = ENDPOINTS.find((e) => e.op.id === "job_status")!;
  const d = buildTools([ep]).get("job_status")!.definition;
  expect(d.inputSchema).toMatchObject({ type: "object", required: ["job_id"], additionalProperties: false });
  expect(d.annotations.readOnlyHint).toBe(true);
});
