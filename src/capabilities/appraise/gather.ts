/**
 * From a parsed name to the model's signals (signals.ts): the splitter's words and their
 * frequencies, the classifier's vertical and type, and the zone index's facts. The lexicon
 * and the index are reached through two narrow interfaces, so the same code runs on the HTTP
 * thread, in a worker (which maps its own copy of the index) and in tests.
 */
import { domainToUnicode } from "node:url";
import { keywordTier, subcategoryTier } from "./intent.ts";
import type { ClassSignals, AppraisalSignals, IntentSignals, ZoneSignals } from "./signals.ts";

/** What appraisal needs of the classification capability's lexicon (see lexicon-view.ts). */
export interface LexiconView {
  /** Lexicon version, part of final.version. */
  readonly version: string;
  /**
   * Words of a first label, in order (joining them gives the label back), its classification,
   * and whether its two words are a known phrase ("real estate") or industry keyword
   * ("vacation rentals").
   */
  analyse(name: string, ext: string): { words: readonly string[]; split: string; classification: ClassSignals; phrase: boolean };
  /**
   * Zipf frequency of a word (about 7 for "the", 3 for "mortgage"); 0 for an unknown word. With
   * a language ("de"), the higher of its English and that language's frequency.
   */
  zipf(word: string, lang: string | null): number;
  /** The word is a well-known brand or trademark. */
  isBrand(word: string): boolean;
  /**
   * The language of a name's words in an extension when it is not English, and whether the
   * extension is that language's country; null for English or when the lexicon cannot tell.
   */
  language(words: readonly string[], ext: string): { lang: string; home: boolean } | null;
  /** The word names a place of some size (a city, region or country; not an everyday word). */
  isPlace(word: string): boolean;
  /** The classifier's subcategory and vertical for a one-word keyword (plurals folded), or null. */
  keyword(word: string): { vertical: string; subcategory: string } | null;
}

/** What appraisal needs of a zone index (src/zone-index/index.ts's ZoneIndex has all of it). */
export interface ZoneView {
  readonly totalDomains: number;
  /** Distinct first labels in the index. */
  readonly totalNames: number;
  has(domain: string): boolean;
  extensionSize(ext: string): number;
  /**
   * Extensions in which the name is registered, and the registered names containing it when
   * the index stores that count (else -1), from one search; the object may be reused by the
   * next call.
   */
  nameDemand(name: string): { readonly extensions: number; readonly containingNames: number };
  /** The index holds this extension's whole zone, not a sample (src/zone-index/index.ts). */
  extensionComplete(ext: string): boolean;
}

export interface Gathered {
  signals: AppraisalSignals;
  /** The split as the API shows it ("best pizza"). */
  split: string;
}

/** Words that join a place and a service without changing the market ("in", "the", "best"). */
const GEO_FILLER = new Set(["the", "in", "of", "my", "best", "top", "new", "las", "los", "san", "santa", "st", "saint", "fort", "el", "la"]);

interface WordReading {
  commercial: boolean;
  placeZipf: number;
  intent: IntentSignals;
  geoService: { vertical: string; subcategory: string } | null;
}

/** Intent, exact-match phrase and place + service readings of the words (see signals.ts). */
function readWords(words: readonly string[], zipf: readonly number[], c: ClassSignals, lex: LexiconView): WordReading {
  let tier = 0,
    source = "";
  const sub = c.type === "industry" || c.type === "geo" ? subcategoryTier(c.subcategory) : 0;
  if (sub > 0) {
    tier = sub;
    source = c.subcategory;
  }
  let unknown = 0,
    placeAt = -1,
    placeCount = 0,
    service: { vertical: string; subcategory: string } | null = null,
    serviceTier = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const pair = i + 1 < words.length ? w + words[i + 1]! : "";
    const kt = Math.max(keywordTier(w), pair === "" ? 0 : keywordTier(pair));
    if (kt > tier) {
      tier = kt;
      source = kt === keywordTier(w) ? w : pair;
    }
    if (!((zipf[i] ?? 0) > 0 && w.length >= 2)) unknown++;
    if (lex.isPlace(w)) {
      placeAt = i;
      placeCount++;
      continue;
    }
    const k = lex.keyword(w) ?? (pair === "" ? null : lex.keyword(pair));
    if (k !== null) {
      const t = Math.max(kt, subcategoryTier(k.subcategory));
      if (service === null || t > serviceTier) {
        service = k;
        serviceTier = t;
      }
    }
  }
  const pure = unknown === 0;
  const commercial = pure && words.length >= 2 && words.length <= 3 && tier > 0;
  let placeZipf = 0;
  let geoService: WordReading["geoService"] = null;
  if (pure && placeCount === 1 && service !== null && words.length >= 2 && words.length <= 4) {
    let others = 0;
    for (let i = 0; i < words.length; i++) if (i !== placeAt && !GEO_FILLER.has(words[i]!)) others++;
    if (others <= 2) {
      placeZipf = zipf[placeAt]! > 0.5 ? zipf[placeAt]! : 0.5;
      if (c.type !== "geo" && c.type !== "industry") geoService = service;
      if (serviceTier > tier) {
        tier = serviceTier;
        source = service.subcategory;
      }
    }
  }
  return { commercial, placeZipf, intent: { tier, source }, geoService };
}

export function gather(p: { ascii: string; name: string; ext: string }, lex: LexiconView, zone: ZoneView | null): Gathered {
  const { words, split, classification, phrase: known } = lex.analyse(p.name, p.ext);
  const language = lex.language(words, p.ext);
  const zipf = new Array<number>(words.length);
  for (let i = 0; i < words.length; i++) zipf[i] = lex.zipf(words[i]!, language === null ? null : language.lang);
  // Two real words written together ("realestate"); "by a" or "a-t" are not phrases here.
  const phrase = known && words.length === 2 && words[0]!.length >= 2 && words[1]!.length >= 2 && !p.name.includes("-");
  const r = readWords(words, zipf, classification, lex);
  let z: ZoneSignals | null = null;
  if (zone !== null) {
    const demand = zone.nameDemand(p.name);
    z = {
      indexed: zone.has(p.ascii),
      exactCount: demand.extensions,
      extSize: zone.extensionSize(p.ext),
      extComplete: zone.extensionComplete(p.ext),
      containingPerMillion: demand.containingNames < 0 || zone.totalNames === 0 ? -1 : Math.round((demand.containingNames * 1_000_000) / zone.totalNames),
      typicalCount: zone.totalNames > 0 ? zone.totalDomains / zone.totalNames : 1,
    };
  }
  return {
    signals: {
      name: p.name,
      ext: p.ext,
      words: { words, zipf, phrase, commercial: r.commercial, placeZipf: r.placeZipf, brand: words.length === 1 && lex.isBrand(words[0]!) },
      idnLength: idnLength(p.name),
      // A place + service name is a geo name whatever the classifier made of its words
      // ("denver lawyer" is not a person): its market is the service's.
      classification: r.geoService === null ? classification : { ...r.geoService, type: "geo" },
      intent: r.intent,
      language,
      zone: z,
    },
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
