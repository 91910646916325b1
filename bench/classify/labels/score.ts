/**
 * Scores the classifier (in process, the categorize endpoint's own code) against the
 * hand-labelled sample (README.md beside this file).
 *
 *   node scripts/bun.cjs run bench/classify/labels/score.ts --part tune|heldout [--errors]
 *
 * Prints for the part, then for all names: coverage (names labelled with a recognisable word
 * that got a vertical), precision (categorized names whose vertical is an accepted one; a name
 * labelled none that got a vertical is wrong), each per confidence level and per language,
 * and split accuracy per language (exact word boundaries against the gold split). --errors
 * lists the tuning part's wrong verticals, misses and wrong splits; it never lists held-out
 * names, so that tuning cannot read them.
 */
import { splitName as parseName } from "../../../src/domain/name.ts";
import { categorizeRows } from "../../../src/capabilities/classify/results.ts";
import { UNCATEGORIZED_VERTICAL } from "../../../src/capabilities/classify/taxonomy-data.ts";
import { TAXONOMY_VERSION } from "../../../src/capabilities/classify/taxonomy.ts";
import { SPLITTER_VERSION } from "../../../src/capabilities/classify/splitter-params.ts";
import { getLexicon } from "../../../src/capabilities/classify/lexicon.ts";
import {
  add,
  emptyTally,
  isCorrect,
  LANGUAGES,
  loadLabels,
  normaliseSplit,
  partOf,
  wilson,
  type Confidence,
  type Label,
  type Part,
  type Prediction,
  type Tally,
} from "./sample.ts";

function usage(msg: string): never {
  console.error(`${msg}\nusage: score.ts --part tune|heldout [--errors]`);
  process.exit(2);
}

const args = process.argv.slice(2);
let part: Part | null = null;
let errors = false;
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === "--errors") errors = true;
  else if (a === "--part" || a.startsWith("--part=")) {
    const v = a === "--part" ? args[++i] : a.slice("--part=".length);
    if (v !== "tune" && v !== "heldout") usage(`--part must be tune or heldout, got ${JSON.stringify(v ?? "")}`);
    part = v;
  } else usage(`unknown argument ${JSON.stringify(a)}`);
}
if (part === null) usage("--part is required");
if (errors && part !== "tune") usage("--errors lists the tuning part only: use it with --part tune");

const labels = loadLabels();
const predictions = new Map<string, Prediction & { subcategory: string; matched: string[] }>();
const parsed = labels.map((l) => parseName(l.domain));
for (let i = 0; i < parsed.length; i += 100) {
  for (const r of categorizeRows(parsed.slice(i, i + 100))) {
    predictions.set(r.domain, { vertical: r.vertical, confidence: r.confidence, split: r.split, subcategory: r.subcategory, matched: r.matched });
  }
}
const pred = (l: Label) => predictions.get(l.domain)!;

const pct = (k: number, n: number) => (n === 0 ? "     -" : `${((100 * k) / n).toFixed(1).padStart(5)}%`);
function withCi(k: number, n: number): string {
  const ci = wilson(k, n);
  return `${pct(k, n)} ${ci === null ? "".padEnd(13) : `[${ci[0].toFixed(0).padStart(3)}-${ci[1].toFixed(0).padStart(3)}%]`.padEnd(13)}`;
}

function report(title: string, rows: readonly Label[]): void {
  const all = emptyTally();
  const words = emptyTally(); // the rows not marked brand: what the words alone say
  const byConf = new Map<Confidence, Tally>([
    ["high", emptyTally()],
    ["medium", emptyTally()],
    ["low", emptyTally()],
  ]);
  const byLang = new Map<string, Tally>(LANGUAGES.map((l) => [l, emptyTally()]));
  for (const l of rows) {
    const p = pred(l);
    add(all, l, p);
    if (l.note !== "brand") add(words, l, p);
    add(byLang.get(l.language)!, l, p);
    // Per level: only the names the classifier put at that level (uncategorized names are
    // always "low" and count in no level's figures).
    if (p.vertical !== UNCATEGORIZED_VERTICAL) add(byConf.get(p.confidence)!, l, p);
  }
  console.log(`\n== ${title}: ${all.names} names, ${all.worded} with a recognisable word (label != none), ${all.names - all.worded} labelled none`);
  console.log(`coverage  ${withCi(all.wordedCategorized, all.worded)} (${all.wordedCategorized} of ${all.worded} worded names got a vertical)`);
  console.log(
    `precision ${withCi(all.correct, all.categorized)} (${all.correct} of ${all.categorized} categorized names in an accepted vertical; ${all.categorized - all.wordedCategorized} of the categorized were labelled none)`,
  );
  console.log(`split     ${withCi(all.splitsRight, all.splits)} (${all.splitsRight} of ${all.splits} gold splits exact)`);
  console.log(
    `without the ${all.names - words.names} rows labelled from brand knowledge: coverage ${withCi(words.wordedCategorized, words.worded).trimEnd()}, precision ${withCi(words.correct, words.categorized).trimEnd()}`,
  );
  console.log("\nconfidence  categorized  coverage share         precision");
  for (const [c, t] of byConf) {
    console.log(
      `${c.padEnd(10)} ${String(t.categorized).padStart(12)}  ${withCi(t.wordedCategorized, all.worded)}  ${withCi(t.correct, t.categorized)}`.trimEnd(),
    );
  }
  console.log("\nlanguage  names  worded  coverage               categorized  precision              splits  split accuracy");
  for (const [lang, t] of byLang) {
    if (t.names === 0) continue;
    console.log(
      `${lang.padEnd(8)} ${String(t.names).padStart(6)} ${String(t.worded).padStart(7)}  ${withCi(t.wordedCategorized, t.worded)}  ${String(t.categorized).padStart(11)}  ${withCi(t.correct, t.categorized)}  ${String(t.splits).padStart(6)}  ${withCi(t.splitsRight, t.splits)}`.trimEnd(),
    );
  }
}

const inPart = labels.filter((l) => partOf(l.domain) === part);
console.log(
  `classifier over the hand-labelled sample: ${labels.length} names (tune ${labels.filter((l) => partOf(l.domain) === "tune").length}, held-out ${labels.filter((l) => partOf(l.domain) === "heldout").length}); 95 % Wilson intervals in brackets`,
);
console.log(`classifier: ${TAXONOMY_VERSION}, ${SPLITTER_VERSION}, lexicon ${getLexicon().version}`);
report(`part ${part}`, inPart);
report("all names (tune + held-out)", labels);

if (errors) {
  const accepted = (l: Label) => (l.accepted.length === 0 ? "none" : l.accepted.join(", "));
  console.log("\n== tuning part: wrong verticals (domain | got vertical / subcategory, confidence, matched | accepted)");
  for (const l of inPart) {
    const p = pred(l);
    if (p.vertical !== UNCATEGORIZED_VERTICAL && !isCorrect(l, p)) {
      console.log(`${l.domain} | ${p.vertical} / ${p.subcategory}, ${p.confidence}, [${p.matched.join(", ")}] | ${accepted(l)}`);
    }
  }
  console.log("\n== tuning part: misses, worded but uncategorized (domain | split | accepted)");
  for (const l of inPart) {
    const p = pred(l);
    if (l.accepted.length > 0 && p.vertical === UNCATEGORIZED_VERTICAL) console.log(`${l.domain} | ${p.split} | ${accepted(l)}`);
  }
  console.log("\n== tuning part: wrong splits (domain | got | gold)");
  for (const l of inPart) {
    const p = pred(l);
    if (l.split !== "" && normaliseSplit(l.split) !== normaliseSplit(p.split)) console.log(`${l.domain} | ${p.split} | ${l.split}`);
  }
}
