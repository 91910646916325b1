/**
 * Extracts the word-pair associations the lexicon takes from a language model into
 * scripts/lexicon/data/word-pairs.tsv.gz, the committed input of build.ts (so that the
 * lexicon builds, and its test rebuilds it, from the repository and node_modules alone).
 *
 *   apt-get install pocketsphinx-en-us     # CMU's US English model, BSD-2
 *   node scripts/bun.cjs run scripts/lexicon/extract-word-pairs.ts [--lm FILE]
 *
 * One line per bigram "h w" of the model whose words are plain a-z and whose association
 * ln p(w | h) - ln p(w) is positive: "h<TAB>w<TAB>q", q the association in 1/16 nats
 * (PAIR_SCALE), 1 to 255, sorted, gzip without a timestamp: the same model gives the same
 * bytes.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PAIR_SCALE } from "../../src/capabilities/classify/lexicon-format.ts";
import { DEBIAN_EN_US_LM, forEachBigram } from "./sphinx-lm.ts";

export const WORD_PAIRS_FILE = path.resolve(import.meta.dir, "data/word-pairs.tsv.gz");
const PLAIN = /^[a-z]+$/;

if (import.meta.main) {
  const at = process.argv.indexOf("--lm");
  const lm = at > 0 ? process.argv[at + 1]! : DEBIAN_EN_US_LM;
  const lines: string[] = [];
  forEachBigram(lm, (h, w, pmi) => {
    const q = Math.min(255, Math.round(pmi * PAIR_SCALE));
    if (q >= 1 && PLAIN.test(h) && PLAIN.test(w)) lines.push(`${h}\t${w}\t${q}`);
  });
  lines.sort();
  const bytes = gzipSync(lines.join("\n") + "\n", { level: 9 });
  writeFileSync(WORD_PAIRS_FILE, bytes);
  console.log(`wrote ${WORD_PAIRS_FILE}: ${lines.length.toLocaleString("en-US")} pairs, ${bytes.length.toLocaleString("en-US")} bytes`);
}
