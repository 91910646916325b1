/**
 * The splitter's penalties, in nats (the unit of the lexicon's frequency costs). They were
 * tuned by coordinate descent on the training half of the hand-split domain data
 * (bench/segmentation/tune.ts, train.txt only; eval.txt is never used for tuning), so they
 * encode general preferences, not any file's words: how much a word boundary costs, what a
 * name, place or brand is worth when no frequency corpus knows it, and how an unknown run is
 * priced so that it stays whole.
 */
/** Bump when a parameter or a rule of the splitter changes (it moves results). */
export const SPLITTER_VERSION = "split-2026.11.28";

export interface SplitterParams {
  /** Added to every token: the price of a word boundary (higher = fewer, longer words). */
  perWord: number;
  /** Extra for a one-letter word other than "a" and "i". */
  singleLetter: number;
  /** Extra for the one-letter words "a" and "i". */
  article: number;
  /** Extra for a closed compound read as one word ("lonestar" rather than "lone star"). */
  compound: number;
  /** Subtracted from an unknown run of 2-5 letters without a vowel (an acronym: "rpd", "dns"). */
  acronym: number;
  /**
   * A token of 2+ letters, unknown run or lexicon word, read as letters spelled out (an
   * acronym, vowels or not: "acpi") costs at most base + perLetter * length (+ spelledLong per
   * letter past spelledLongFrom), whatever the letter model or the corpora say.
   */
  spelledBase: number;
  spelledPerLetter: number;
  /** Extra per letter of a spelled-out run past spelledLongFrom letters (long acronyms are rare). */
  spelledLong: number;
  spelledLongFrom: number;
  /** Subtracted from a word of 3+ letters after a leading "e" (the prefix e-: "etruck" is e truck). */
  ePrefix: number;
  /** Extra for a two-letter word. */
  twoLetters: number;
  /** Weight of the corpus frequency cost. */
  freqWeight: number;
  /** Added to the frequency cost of a word only the Wikipedia-derived list counts ("sandiego"). */
  unspoken: number;
  /** Dictionary word no corpus counts. */
  dictionary: number;
  /** First name / surname / place / brand that no corpus counts. */
  firstName: number;
  surname: number;
  place: number;
  brand: number;
  /** Subtracted per character (up to 10) from the costs of corpus-less words above. */
  lengthBonus: number;
  /** A run of letters no list knows: base + perChar * length (one run is cheaper than two). */
  unknownBase: number;
  unknownPerChar: number;
  /** Weight of the letter model's cost of an unknown run. */
  letterWeight: number;
  /** Bonus for two adjacent words that form a known phrase ("real estate"). */
  phraseBonus: number;
  /**
   * Bonus per nat of a word pair's association in the language model (ln p(b | a) - ln p(b),
   * positive only; the lexicon's word pairs): "real estate" 7.4 nats, "of the" 1.6.
   */
  pairWeight: number;
  /** Penalty for a word of 1-3 letters next to an unknown run. */
  shortBesideUnknown: number;
  /** A known word plus "s" that is not itself a word ("joes"): the word's cost plus this. */
  plural: number;
  /** The same for the slang plural "z" ("kidz", "designz"). */
  pluralZ: number;
  /**
   * A name (a run of letters) rarely ends in a very frequent word (frequency cost below
   * weakEndMaxCost: "how", "have", "on") or a lone letter: a token ending the run pays this.
   */
  weakEnd: number;
  weakEndMaxCost: number;
  /**
   * A name read as English: a word only another language knows costs its frequency cost in
   * the language that prices it cheapest plus this (so an English name is not read as foreign
   * words, while a foreign word still beats an unknown run).
   */
  foreignPenalty: number;
  /** A name read as English reads no word only another language knows that is shorter than this. */
  foreignMinLetters: number;
  /**
   * A name read in another language (its extension's, or the language of the foreign words its
   * English reading found): a word's probability is langShare of its probability in that
   * language plus (1 - langShare) of its English one (names there mix in English words).
   */
  langShare: number;
  /** Margins (second-best minus best, nats) for HIGH and MEDIUM confidence. */
  high: number;
  medium: number;
}

export const DEFAULT_PARAMS: Readonly<SplitterParams> = Object.freeze({
  perWord: 1.12,
  singleLetter: 2.7,
  article: 4.07,
  compound: 2.5,
  acronym: 1.94,
  twoLetters: 2.46,
  spelledBase: 6.56,
  spelledPerLetter: 4,
  spelledLong: 1.25,
  spelledLongFrom: 3,
  ePrefix: 8.21,
  freqWeight: 1,
  unspoken: 1.06,
  dictionary: 20,
  firstName: 17.45,
  surname: 18.75,
  place: 19.07,
  brand: 24.17,
  lengthBonus: 0.2,
  unknownBase: 2.21,
  unknownPerChar: 0.63,
  letterWeight: 1,
  phraseBonus: 1.245,
  pairWeight: 0.75,
  shortBesideUnknown: 0.83,
  plural: 5.25,
  pluralZ: 8,
  weakEnd: 2.93,
  weakEndMaxCost: 7.35,
  foreignPenalty: 9,
  foreignMinLetters: 5,
  langShare: 0.6,
  high: 4,
  medium: 1.5,
});
