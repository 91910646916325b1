/**
 * The LexiconView over the classification capability (docs/classify.md): its split and
 * classification in one call (splitAndClassify, with the extension for the language), known phrases (the lexicon's two-word phrases
 * and the classifier's multi-word industry keywords), and word frequencies on the Zipf scale.
 * Frequencies are read from the lexicon's own table (index, -ln p), with no object per word:
 * this runs for every word of every name.
 * Other languages: the lexicon tags the frequent words of German, Spanish, French, Italian,
 * Portuguese, Dutch and Swedish (classifier-words.ts LANGS) and prices them in their own
 * language; a name is read in a language when every word of it is that language's (its
 * country's language first), and its words' frequencies are then the higher of English and
 * that language. One view per thread, built on first use (the lexicon loads once per thread).
 */
import { classifyVersion, langOfExt, splitAndClassify } from "../classify/api.ts";
import { LANGS, W_BRAND, W_COMMON, W_LANG_SHIFT, W_PLACE, W_WORD } from "../classify/classifier-words.ts";
import { singleKeyword } from "../classify/keywords.ts";
import { getLexicon } from "../classify/lexicon.ts";
import { TAXONOMY } from "../classify/taxonomy.ts";
import type { LexiconView } from "./gather.ts";

/** ln 10: a constant of the language, not a Math function call, so the result is the same everywhere. */
const LN10 = Math.LN10;
/** Zipf given to words the dictionaries list but no frequency corpus counted (rare words). */
const RARE_WORD_ZIPF = 1.5;

let view: LexiconView | null = null;

/** The language of LANGS index l as the model names it ("de"). */
const langName = (l: number) => LANGS[l]!;

export function lexiconView(): LexiconView {
  if (view !== null) return view;
  const lex = getLexicon();
  view = {
    version: classifyVersion(),
    analyse(name, ext) {
      const { split: s, classification: c } = splitAndClassify(name.toLowerCase(), ext);
      // An internationalised name's words as the lexicon spells them ("garten mobel").
      const w = s.ascii?.words ?? s.words;
      let phrase = false;
      if (w.length === 2) {
        const i = lex.indexOf(w[0]!),
          j = lex.indexOf(w[1]!);
        // A two-word keyword in a two-word name covers it ("vacation rentals" matches "vacation rental").
        phrase = (i >= 0 && j >= 0 && lex.isPhrase(i, j)) || c.matched.some((k) => k.includes(" "));
      }
      return { words: w, split: s.words.join(" "), phrase, classification: { vertical: c.vertical, subcategory: c.subcategory, type: c.type } };
    },
    zipf(word, lang) {
      const i = lex.indexOf(word);
      if (i < 0) return 0;
      const cost = lex.freqCost(i);
      let z = cost === Infinity ? (lex.flags(i) !== 0 ? RARE_WORD_ZIPF : 0) : 9 - cost / LN10; // zipf = log10(p * 1e9), cost = -ln p
      if (lang !== null) {
        const own = langCosts(LANGS.indexOf(lang as never)).get(i);
        if (own !== undefined && 9 - own / LN10 > z) z = 9 - own / LN10;
      }
      return z > 0.1 ? z : z > 0 ? 0.1 : 0;
    },
    language(words, ext) {
      // Which languages every letter word of the name belongs to, and whether one is not English.
      let all = (1 << LANGS.length) - 1,
        foreignOnly = false,
        letterWords = 0;
      for (const word of words) {
        if (!hasLetter(word)) continue;
        letterWords++;
        const i = lex.indexOf(word);
        const f = i < 0 ? 0 : lex.flags(i);
        all &= (f >> W_LANG_SHIFT) & ((1 << LANGS.length) - 1);
        if ((f & W_WORD) === 0 || lex.freqCost(i) === Infinity) foreignOnly = true;
      }
      if (letterWords === 0 || all === 0) return null;
      const home = langOfExt(ext) - 1; // LANGS index of the extension's language, else < 0
      if (home >= 0 && (all & (1 << home)) !== 0 && ownWords(words, home)) return { lang: langName(home), home: true };
      if (!foreignOnly) return null; // English words that other languages share ("auto", "casa")
      for (let l = 0; l < LANGS.length; l++) if ((all & (1 << l)) !== 0) return { lang: langName(l), home: false };
      return null;
    },
    isBrand(word) {
      const i = lex.indexOf(word);
      return i >= 0 && (lex.flags(i) & W_BRAND) !== 0;
    },
    isPlace(word) {
      const i = lex.indexOf(word);
      return i >= 0 && (lex.flags(i) & (W_PLACE | W_COMMON)) === W_PLACE;
    },
    keyword(word) {
      const k = singleKeyword(word);
      if (k === undefined) return null;
      const node = TAXONOMY.nodes[k.node]!;
      return { vertical: node.vertical, subcategory: node.subcategory };
    },
  };
  return view;
}

/**
 * Every letter word of the name is at least about as frequent in language l as in English:
 * "auto" and "versicherung" are German words; "music", which German text also uses, is not.
 */
function ownWords(words: readonly string[], l: number): boolean {
  const lex = getLexicon();
  const own = langCosts(l);
  for (const w of words) {
    if (!hasLetter(w)) continue;
    const i = lex.indexOf(w);
    const c = own.get(i);
    if (c === undefined) return false;
    // costs are -ln p: own frequency at least half a Zipf step (a factor 3.2) below English at most
    if (c > lex.freqCost(i) + 0.5 * LN10) return false;
  }
  return true;
}

function hasLetter(w: string): boolean {
  for (let k = 0; k < w.length; k++) {
    const c = w.charCodeAt(k);
    if (c >= 97 && c <= 122) return true;
  }
  return false;
}

/** Per language (LANGS index): word index -> its cost in that language, built on first use. */
const costs: Map<number, number>[] = [];
function langCosts(l: number): Map<number, number> {
  let m = costs[l];
  if (m === undefined) {
    m = new Map();
    const out = m;
    getLexicon().forEachLangWord(l, (i, cost) => out.set(i, cost));
    costs[l] = m;
  }
  return m;
}
