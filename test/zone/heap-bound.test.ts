/**
 * The warning a server gives when an index swapped in after start outgrows the heap-growth
 * bound the launcher sized at start (src/zone-index/heap-bound.ts).
 */
import { expect, test } from "bun:test";
import { staleHeapBoundWarning } from "../../src/zone-index/heap-bound.ts";

const MB = 2 ** 20;
const launcher = (share: string) => ({
  BUN_JSC_heapGrowthMaxIncrease: share,
  ZW_JSC_FROM_LAUNCHER: "BUN_JSC_heapGrowthMaxIncrease,BUN_JSC_largeHeapSize",
  ZW_JSC_GARBAGE_BYTES: String(64 * MB),
});

test("a share sized for the sample index is stale for a 20 M-domain index: the warning names the garbage and the fix", () => {
  const w = staleHeapBoundWarning(574 * MB, launcher("0.2500"));
  expect(w).toContain("up to 144 MB of garbage (planned: 64 MB)");
  expect(w).toContain("restart the server");
});

test("a share the launcher sized for this index, or one up to twice the plan, gives no warning", () => {
  expect(staleHeapBoundWarning(574 * MB, launcher("0.1115"))).toBeNull();
  expect(staleHeapBoundWarning(2779 * MB, launcher("0.0230"))).toBeNull();
  // an index grown by less than half since start: 0.0230 x 5,000 MB = 115 MB, under 128
  expect(staleHeapBoundWarning(5000 * MB, launcher("0.0230"))).toBeNull();
  expect(staleHeapBoundWarning(6000 * MB, launcher("0.0230"))).toContain("up to 138 MB");
});

test("an operator's own share, or a server started without the launcher, is left alone", () => {
  expect(staleHeapBoundWarning(2779 * MB, { BUN_JSC_heapGrowthMaxIncrease: "0.5", ZW_JSC_FROM_LAUNCHER: "BUN_JSC_largeHeapSize" })).toBeNull();
  expect(staleHeapBoundWarning(2779 * MB, {})).toBeNull();
  expect(staleHeapBoundWarning(2779 * MB, { ...launcher("0.25"), ZW_JSC_GARBAGE_BYTES: "" })).toBeNull();
});
