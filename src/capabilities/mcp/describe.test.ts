import { expect, test } from "bun:test";
import { OPERATIONS, zoneLookupCost } from "../../operations.ts";
import { costPhrase, describeTool, PROSE } from "./describe.ts";

test("cost phrases are read off the cost functions", () => {
  expect(costPhrase(() => 2, "keyword")).toBe("2 credits per call");
  expect(costPhrase((u) => u.items, "domain")).toBe("1 credit per domain");
  expect(costPhrase((u) => 2 * u.items, "domain")).toBe("2 credits per domain");
  expect(costPhrase(zoneLookupCost, "name")).toBe("1 credit per 10 names, rounded up (2 times that with include_counts)");
  expect(costPhrase(() => 0, "job")).toBe("free");
});

test("a description carries the cost, the tool's list limit and the rate limit from the table", () => {
  const op = OPERATIONS.appraise_bulk;
  const d = describeTool(op, PROSE.appraise_bulk!, op.mcp!.listLimit);
  expect(d).toContain("Cost: 1 credit per domain");
  expect(d).toContain(`At most ${op.mcp!.listLimit} domains per call`);
  expect(d).toContain("use submit_job");
  expect(d).toContain("6 calls per minute");
});

test("submit_job names every job type's cost; free tools say so", () => {
  const d = describeTool(OPERATIONS.jobs_submit, PROSE.jobs_submit!, 50_000);
  expect(d).toContain("zone_lookup: 1 credit per 10 names, rounded up");
  expect(d).toContain("categorize: 2 credits per name");
  expect(describeTool(OPERATIONS.job_status, PROSE.job_status!, null)).toContain("Free. Not rate limited.");
});

test("every tool of the table has prose", () => {
  for (const op of Object.values(OPERATIONS)) if (op.mcp) expect(PROSE[op.id]).toBeDefined();
});
