/**
 * Coordinate descent over the splitter's penalties on train.txt ONLY (eval.txt stays unseen
 * for the figure). Prints the best parameters found; copy them into splitter-params.ts.
 *
 *   node scripts/bun.cjs run bench/segmentation/tune.ts [rounds=3] [--robust N] [--only a,b]
 *
 * --robust N: a step is taken only when it gains at least N names on train.txt as a whole and
 * loses none on either half (odd and even lines): a change that one half likes and the other
 * does not is noise, and taking such steps over thirty parameters over-fits the file (a plain
 * re-tune once gained 0.17 on train and lost 0.44 on eval). Without it, any gain counts.
 * --only: tune these parameters and leave the rest.
 * --holdout: steps are chosen on the even lines only (with --robust, on both halves of those),
 * and the odd lines, never looked at while tuning, say at the end whether the result holds.
 */
import { getLexicon } from "../../src/capabilities/classify/lexicon.ts";
import { DEFAULT_PARAMS, type SplitterParams } from "../../src/capabilities/classify/splitter-params.ts";
import { Splitter } from "../../src/capabilities/classify/splitter.ts";
import { loadCases, mergeSingles } from "./score.ts";

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const cases = loadCases("train.txt");
const lex = getLexicon();
const rounds = Number(args.find((a, i) => /^\d+$/.test(a) && !args[i - 1]?.startsWith("--")) ?? 3);
const robust = flag("robust") === undefined ? null : Number(flag("robust"));
const only = flag("only")?.split(",") ?? null;
const holdout = args.includes("--holdout");
const SKIP = new Set<keyof SplitterParams>(["high", "medium"]);

/** Names right (single-letter runs merged) on each half of the lines tuned on; with --holdout, of the even lines only. */
function evaluate(p: SplitterParams, lines: "tuned" | "held out" = "tuned"): [number, number] {
  const sp = new Splitter(lex, p);
  const right: [number, number] = [0, 0];
  cases.forEach((c, i) => {
    if (holdout && (i % 2 === 1) !== (lines === "held out")) return;
    const half = holdout ? (i >> 1) % 2 : i % 2;
    if (mergeSingles(sp.split(c.input).words).join(" ") === mergeSingles(c.gold).join(" ")) right[half]++;
  });
  return right;
}
const total = (r: [number, number]) => r[0] + r[1];
/** Whether `trial` is a step to take from `best`. */
function better(trial: [number, number], best: [number, number]): boolean {
  if (robust === null) return total(trial) > total(best);
  return total(trial) - total(best) >= robust && trial[0] >= best[0] && trial[1] >= best[1];
}
const tunedLines = holdout ? Math.ceil(cases.length / 2) : cases.length;
const pct = (r: [number, number], n = tunedLines) => `${((total(r) / n) * 100).toFixed(2)} % (halves ${r[0]} + ${r[1]})`;

let best: SplitterParams = { ...DEFAULT_PARAMS };
let bestScore = evaluate(best);
console.log(`start ${pct(bestScore)}`);
for (let round = 0; round < rounds; round++) {
  const stepScale = round === 0 ? 1 : round === 1 ? 0.5 : 0.25;
  for (const key of Object.keys(best) as (keyof SplitterParams)[]) {
    if (SKIP.has(key) || (only !== null && !only.includes(key))) continue;
    const base = best[key];
    const delta = Math.max(0.1, Math.abs(base) * 0.25) * stepScale;
    for (const dir of [-1, 1]) {
      for (let k = 1; k <= 4; k++) {
        const trial = { ...best, [key]: Math.round((base + dir * k * delta) * 100) / 100 };
        const s = evaluate(trial);
        if (better(s, bestScore)) {
          bestScore = s;
          best = trial;
        } else break;
      }
    }
    console.log(`round ${round} ${key} = ${best[key]}  ${pct(bestScore)}`);
  }
}
if (holdout) {
  const n = Math.floor(cases.length / 2);
  console.log(`held-out odd lines: ${pct(evaluate(DEFAULT_PARAMS, "held out"), n)} before, ${pct(evaluate(best, "held out"), n)} after`);
}
console.log(JSON.stringify(best, null, 2));
