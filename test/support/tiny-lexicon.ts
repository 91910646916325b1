/** A lexicon file of a few words for format and table tests: no frequencies, no flags, a flat letter model. */
import { CHAR_TABLE, encodeLexicon } from "../../src/capabilities/classify/lexicon-format.ts";

/** words, the known phrases ("w1 w2") and word pairs [first, second, association] by word index. */
export function tinyLexiconFile(words: string[], phrases: string[], pairs: [number, number, number][]): Uint8Array {
  return encodeLexicon({
    header: { version: "t", built_from: {}, counts: {} },
    words,
    freq: new Uint16Array(words.length),
    flags: new Uint16Array(words.length),
    phrases,
    chars: new Uint16Array(CHAR_TABLE),
    pairFirst: Uint32Array.from(pairs, (x) => x[0]),
    pairSecond: Uint32Array.from(pairs, (x) => x[1]),
    pairAssoc: Uint8Array.from(pairs, (x) => x[2]),
  });
}
