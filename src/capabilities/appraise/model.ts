/**
 * The appraisal model: a pure function from AppraisalSignals to {value, low, high}.
 *
 * Shape: log2(value) = core reading of the name as a .com (core.ts) + hyphens and digits +
 * classification + extension tier + zone demand, every term an integer number of millibits.
 * The range is the 20th..80th percentile of a log-normal around the value, whose width
 * comes from the reading (calibrated spreads for patterns) plus what the model could not
 * see (no zone index, an extension it does not know).
 *
 * Guarantees: value, low and high are whole USD, 0 <= low <= value <= high; the output
 * depends only on the signals and MODEL_VERSION, with no transcendental Math call (fixed.ts),
 * so it is the same byte for byte on every machine. Explanations list every term with its
 * factor and its USD effect, applied in order; the base plus the effects equal the value.
 */
import { Z80 } from "./calibration.ts";
import { coreValue, type Core } from "./core.ts";
import { extensionTier, type ExtensionTier } from "./extensions.ts";
import { Kind } from "./features.ts";
import { INTENT_BITS } from "./intent.ts";
import { bits, exp2mb, log2mb, roundUsd } from "./fixed.ts";
import type { Appraisal, AppraisalSignals, ExplainEntry } from "./signals.ts";

/** Model revision; final.version is this plus classify's version (lexicon + taxonomy). Bump on any change of output. */
export const MODEL_VERSION = "zw-2026.11.2";

interface Term {
  feature: string;
  mb: number;
  detail: string;
}

/** Hyphens and digits mixed into letters: buyers discount both heavily. */
function formTerms(core: Core, out: Term[], explain: boolean): void {
  if (core.kind === "idn" || core.idn === true) return; // the hyphens are the xn-- prefix, the digits its encoding
  const s = core.shape;
  if (s.hyphens > 0)
    out.push({ feature: "hyphens", mb: -bits(1.5) * Math.min(3, s.hyphens), detail: explain ? `${s.hyphens} hyphen${s.hyphens > 1 ? "s" : ""}` : "" });
  if (s.kind === Kind.Mixed && s.digits > 0 && s.letters > 0) out.push({ feature: "digits", mb: -bits(1.0), detail: "digits mixed with letters" });
}

function classTerms(sig: AppraisalSignals, core: Core, out: Term[], explain: boolean): void {
  if (core.kind === "pattern") return; // numeric and acronym values come from the pattern anchors
  const c = sig.classification;
  const it = sig.intent;
  if (it.tier > 0 && (core.kind === "words" || core.kind === "brandable")) {
    // Commercial intent (intent.ts): the full tier on a name that is one term (a word, a
    // phrase, a search phrase, a place + service), part of it when other words dilute it.
    const whole = core.term || sig.words.commercial || sig.words.placeZipf > 0;
    const mb = whole ? INTENT_BITS[it.tier]! : Math.round((INTENT_BITS[it.tier]! * 4) / 10);
    out.push({ feature: "intent", mb, detail: explain ? `commercial intent tier ${it.tier} of 4 (${it.source})` : "" });
  }
  if (sig.words.brand && core.kind === "words" && core.term) {
    out.push({ feature: "brand", mb: bits(2.5), detail: explain ? "a well-known brand's exact name" : "" });
  }
  const lang = sig.language;
  if (lang !== null && core.kind === "words") {
    // Words of another language are priced by that language's frequencies (the reading above);
    // their buyers are that language's market: at home in its country's extension, fewer in .com.
    if (lang.home) out.push({ feature: "language", mb: bits(2.0), detail: explain ? `${lang.lang} words in their home extension` : "" });
    else if (sig.ext === "com")
      out.push({ feature: "language", mb: -bits(1.0), detail: explain ? `${lang.lang} words in .com (a smaller market than English)` : "" });
  }
  if (c.type === "industry" && core.term) {
    // One commercial keyword and nothing else ("insurance", "vacation rentals"): the exact-match
    // names a whole industry competes for, the most liquid premium names there are.
    out.push({ feature: "type", mb: bits(1.0), detail: explain ? "exact-match industry keyword" : "" });
  } else if (c.type === "industry" || c.type === "geo") {
    out.push({ feature: "type", mb: bits(0.3), detail: explain ? `${c.type} name (exact-match buyers)` : "" });
  } else if (c.type === "personal") out.push({ feature: "type", mb: -bits(1.0), detail: "personal name (few buyers)" });
}

/**
 * Zone demand: the number of extensions in which the name is registered is the market's own
 * vote (a name taken in 100 extensions is one many people want). It is read against the
 * index's typical count (extensions per registered name), so demand means "more wanted than
 * an ordinary registered name". A name registered nowhere (in an extension the index covers)
 * is one nobody wanted: a coinage or random string then drops toward the registration fee.
 * Pattern names are priced by their anchors, which already include their near-universal
 * registration: demand moves them less.
 */
function zoneTerms(sig: AppraisalSignals, core: Core, out: Term[], explain: boolean): void {
  const z = sig.zone;
  if (z === null) return;
  const c = z.exactCount;
  const weight = core.kind === "pattern" ? 0.15 : 0.45;
  const rel = log2mb(1 + c) - log2mb(1 + (z.typicalCount > 1 ? z.typicalCount : 1));
  const demand = Math.max(-bits(0.9), Math.min(bits(3.5), Math.round(weight * rel)));
  if (demand !== 0) out.push({ feature: "demand", mb: demand, detail: explain ? `registered in ${c} extension${c === 1 ? "" : "s"}` : "" });
  // Keyword demand: a word or phrase many registered names are built on is one the market
  // wants; only a bonus (rare keywords are already priced by their frequency).
  if (core.term && z.containingPerMillion > 0) {
    const kd = Math.round((2 * (log2mb(1 + z.containingPerMillion) - MB_KD_TYPICAL)) / 10);
    if (kd > 0)
      out.push({
        feature: "keyword_demand",
        mb: kd > bits(1.2) ? bits(1.2) : kd,
        detail: explain ? `${z.containingPerMillion} registered names per million contain it` : "",
      });
  }
  // "Registered nowhere" is a fact only where the index holds this extension's whole zone;
  // a sample's absence says nothing.
  if (c === 0 && !z.indexed && z.extComplete && core.kind !== "pattern") {
    out.push({ feature: "unregistered", mb: core.kind === "words" ? -bits(1.0) : -bits(2.5), detail: "registered in no extension" });
  }
}

const MB_100 = log2mb(100);
const MB_1M = log2mb(1_000_000);
const MB_2K = log2mb(2_000);
/** Keyword demand counts from 100 containing names per million (an ordinary common word). */
const MB_KD_TYPICAL = log2mb(101);

/**
 * The extension's effect grows with the name's worth: near the registration fee a name is
 * worth about the same anywhere, while a premium .com name is worth many times its twin in
 * another extension (the aftermarket for great names is a .com market). From x0.6 of the
 * tier's effect at $100 (as .com) to x1.4 at $1M.
 */
function extensionMb(tier: ExtensionTier, coreMb: number): number {
  const scale = Math.max(0, Math.min(1000, Math.round(((coreMb - MB_100) * 1000) / (MB_1M - MB_100))));
  const above = coreMb > MB_2K ? coreMb - MB_2K : 0;
  return Math.round((tier.mb * (600 + (800 * scale) / 1000)) / 1000) - Math.round((tier.compress * above) / 1000);
}

/**
 * Registries that sell to no one outside an eligible institution (.gov, .edu, .mil, .int and
 * their national twins): such a name has no market, so it is answered as value 0, range 0-0,
 * with a "restricted" explanation step instead of a price.
 */
const RESTRICTED: ReadonlySet<string> = new Set([
  "gov",
  "edu",
  "mil",
  "int",
  "gov.uk",
  "ac.uk",
  "police.uk",
  "nhs.uk",
  "mod.uk",
  "gov.au",
  "edu.au",
  "gov.ca",
  "gc.ca",
  "gov.in",
  "ac.in",
  "edu.in",
  "nic.in",
  "gov.cn",
  "edu.cn",
  "gov.br",
  "edu.br",
  "mil.br",
  "gouv.fr",
  "gob.es",
  "gob.mx",
  "edu.mx",
  "go.jp",
  "ac.jp",
  "go.kr",
  "ac.kr",
  "gov.za",
  "ac.za",
  "govt.nz",
  "ac.nz",
  "gv.at",
  "ac.at",
  "gov.it",
  "edu.it",
  "gov.sg",
  "edu.sg",
]);

/** The extension (or its last two labels) is a restricted registry: not for sale. */
export function isRestricted(ext: string): boolean {
  if (RESTRICTED.has(ext)) return true;
  const dot = ext.indexOf(".");
  return dot > 0 && RESTRICTED.has(ext.slice(dot + 1));
}

/** The lowest value of a name that can be sold: about what registering it costs. */
const FLOOR_MB = log2mb(10);

export function appraiseSignals(sig: AppraisalSignals, explain = false): Appraisal {
  if (isRestricted(sig.ext)) {
    return {
      value: 0,
      low: 0,
      high: 0,
      explain: explain ? [{ feature: "restricted", factor: 0, effect: 0, detail: `.${sig.ext} is a restricted registry: its names are not for sale` }] : null,
    };
  }
  const core = coreValue(sig.name, sig.words, explain, sig.idnLength);
  const terms: Term[] = [];
  formTerms(core, terms, explain);
  classTerms(sig, core, terms, explain);
  const tier = extensionTier(sig.ext, sig.zone === null ? null : sig.zone.extSize);
  let asCom = core.mb;
  for (const t of terms) asCom += t.mb;
  const extMb = extensionMb(tier, asCom);
  if (extMb !== 0) terms.push({ feature: "extension", mb: extMb, detail: explain ? `.${sig.ext}: ${tier.label}` : "" });
  zoneTerms(sig, core, terms, explain);

  let total = core.mb;
  for (const t of terms) total += t.mb;
  if (total < FLOOR_MB) {
    terms.push({ feature: "floor", mb: FLOOR_MB - total, detail: "no sellable name is valued below about a registration fee" });
    total = FLOOR_MB;
  }
  let sigma = core.sigma;
  // Pattern spreads come from the liquid market's floor; single sales of a pattern scatter wider.
  if (core.kind === "pattern") sigma += bits(0.9);
  if (sig.zone === null) sigma += bits(0.2);
  if (tier.tier >= 6) sigma += bits(0.3);
  const spread = Math.round(sigma * Z80);
  const value = roundUsd(exp2mb(total));
  const low = Math.max(1, Math.min(value, roundUsd(exp2mb(total - spread))));
  const high = Math.max(value, roundUsd(exp2mb(total + spread)));
  return { value, low, high, explain: explain ? explainSteps(core, terms, value) : null };
}

/** Base, then each term's factor and USD effect in order, then the rounding to 3 significant digits. */
function explainSteps(core: Core, terms: readonly Term[], value: number): ExplainEntry[] {
  let mb = core.mb;
  let prev = Math.round(exp2mb(mb));
  const out: ExplainEntry[] = [{ feature: "base", factor: 1, effect: prev, detail: `${core.kind}: ${core.detail}` }];
  for (const t of terms) {
    mb += t.mb;
    const now = Math.round(exp2mb(mb));
    out.push({ feature: t.feature, factor: roundFactor(exp2mb(t.mb)), effect: now - prev, detail: t.detail });
    prev = now;
  }
  if (value !== prev) out.push({ feature: "rounding", factor: 1, effect: value - prev, detail: "value rounded to 3 significant digits" });
  return out;
}

/** A factor to 3 significant digits, computed without toPrecision's engine-specific paths. */
function roundFactor(f: number): number {
  let scale = 1;
  if (!(f > 0)) return 0;
  while (f * scale < 100) scale *= 10;
  return Math.round(f * scale) / scale;
}
