/**
 * The committed lexicon is what the build script makes from the installed packages, byte for
 * byte, and it loads quickly into a small footprint.
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { buildLexicon, LEXICON_VERSION } from "../../scripts/lexicon/build.ts";
import { Lexicon, LEXICON_FILE } from "../../src/capabilities/classify/lexicon.ts";
import { decodeLexicon } from "../../src/capabilities/classify/lexicon-format.ts";

test("scripts/lexicon/build.ts reproduces the committed artifact exactly", () => {
  const fresh = buildLexicon();
  const committed = readFileSync(LEXICON_FILE);
  expect(fresh.length).toBe(committed.length);
  expect(Buffer.compare(Buffer.from(fresh), committed)).toBe(0);
}, 120_000);

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
});

test("a damaged file is refused with a message a human can act on", () => {
  const raw = new Uint8Array(readFileSync(LEXICON_FILE));
  expect(() => decodeLexicon(raw.subarray(0, raw.length - 100))).toThrow();
  expect(() => decodeLexicon(Bun.gzipSync(new TextEncoder().encode("NOPE and more bytes than a header")))).toThrow(/bad magic/);
});
