/**
 * The letter trigram model the splitter prices unknown runs with: how word-like a string of
 * letters is ("tweetfold" is cheap, "xqzvtkpl" dear). Trained on word TYPES (each dictionary
 * word, name and place once), add-k smoothed, stored as quantised costs (lexicon-format.ts).
 */
import { CHAR_SYMBOLS, CHAR_TABLE, FREQ_SCALE, NO_FREQ } from "../../src/capabilities/classify/lexicon-format.ts";

const BOUNDARY = 26;
const K = 0.1;

export function letterModel(types: Iterable<string>): Uint16Array {
  const counts = new Float64Array(CHAR_TABLE);
  for (const w of types) {
    if (!/^[a-z]+$/.test(w)) continue;
    let a = BOUNDARY,
      b = BOUNDARY;
    for (let i = 0; i <= w.length; i++) {
      const c = i < w.length ? w.charCodeAt(i) - 97 : BOUNDARY;
      counts[(a * CHAR_SYMBOLS + b) * CHAR_SYMBOLS + c]!++;
      a = b;
      b = c;
    }
  }
  const out = new Uint16Array(CHAR_TABLE);
  for (let ctx = 0; ctx < CHAR_SYMBOLS * CHAR_SYMBOLS; ctx++) {
    let total = 0;
    for (let c = 0; c < CHAR_SYMBOLS; c++) total += counts[ctx * CHAR_SYMBOLS + c]!;
    for (let c = 0; c < CHAR_SYMBOLS; c++) {
      const p = (counts[ctx * CHAR_SYMBOLS + c]! + K) / (total + K * CHAR_SYMBOLS);
      out[ctx * CHAR_SYMBOLS + c] = Math.min(NO_FREQ - 1, Math.round(-Math.log(p) * FREQ_SCALE));
    }
  }
  return out;
}
