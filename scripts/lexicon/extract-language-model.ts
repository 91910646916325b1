/**
 * Extracts what the lexicon takes from a language model into two committed inputs of
 * build.ts (so that the lexicon builds, and its test rebuilds it, from the repository and
 * node_modules alone):
 * - scripts/lexicon/data/word-pairs.tsv.gz: one line "h<TAB>w<TAB>q" per bigram "h w" whose
 *   association ln p(w | h) - ln p(w) is positive, q in 1/PAIR_SCALE nats, 1 to 255;
 * - scripts/lexicon/data/word-probs.tsv.gz: one line "w<TAB>ln p(w)" per word, to 4 decimals.
 * Words are folded as names glue them first (foldModel): "don't" is dont, and "it's" and
 * "its" are one word "its".
 * Both sorted, gzip without a timestamp: the same model gives the same bytes.
 *
 *   apt-get install pocketsphinx-en-us     # CMU's US English model, BSD-2
 *   node scripts/bun.cjs run scripts/lexicon/extract-language-model.ts [--lm FILE]
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PAIR_SCALE } from "../../src/capabilities/classify/lexicon-format.ts";
import { DEBIAN_EN_US_LM, readLanguageModel, type LanguageModel } from "./sphinx-lm.ts";

export const WORD_PAIRS_FILE = path.resolve(import.meta.dir, "data/word-pairs.tsv.gz");
export const WORD_PROBS_FILE = path.resolve(import.meta.dir, "data/word-probs.tsv.gz");
const PLAIN = /^[a-z]+$/;

function write(file: string, lines: string[]): void {
  lines.sort();
  const bytes = gzipSync(lines.join("\n") + "\n", { level: 9 });
  writeFileSync(file, bytes);
  console.log(`wrote ${file}: ${lines.length.toLocaleString("en-US")} lines, ${bytes.length.toLocaleString("en-US")} bytes`);
}

/**
 * A model word as it appears glued into a name: apostrophes dropped ("don't" -> dont, "joe's"
 * -> joes, "'cause" -> cause); null for anything else that is not plain a-z ("a.", "all-star").
 */
export function foldWord(w: string): string | null {
  const f = w.includes("'") ? w.replace(/'/g, "") : w;
  return PLAIN.test(f) ? f : null;
}

/**
 * The model with every word folded (foldWord): a folded word's probability is the sum of its
 * spellings' ("its" = its + it's), and a folded pair's conditional probability is the
 * average of its spellings' listed bigrams weighted by the first word's spellings,
 * p(W | H) = sum p(h) p(w | h) / sum p(h), so that its association ln p(W | H) - ln p(W)
 * is the model's own for a pair with one spelling each. Pairs that back off are not listed;
 * leaving them out only lowers a folded pair's association.
 */
export function foldModel(lm: LanguageModel): { probs: Map<string, number>; pairs: Map<string, number> } {
  const folded = lm.words.map(foldWord);
  const probs = new Map<string, number>();
  folded.forEach((f, i) => {
    if (f !== null) probs.set(f, (probs.get(f) ?? 0) + Math.exp(lm.logProb[i]!));
  });
  const id = new Map(lm.words.map((w, i) => [w, i]));
  const joint = new Map<string, number>(); // sum over spellings of p(h) p(w | h)
  lm.forEachBigram((h, w, association) => {
    const ih = id.get(h)!,
      iw = id.get(w)!;
    const fh = folded[ih]!,
      fw = folded[iw]!;
    if (fh === null || fw === null) return;
    const key = `${fh}\t${fw}`;
    joint.set(key, (joint.get(key) ?? 0) + Math.exp(lm.logProb[ih]! + association + lm.logProb[iw]!));
  });
  const pairs = new Map<string, number>();
  for (const [key, pj] of joint) {
    const [fh, fw] = key.split("\t") as [string, string];
    pairs.set(key, Math.log(pj / probs.get(fh)!) - Math.log(probs.get(fw)!));
  }
  return { probs, pairs };
}

if (import.meta.main) {
  const at = process.argv.indexOf("--lm");
  const { probs, pairs } = foldModel(readLanguageModel(at > 0 ? process.argv[at + 1]! : DEBIAN_EN_US_LM));
  const lines: string[] = [];
  for (const [key, association] of pairs) {
    const q = Math.min(255, Math.round(association * PAIR_SCALE));
    if (q >= 1) lines.push(`${key}\t${q}`);
  }
  write(WORD_PAIRS_FILE, lines);
  write(
    WORD_PROBS_FILE,
    [...probs].map(([w, p]) => `${w}\t${Math.log(p).toFixed(4)}`),
  );
}
