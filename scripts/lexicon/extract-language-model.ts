/**
 * Extracts what the lexicon takes from a language model into two committed inputs of
 * build.ts (so that the lexicon builds, and its test rebuilds it, from the repository and
 * node_modules alone):
 * - scripts/lexicon/data/word-pairs.tsv.gz: one line "h<TAB>w<TAB>q" per bigram "h w" whose
 *   words are plain a-z and whose association ln p(w | h) - ln p(w) is positive, q in
 *   1/PAIR_SCALE nats, 1 to 255;
 * - scripts/lexicon/data/word-probs.tsv.gz: one line "w<TAB>ln p(w)" per plain a-z word, to
 *   4 decimals.
 * Both sorted, gzip without a timestamp: the same model gives the same bytes.
 *
 *   apt-get install pocketsphinx-en-us     # CMU's US English model, BSD-2
 *   node scripts/bun.cjs run scripts/lexicon/extract-language-model.ts [--lm FILE]
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PAIR_SCALE } from "../../src/capabilities/classify/lexicon-format.ts";
import { DEBIAN_EN_US_LM, readLanguageModel } from "./sphinx-lm.ts";

export const WORD_PAIRS_FILE = path.resolve(import.meta.dir, "data/word-pairs.tsv.gz");
export const WORD_PROBS_FILE = path.resolve(import.meta.dir, "data/word-probs.tsv.gz");
const PLAIN = /^[a-z]+$/;

function write(file: string, lines: string[]): void {
  lines.sort();
  const bytes = gzipSync(lines.join("\n") + "\n", { level: 9 });
  writeFileSync(file, bytes);
  console.log(`wrote ${file}: ${lines.length.toLocaleString("en-US")} lines, ${bytes.length.toLocaleString("en-US")} bytes`);
}

if (import.meta.main) {
  const at = process.argv.indexOf("--lm");
  const lm = readLanguageModel(at > 0 ? process.argv[at + 1]! : DEBIAN_EN_US_LM);
  const pairs: string[] = [];
  lm.forEachBigram((h, w, association) => {
    const q = Math.min(255, Math.round(association * PAIR_SCALE));
    if (q >= 1 && PLAIN.test(h) && PLAIN.test(w)) pairs.push(`${h}\t${w}\t${q}`);
  });
  write(WORD_PAIRS_FILE, pairs);
  write(WORD_PROBS_FILE, lm.words.flatMap((w, i) => (PLAIN.test(w) ? [`${w}\t${lm.logProb[i]!.toFixed(4)}`] : [])));
}
