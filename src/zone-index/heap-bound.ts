/**
 * Whether JavaScriptCore's heap-growth bound still fits the zone index being served.
 *
 * JSC counts a mapped index as live heap and lets each thread keep garbage up to a share of
 * its live size (BUN_JSC_heapGrowthMaxIncrease). The launcher (scripts/bun.cjs) sizes that
 * share to the index it finds at start, so that a thread keeps about ZW_JSC_GARBAGE_BYTES
 * (64 MB) of garbage, and JSC reads the option only at start. A server that later swaps in a
 * much larger index (the first start serves the small sample; the nightly build replaces
 * it) keeps the old share: at 100 M domains a share sized for the sample lets each thread
 * keep 700 MB. Nothing in the process can change the option, so the server says so and
 * names the fix: a restart through the launcher sizes the share for the file now there.
 */

/** The warning for an index of indexBytes under this environment's bound, or null when the bound fits it (or is the operator's own). */
export function staleHeapBoundWarning(indexBytes: number, env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  const fromLauncher = (env.ZW_JSC_FROM_LAUNCHER ?? "").split(",").includes("BUN_JSC_heapGrowthMaxIncrease");
  const share = Number(env.BUN_JSC_heapGrowthMaxIncrease);
  const planned = Number(env.ZW_JSC_GARBAGE_BYTES);
  if (!fromLauncher || !(share > 0) || !(planned > 0)) return null;
  const garbage = share * indexBytes;
  // twice the plan: the launcher's own sizing is within it for every index it saw at start
  if (garbage <= 2 * planned) return null;
  const mb = (b: number) => `${Math.round(b / 2 ** 20).toLocaleString("en-US")} MB`;
  return (
    `the heap-growth bound (BUN_JSC_heapGrowthMaxIncrease=${env.BUN_JSC_heapGrowthMaxIncrease}) was sized at start for a smaller index: ` +
    `with this ${mb(indexBytes)} index each thread may keep up to ${mb(garbage)} of garbage (planned: ${mb(planned)}); ` +
    `restart the server through scripts/bun.cjs (npm start) to size it for this index`
  );
}
