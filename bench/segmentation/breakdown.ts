/**
 * Where the splitter's remaining errors are, on one split of the hand-split data (merged
 * scoring, as run.ts): each wrong name goes into the first class that fits, and the names whose
 * gold holds a token no list knows (a coinage the annotators kept whole: "redbeak") are scored
 * apart from the rest, since that is the part a dictionary splitter cannot see. A second table
 * counts the errors where a boundary we miss or add touches an acronym the gold spells out
 * (a run of one-letter tokens), by the acronym's length and the kind of boundary.
 *
 *   node scripts/bun.cjs run bench/segmentation/breakdown.ts [train.txt|eval.txt] [examples=8]
 */
import { getLexicon } from "../../src/capabilities/classify/lexicon.ts";
import { getSplitter } from "../../src/capabilities/classify/splitter.ts";
import { loadCases, mergeSingles } from "./score.ts";

const file = (process.argv[2] ?? "train.txt") as "train.txt" | "eval.txt";
const examples = Number(process.argv[3] ?? 8);
const lex = getLexicon();
const splitter = getSplitter();

/** A gold token no list knows: 2+ letters with a vowel, not a word, not a word plus "s". */
function coined(t: string): boolean {
  return t.length > 1 && /[aeiouy]/.test(t) && lex.indexOf(t) < 0 && !(t.endsWith("s") && lex.indexOf(t.slice(0, -1)) >= 0);
}

/** raw: the gold as annotated (acronyms spelled out); gold and got: merged token lists. */
function classOf(raw: readonly string[], gold: readonly string[], got: readonly string[]): string {
  if (gold.length === 1) return "gold is one token, we split it";
  if (got.length === 1) return "we keep one token, gold splits it";
  if (raw.some((t) => t.length === 1 && t !== "a" && t !== "i")) return "a spelled-out acronym's boundary";
  if (got.length > gold.length) return "we split more (compound or coinage opened)";
  if (got.length < gold.length) return "we split less (compound kept)";
  return 'same count, another boundary ("boats how")';
}

/** Ends of the tokens of a token list, as offsets into the joined name. */
function ends(tokens: readonly string[]): Set<number> {
  const out = new Set<number>();
  let at = 0;
  for (const t of tokens) out.add((at += t.length));
  return out;
}

/** The acronym class of a wrong name, or null when no wrong boundary touches a spelled-out acronym. */
function acronymClass(raw: readonly string[], gold: readonly string[], got: readonly string[]): string | null {
  const spans: [number, number][] = [];
  let at = 0,
    start = -1;
  for (const t of [...raw, ""]) {
    if (t.length === 1 && start < 0) start = at;
    if (t.length !== 1 && start >= 0) {
      spans.push([start, at]);
      start = -1;
    }
    at += t.length;
  }
  const g = ends(gold),
    o = ends(got);
  const touches = (b: number) => spans.find(([s, e]) => b >= s && b <= e);
  const missed = [...g].filter((b) => !o.has(b) && touches(b)),
    added = [...o].filter((b) => !g.has(b) && touches(b));
  if (missed.length + added.length === 0) return null;
  const long = [...missed, ...added].some((b) => {
    const [s, e] = touches(b)!;
    return e - s >= 2;
  });
  const kind =
    added.length === 0 ? "glued to its neighbour (a boundary missed)" : missed.length === 0 ? "cut inside or split off wrongly (a boundary added)" : "both";
  return `${long ? "acronym of 2+ letters" : "one letter"}, ${kind}`;
}

const classes = new Map<string, string[]>();
const acronyms = new Map<string, number>();
let coinNames = 0,
  coinRight = 0,
  otherNames = 0,
  otherRight = 0,
  wrong = 0;
const cases = loadCases(file);
for (const c of cases) {
  const got = splitter.split(c.input).words;
  const gold = mergeSingles(c.gold),
    merged = mergeSingles(got);
  const ok = gold.join(" ") === merged.join(" ");
  const hasCoinage = gold.some(coined);
  if (hasCoinage) {
    coinNames++;
    if (ok) coinRight++;
  } else {
    otherNames++;
    if (ok) otherRight++;
  }
  if (ok) continue;
  wrong++;
  const a = acronymClass(c.gold, gold, merged);
  if (a !== null) acronyms.set(a, (acronyms.get(a) ?? 0) + 1);
  const k = classOf(c.gold, gold, merged);
  const list = classes.get(k) ?? [];
  list.push(`${c.gold.join(" ")}  |  ${got.join(" ")}`);
  classes.set(k, list);
}
const pct = (a: number, n: number) => `${((100 * a) / n).toFixed(1)} %`;
console.log(`${file}: ${cases.length} names, ${wrong} wrong (merged scoring)`);
console.log(`names whose gold holds a token no list knows: ${coinNames}, ${pct(coinRight, coinNames)} right; ${coinNames - coinRight} of the ${wrong} errors`);
console.log(`all other names: ${otherNames}, ${pct(otherRight, otherNames)} right`);
const acronymErrors = [...acronyms.values()].reduce((x, y) => x + y, 0);
console.log(`errors where a wrong boundary touches an acronym the gold spells out: ${acronymErrors} (${pct(acronymErrors, wrong)} of errors)`);
for (const [k, n] of [...acronyms].sort((x, y) => y[1] - x[1])) console.log(`  ${k}: ${n}`);
for (const [k, list] of [...classes].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`\n${k}: ${list.length} (${pct(list.length, wrong)} of errors)   gold | ours`);
  for (const line of list.slice(0, examples)) console.log(`  ${line}`);
}
