/**
 * Everything the appraisal model looks at, as one plain object. The model (model.ts) is a pure
 * function of this object; gather.ts builds it from a parsed name, the lexicon (splitter, word
 * frequencies, classifier) and the zone index. Keeping this boundary narrow lets the model be
 * tested and calibrated without a lexicon or an index, and keeps it free of I/O.
 */

/** The splitter's words and, per word, its frequency on the Zipf scale. */
export interface WordSignals {
  /** Words of the first label, in order ("best", "pizza"); digits and hyphens may be their own tokens. */
  words: readonly string[];
  /**
   * Zipf frequency of each word (log10 of occurrences per billion words: about 7 for "the",
   * 5 for "music", 3 for "mortgage"; 0 = not a known word). Same length as `words`.
   */
  zipf: readonly number[];
  /** The words are a known phrase of the lexicon ("real estate", "private jet"): read as one term. */
  phrase: boolean;
  /**
   * Two or three known words, no unknown part, at least one of them a commercial keyword
   * ("mortgage calculator", "weight loss diet"): an exact-match search phrase buyers pay for.
   */
  commercial: boolean;
  /**
   * A place and a service ("chicago plumber", "austin real estate"): the Zipf frequency of the
   * place word (how big and well known the place is), 0 when the name is not place + service.
   */
  placeZipf: number;
  /** The name is exactly one well-known brand ("icloud", "tesla"): its owner's name, worth far more to them than its frequency says. */
  brand: boolean;
}

/**
 * The language of the name's words when it is not English (German, Spanish, French, Italian,
 * Portuguese, Dutch), with `zipf` then read in that language's own frequency list; `home` =
 * the extension is that language's country (.de for German). null = English or unknown.
 */
export interface LanguageSignals {
  lang: string;
  home: boolean;
}

/** Commercial intent of the name's words (intent.ts): tier 0..4 and the word or market it comes from. */
export interface IntentSignals {
  tier: number;
  /** The keyword or subcategory that set the tier ("" when tier is 0). */
  source: string;
}

/** What the classifier said (only what the model reads). */
export interface ClassSignals {
  vertical: string;
  subcategory: string;
  /** industry, brandable, geo, personal, generic, numeric, acronym (docs/classify.md). */
  type: string;
}

/** Zone-index facts; null when no index is loaded. */
export interface ZoneSignals {
  /** The exact domain is registered (in the index). */
  indexed: boolean;
  /** Number of extensions in which the first label is registered. */
  exactCount: number;
  /** Domains registered in this extension (0 = the extension is not in the index). */
  extSize: number;
  /**
   * The index holds this extension's whole zone (built from a zone file or a list marked
   * complete), so "not registered here" is a fact; false for a sample or an extension it lacks.
   */
  extComplete: boolean;
  /**
   * Keyword demand: registered names that contain this name, per million names of the index
   * (how many people build names on the keyword: "hotel" is in thousands, "recursion" in
   * one); -1 when the index does not store the count (the name itself is not registered).
   */
  containingPerMillion: number;
  /**
   * Extensions per registered name across the index (total domains / distinct names): what
   * exactCount is for an ordinary registered name in this index. Demand is read against it,
   * so a small test index and a full one give comparable values.
   */
  typicalCount: number;
}

export interface AppraisalSignals {
  /** First label, lower-case ASCII ("bestpizza"). */
  name: string;
  /** Everything after the first label ("com", "co.uk"). */
  ext: string;
  words: WordSignals;
  /** Characters of the first label in Unicode when it is an internationalised (xn--) label, else 0. */
  idnLength: number;
  classification: ClassSignals;
  intent: IntentSignals;
  language: LanguageSignals | null;
  zone: ZoneSignals | null;
}

export interface ExplainEntry {
  /** Short stable identifier of the feature ("pattern", "extension", "demand", ...). */
  feature: string;
  /** Multiplicative effect on the value, as a factor (2 = doubled it, 0.5 = halved it). */
  factor: number;
  /** USD this step added (negative: removed), applied in list order; base + effects = value. */
  effect: number;
  detail: string;
}

export interface Appraisal {
  value: number;
  low: number;
  high: number;
  explain: ExplainEntry[] | null;
}
