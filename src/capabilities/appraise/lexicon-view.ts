/**
 * The LexiconView over the classification capability (docs/classify.md): its split and
 * classification in one call (classifyName), known phrases (the lexicon's two-word phrases
 * and the classifier's multi-word industry keywords), and word frequencies on the Zipf scale.
 * Frequencies are read from the lexicon's own table (index, -ln p), with no object per word:
 * this runs for every word of every name.
 * One view per thread, built on first use (the lexicon loads once per thread).
 */
import { classifyName, classifyVersion } from "../classify/api.ts";
import { getLexicon } from "../classify/lexicon.ts";
import type { LexiconView } from "./gather.ts";

/** ln 10: a constant of the language, not a Math function call, so the result is the same everywhere. */
const LN10 = Math.LN10;
/** Zipf given to words the dictionaries list but no frequency corpus counted (rare words). */
const RARE_WORD_ZIPF = 1.5;

let view: LexiconView | null = null;

export function lexiconView(): LexiconView {
  if (view !== null) return view;
  const lex = getLexicon();
  view = {
    version: classifyVersion(),
    analyse(name) {
      const c = classifyName(name);
      const w = c.words;
      let phrase = false;
      if (w.length === 2) {
        const i = lex.indexOf(w[0]!),
          j = lex.indexOf(w[1]!);
        // A two-word keyword in a two-word name covers it ("vacation rentals" matches "vacation rental").
        phrase = (i >= 0 && j >= 0 && lex.isPhrase(i, j)) || c.matched.some((k) => k.includes(" "));
      }
      return { words: w, split: c.split, phrase, classification: { vertical: c.vertical, subcategory: c.subcategory, type: c.type } };
    },
    zipf(word) {
      const i = lex.indexOf(word);
      if (i < 0) return 0;
      const cost = lex.freqCost(i);
      if (cost === Infinity) return lex.flags(i) !== 0 ? RARE_WORD_ZIPF : 0;
      const z = 9 - cost / LN10; // zipf = log10(p * 1e9) and cost = -ln p
      return z > 0.1 ? z : 0.1;
    },
  };
  return view;
}
