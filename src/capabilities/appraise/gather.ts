/**
 * From a parsed name to the model's signals (signals.ts): the splitter's words and their
 * frequencies, the classifier's vertical and type, and the zone index's facts. The lexicon
 * and the index are reached through two narrow interfaces, so the same code runs on the HTTP
 * thread, in a worker (which maps its own copy of the index) and in tests.
 */
import { domainToUnicode } from "node:url";
import type { ClassSignals, AppraisalSignals, ZoneSignals } from "./signals.ts";

/** What appraisal needs of the classification capability's lexicon (see lexicon-view.ts). */
export interface LexiconView {
  /** Lexicon version, part of final.version. */
  readonly version: string;
  /**
   * Words of a first label, in order (joining them gives the label back), its classification,
   * and whether its two words are a known phrase ("real estate") or industry keyword
   * ("vacation rentals").
   */
  analyse(name: string): { words: readonly string[]; split: string; classification: ClassSignals; phrase: boolean };
  /** Zipf frequency of a word (about 7 for "the", 3 for "mortgage"); 0 for an unknown word. */
  zipf(word: string): number;
}

/** What appraisal needs of a zone index (src/zone-index/index.ts's ZoneIndex has all three). */
export interface ZoneView {
  readonly totalDomains: number;
  /** Distinct first labels in the index. */
  readonly totalNames: number;
  has(domain: string): boolean;
  extensionsRegistered(name: string): number;
  extensionSize(ext: string): number;
}

export interface Gathered {
  signals: AppraisalSignals;
  /** The split as the API shows it ("best pizza"). */
  split: string;
}

export function gather(p: { ascii: string; name: string; ext: string }, lex: LexiconView, zone: ZoneView | null): Gathered {
  const { words, split, classification, phrase: known } = lex.analyse(p.name);
  const zipf = new Array<number>(words.length);
  for (let i = 0; i < words.length; i++) zipf[i] = lex.zipf(words[i]!);
  // Two real words written together ("realestate"); "by a" or "a-t" are not phrases here.
  const phrase = known && words.length === 2 && words[0]!.length >= 2 && words[1]!.length >= 2 && !p.name.includes("-");
  let z: ZoneSignals | null = null;
  if (zone !== null) {
    z = {
      indexed: zone.has(p.ascii),
      exactCount: zone.extensionsRegistered(p.name),
      extSize: zone.extensionSize(p.ext),
      typicalCount: zone.totalNames > 0 ? zone.totalDomains / zone.totalNames : 1,
    };
  }
  return {
    signals: { name: p.name, ext: p.ext, words: { words, zipf, phrase }, idnLength: idnLength(p.name), classification, zone: z },
    split,
  };
}

/** Unicode length of an xn-- label (0 for an ASCII label or a label that does not decode). */
function idnLength(name: string): number {
  if (!name.startsWith("xn--")) return 0;
  const u = domainToUnicode(name);
  let n = 0;
  for (const _ of u) n++;
  return n;
}
