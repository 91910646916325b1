/**
 * Prices in words, read off the operation table's cost functions (never typed by hand):
 * OpenAPI descriptions and the tool server's tool descriptions both say them this way.
 */
import type { CostUnits } from "./operations.ts";

/** "1 credit", "2 credits". */
export const credits = (n: number) => `${n} credit${n === 1 ? "" : "s"}`;

/** "2 credits per call", "1 credit per domain", "1 credit per 10 names, rounded up", from the cost function. */
export function costPhrase(cost: (u: CostUnits) => number, unit: string): string {
  const at = (items: number, includeCounts = false) => cost({ items, includeCounts });
  const one = at(1);
  let phrase: string;
  if (one === 0 && at(100) === 0) return "free";
  if (at(2) === one && at(100) === one) phrase = `${credits(one)} per call`;
  else if ([2, 10, 11, 100].every((k) => at(k) === k * one)) phrase = `${credits(one)} per ${unit}`;
  else {
    let block = 1;
    while (block < 10_000 && at(block + 1) === one) block++;
    phrase = `${credits(one)} per ${block} ${unit}s, rounded up`;
  }
  const doubled = at(10, true) / at(10);
  if (doubled !== 1) phrase += ` (${doubled} times that with include_counts)`;
  return phrase;
}
