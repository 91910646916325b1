/**
 * The classify capability's stable API for other capabilities (appraise, jobs): pure,
 * synchronous, deterministic functions over the shipped lexicon and taxonomy. Each thread
 * (main or worker) loads the lexicon once, on first use (about 0.2 s, about 50 MB).
 * Inputs are NAMES (the first label, "bestpizza"), not whole domains; use
 * parseDomain(...).name to get one. See docs/classify.md.
 */
import { classify, type Classification } from "./classifier.ts";
import { getWordInfo } from "./classifier-words.ts";
import { getLexicon } from "./lexicon.ts";
import { SPLITTER_VERSION } from "./splitter-params.ts";
import { AUTO, getSplitter, langOfExt, splitName, type Split } from "./splitter.ts";
import { TAXONOMY_VERSION } from "./taxonomy.ts";

export { splitName, langOfExt, type Split, type Classification };

export interface NameClassification extends Classification {
  /** The words of the name joined by spaces (the answers' `split`). */
  split: string;
  words: string[];
  /** Confidence of the split (not of the classification). */
  splitConfidence: Split["confidence"];
}

/**
 * The split of a name and the classification of its words: what every endpoint computes per
 * name. The classifier gets the splitter's word indexes, so it looks up no word the splitter
 * already found. `name` must be lower case; `ext` (the extension, "de", "co.uk") gives the
 * name's language when its country has one (langOfExt). An internationalised name is
 * classified by its folded words (Split.ascii).
 */
export function splitAndClassify(name: string, ext: string | null = null): { split: Split; classification: Classification } {
  const splitter = getSplitter();
  const split = splitter.split(name, ext === null ? AUTO : langOfExt(ext));
  return { split, classification: classify(split.ascii?.name ?? name, split.ascii?.words ?? split.words, getWordInfo(), splitter.tokenWords()) };
}

/** Split and classify one name ("denverdentist" -> Health & Medical / Dental Care, type geo); ext as for splitAndClassify. */
export function classifyName(name: string, ext: string | null = null): NameClassification {
  const { split: s, classification: c } = splitAndClassify(name.toLowerCase(), ext);
  return { ...c, split: s.words.join(" "), words: s.words, splitConfidence: s.confidence };
}

/** Version of everything that moves results: the lexicon file, the splitter's rules and the taxonomy + keyword tables. */
export function classifyVersion(): string {
  return `${getLexicon().version}+${SPLITTER_VERSION}+${TAXONOMY_VERSION}`;
}
