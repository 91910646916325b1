/**
 * Coordinate descent over the splitter's penalties on train.txt ONLY (eval.txt stays unseen
 * for the figure). Prints the best parameters found; copy them into splitter-params.ts.
 *
 *   node scripts/bun.cjs run bench/segmentation/tune.ts [rounds=3]
 */
import { getLexicon } from "../../src/capabilities/classify/lexicon.ts";
import { DEFAULT_PARAMS, type SplitterParams } from "../../src/capabilities/classify/splitter-params.ts";
import { Splitter } from "../../src/capabilities/classify/splitter.ts";
import { loadCases, score } from "./score.ts";

const cases = loadCases("train.txt");
const lex = getLexicon();
const rounds = Number(process.argv[2] ?? 3);
const SKIP = new Set<keyof SplitterParams>(["high", "medium"]);

function evaluate(p: SplitterParams): number {
  const sp = new Splitter(lex, p);
  return score(cases, (s) => sp.split(s).words).merged;
}

let best: SplitterParams = { ...DEFAULT_PARAMS };
let bestScore = evaluate(best);
console.log(`start ${(bestScore * 100).toFixed(2)} %`);
for (let round = 0; round < rounds; round++) {
  const stepScale = round === 0 ? 1 : round === 1 ? 0.5 : 0.25;
  for (const key of Object.keys(best) as (keyof SplitterParams)[]) {
    if (SKIP.has(key)) continue;
    const base = best[key];
    const delta = Math.max(0.1, Math.abs(base) * 0.25) * stepScale;
    for (const dir of [-1, 1]) {
      for (let k = 1; k <= 4; k++) {
        const trial = { ...best, [key]: Math.round((base + dir * k * delta) * 100) / 100 };
        const s = evaluate(trial);
        if (s > bestScore) { bestScore = s; best = trial; } else break;
      }
    }
    console.log(`round ${round} ${key} = ${best[key]}  ${(bestScore * 100).toFixed(2)} %`);
  }
}
console.log(JSON.stringify(best, null, 2));
