/**
 * Extracts the most frequent words of each non-English language from wordfreq's data files
 * into committed inputs of build.ts, so that the lexicon builds (and its test rebuilds it)
 * from the repository and node_modules alone:
 *
 *   scripts/lexicon/data/wordfreq-<lang>.tsv.gz: one line "word<TAB>cB" per word, the word
 *   lower case in Unicode as wordfreq spells it ("gartenmöbel"), cB its frequency in
 *   centibels (-462: the word is 10^-4.62 of the tokens), the TOP_N most frequent words
 *   made only of letters (no digits, apostrophes or hyphens: a name cannot glue those),
 *   most frequent first, then code-unit order; gzip without a timestamp.
 *
 * Source: wordfreq 3.2 (Robyn Speer et al., https://github.com/rspeer/wordfreq), its
 * large_<lang>.msgpack.gz files, CC BY-SA 4.0. The extracts, and the lexicon built from them,
 * are derived works under the same licence (docs/classify.md).
 *
 *   node scripts/bun.cjs run scripts/lexicon/extract-wordfreq.ts [--from DIR]
 *
 * DIR holds large_<lang>.msgpack.gz (default ../shared/data/wordfreq beside the checkout).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { unpack } from "msgpackr";
import { LANGS } from "../../src/capabilities/classify/classifier-words.ts";

/** Words kept per language: see docs/classify.md for the measurement behind it. */
export const TOP_N = 40_000;

/** Letters of any script (and their combining marks) only. */
const LETTERS = /^[\p{L}\p{M}]+$/u;

export function wordfreqFile(lang: string): string {
  return path.resolve(import.meta.dir, `data/wordfreq-${lang}.tsv.gz`);
}

function extract(file: string): string[] {
  const buckets = unpack(gunzipSync(readFileSync(file))) as unknown[];
  const lines: string[] = [];
  for (let i = 1; i < buckets.length && lines.length < TOP_N; i++) {
    const words = (buckets[i] as string[]).filter((w) => w.length >= 2 && LETTERS.test(w)).sort();
    for (const w of words) {
      if (lines.length >= TOP_N) break;
      lines.push(`${w}\t${-(i - 1)}`);
    }
  }
  return lines;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--from");
  const dir = at >= 0 ? path.resolve(args[at + 1]!) : path.resolve(import.meta.dir, "../../../shared/data/wordfreq");
  for (const lang of LANGS) {
    const lines = extract(path.join(dir, `large_${lang}.msgpack.gz`));
    const bytes = gzipSync(lines.join("\n") + "\n", { level: 9 });
    writeFileSync(wordfreqFile(lang), bytes);
    console.log(`wrote ${wordfreqFile(lang)}: ${lines.length.toLocaleString("en-US")} words, ${bytes.length.toLocaleString("en-US")} bytes`);
  }
}
