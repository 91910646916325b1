/**
 * The committed lexicon is what the build script makes from the installed packages, byte for
 * byte, and it loads quickly into a small footprint.
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { buildLexicon, LEXICON_VERSION } from "../../scripts/lexicon/build.ts";
import { Lexicon, LEXICON_FILE, PAIR_PHRASE } from "../../src/capabilities/classify/lexicon.ts";
import { decodeLexicon, encodeLexicon, PAIR_SCALE } from "../../src/capabilities/classify/lexicon-format.ts";
import { W_PLACE, W_TOWN, W_WORD } from "../../src/capabilities/classify/classifier-words.ts";
import { classifyName, splitName } from "../../src/capabilities/classify/api.ts";
import { tinyLexiconFile } from "../support/tiny-lexicon.ts";

test("scripts/lexicon/build.ts reproduces the committed artifact exactly", () => {
  const fresh = buildLexicon();
  const committed = readFileSync(LEXICON_FILE);
  expect(fresh.length).toBe(committed.length);
  expect(Buffer.compare(Buffer.from(fresh), committed)).toBe(0);
}, 300_000); // the build takes 80 s alone and 150-220 s beside other suites on the 2-core machine

test("the artifact names its version, sources and counts; lookups by slice, phrases by order", () => {
  const file = readFileSync(LEXICON_FILE);
  // Load time is a benchmark figure (bench/classify/run.ts), not asserted here: the machine is shared.
  const lex = Lexicon.decode(file);
  expect(lex.version).toBe(LEXICON_VERSION);
  expect(lex.size).toBeGreaterThan(300_000);
  expect(Object.keys(lex.header.built_from)).toContain("wordsninja");
  expect(lex.indexOf("pizza")).toBeGreaterThanOrEqual(0);
  expect(lex.find("xxpizzaxx", 2, 7)).toBe(lex.indexOf("pizza"));
  expect(lex.indexOf("qqqzzzxq")).toBe(-1);
  expect(lex.isPhrase(lex.indexOf("real"), lex.indexOf("estate"))).toBe(true);
  expect(lex.isPhrase(lex.indexOf("estate"), lex.indexOf("real"))).toBe(false);
  // the language model's word pairs: "real estate" is also strongly associated (7.4 nats),
  // "best pizza" only that (3 nats); a pair with a lone letter is never kept ("e bay")
  const pair = (a: string, b: string) => lex.pairValue(lex.indexOf(a), lex.indexOf(b));
  expect(pair("real", "estate")).toBe(PAIR_PHRASE + Math.round(7.39 * PAIR_SCALE));
  expect(pair("best", "pizza")).toBe(48);
  expect(pair("estate", "real")).toBe(0);
  expect(pair("e", "bay")).toBe(0);
  expect(lex.header.counts.word_pairs).toBeGreaterThan(1_000_000);
});

test("towns: the splitter keeps them whole, the classifier does not read them as places", () => {
  const lex = Lexicon.decode(readFileSync(LEXICON_FILE));
  const flags = (w: string) => lex.flags(lex.indexOf(w));
  // a US county, a town of under 10,000 people: W_TOWN, no W_PLACE; a city of 10,000+: W_PLACE
  for (const w of ["hunterdon", "rockbridge"]) {
    expect(flags(w) & W_TOWN, w).toBe(W_TOWN);
    expect(flags(w) & W_PLACE, w).toBe(0);
  }
  expect(flags("denver") & W_PLACE).toBe(W_PLACE);
  // "oracle" is a town too: a name with it is not geo for that
  expect(flags("oracle") & (W_TOWN | W_PLACE)).toBe(W_TOWN);
  expect(splitName("hunterdonhomes").words).toEqual(["hunterdon", "homes"]);
  expect(classifyName("oraclecloud").type).not.toBe("geo");
  expect(classifyName("chicagopizza").type).toBe("geo");
  // the file keeps all 16 bits of a word's flags
  const file = encodeLexicon({ ...decodeLexicon(tinyLexiconFile(["a", "b"], [], [])), words: ["a", "b"], flags: Uint16Array.of(W_TOWN | W_WORD, 0) });
  expect(decodeLexicon(file).flags).toEqual(Uint16Array.of(W_TOWN | W_WORD, 0));
});

test("a damaged file is refused with a message a human can act on", () => {
  const raw = new Uint8Array(readFileSync(LEXICON_FILE));
  expect(() => decodeLexicon(raw.subarray(0, raw.length - 100))).toThrow();
  expect(() => decodeLexicon(Bun.gzipSync(new TextEncoder().encode("NOPE and more bytes than a header")))).toThrow(/bad magic/);
  // a word pair naming a word the file does not hold
  const tiny = (first: number) => tinyLexiconFile(["a", "b"], [], [[first, 1, 9]]);
  expect(decodeLexicon(tiny(0)).pairAssoc).toEqual(Uint8Array.of(9));
  expect(() => decodeLexicon(tiny(2))).toThrow(/word pair 0 names a word past the 2 words/);
});
