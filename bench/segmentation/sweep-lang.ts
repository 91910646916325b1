/**
 * The language parameters of the splitter (foreignPenalty, langShare, foreignMinLetters) swept on train.txt
 * only: names right (runs of single letters merged) for each pair, and the names whose split
 * differs from the English-only reading (foreignPenalty = Infinity).
 *
 *   node scripts/bun.cjs run bench/segmentation/sweep-lang.ts [penalties] [shares] [minLetters] [--diff P]
 */
import { getLexicon } from "../../src/capabilities/classify/lexicon.ts";
import { DEFAULT_PARAMS } from "../../src/capabilities/classify/splitter-params.ts";
import { Splitter } from "../../src/capabilities/classify/splitter.ts";
import { loadCases, mergeSingles } from "./score.ts";

const args = process.argv.slice(2);
const list = (s: string | undefined, d: number[]) => (s === undefined ? d : s.split(",").map(Number));
const penalties = list(args[0], [4, 6, 8, 10, 14, Infinity]);
const shares = list(args[1], [DEFAULT_PARAMS.langShare]);
const mins = list(args[2], [DEFAULT_PARAMS.foreignMinLetters]);
const cases = loadCases("train.txt");
const lex = getLexicon();
const key = (w: readonly string[]) => mergeSingles(w).join(" ");
const base = new Splitter(lex, { ...DEFAULT_PARAMS, foreignPenalty: Infinity });
const baseOut = cases.map((c) => key(base.split(c.input).words));
for (const fp of penalties)
  for (const ls of shares)
    for (const fm of mins) {
      const sp = new Splitter(lex, { ...DEFAULT_PARAMS, foreignPenalty: fp, langShare: ls, foreignMinLetters: fm });
      let right = 0,
        won = 0,
        lost = 0;
      const diffs: string[] = [];
      cases.forEach((c, i) => {
        const got = key(sp.split(c.input).words),
          gold = key(c.gold);
        if (got === gold) right++;
        if (got !== baseOut[i]) {
          if (got === gold) won++;
          else if (baseOut[i] === gold) lost++;
          diffs.push(`${gold} | en: ${baseOut[i]} | now: ${got}`);
        }
      });
      console.log(
        `foreignPenalty ${fp} langShare ${ls} foreignMinLetters ${fm}: ${right}/${cases.length} = ${((100 * right) / cases.length).toFixed(2)} %, ${diffs.length} differ from English-only (+${won} -${lost})`,
      );
      if (args.includes("--diff") && Number(args[args.indexOf("--diff") + 1]) === fp) for (const d of diffs) console.log("  " + d);
    }
