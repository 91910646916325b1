/**
 * Reads a CMU Sphinx binary language model ("Trie Language Model", the format sphinxbase and
 * pocketsphinx 5 write; Debian's pocketsphinx-en-us ships the US English model, BSD-2, as
 * /usr/share/pocketsphinx/model/en-us/en-us.lm.bin). Only what the lexicon needs: each
 * word's probability and each bigram's association, ln p(w | h) - ln p(w), in nats.
 *
 * Layout (all little-endian): the text "Trie Language Model", u8 order, u32 counts[order],
 * i32 quantisation type, then 2^16-float tables (for each middle order a probability and a
 * backoff table, then the highest order's probabilities), the unigrams (counts[0] + 1 records
 * of f32 prob, f32 backoff, u32 first child), the bit-packed middle orders and the highest
 * order, then i32 k and k bytes of NUL-separated words in id order. A middle record is
 * word id (bits for counts[0]), 16-bit backoff bin, 16-bit probability bin, then the index
 * of its first child (bits for the next order's count); records are packed back to back,
 * little-endian bit order; the highest order's records have no backoff and no child. As in
 * KenLM, whose trie this is, a bigram "h w" is stored under the unigram w, as a record naming
 * h. Log probabilities are in logmath units of base 1.0001.
 */
import { readFileSync } from "node:fs";

export const DEBIAN_EN_US_LM = "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin";
const MAGIC = "Trie Language Model";
const BIN_BITS = 16;
/** ln(1.0001): a logmath unit in nats. */
const UNIT = Math.log(1.0001);

/** Bits needed to write every value up to max. */
function bitsFor(max: number): number {
  let n = 0;
  while (n < 32 && max >>> n !== 0) n++;
  return n;
}

export interface LanguageModel {
  /** Words by id. */
  words: string[];
  /** ln p(word) by id. */
  logProb: Float64Array;
  /** Calls visit(h, w, association) for every bigram "h w", the association in nats. */
  forEachBigram(visit: (h: string, w: string, association: number) => void): void;
}

export function readLanguageModel(file: string): LanguageModel {
  const b = readFileSync(file);
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.toString("latin1", 0, MAGIC.length) !== MAGIC) throw new Error(`${file}: not a Sphinx trie language model`);
  let o = MAGIC.length;
  const order = b[o++]!;
  if (order < 2) throw new Error(`${file}: a unigram model has no word pairs`);
  const counts: number[] = [];
  for (let i = 0; i < order; i++, o += 4) counts.push(dv.getUint32(o, true));
  if (dv.getInt32(o, true) !== 1) throw new Error(`${file}: only 16-bit quantised models are read`);
  o += 4;
  const tableBytes = 4 << BIN_BITS;
  // the bigrams' probabilities: the first middle table, or the highest order's when order is 2
  const bigramProbs = new Float32Array(b.buffer.slice(b.byteOffset + o, b.byteOffset + o + tableBytes));
  o += (2 * (order - 2) + 1) * tableBytes;
  const U = counts[0]!;
  const logProb = new Float64Array(U),
    next = new Uint32Array(U + 1);
  for (let i = 0; i <= U; i++, o += 12) {
    if (i < U) logProb[i] = dv.getFloat32(o, true) * UNIT;
    next[i] = dv.getUint32(o + 8, true);
  }
  const wordBits = bitsFor(U);
  const recordBits = (n: number) => (n + 1 < order ? wordBits + 2 * BIN_BITS + bitsFor(counts[n + 1]!) : wordBits + BIN_BITS);
  const bigramBits = recordBits(1);
  const bigramBytes = Math.floor(((1 + counts[1]!) * bigramBits + 7) / 8) + 8;
  const bigrams = b.subarray(o, o + bigramBytes);
  for (let n = 1; n < order; n++) o += Math.floor(((1 + counts[n]!) * recordBits(n) + 7) / 8) + 8;
  const k = dv.getInt32(o, true);
  const words = b.toString("latin1", o + 4, o + 4 + k).split("\0");
  if (words.length < U) throw new Error(`${file}: ${words.length} words for ${U} unigrams`);
  const field = (at: number, len: number): number => {
    let v = 0;
    for (let i = 0; i < len; i++) if (bigrams[(at + i) >>> 3]! & (1 << ((at + i) & 7))) v += 2 ** i;
    return v;
  };
  // in a middle record the probability bin is the high half of the 32 weight bits
  const probAt = order > 2 ? wordBits + BIN_BITS : wordBits;
  return {
    words: words.slice(0, U),
    logProb,
    forEachBigram(visit) {
      for (let w = 0; w < U; w++) {
        for (let r = next[w]!; r < next[w + 1]!; r++) {
          const at = r * bigramBits;
          visit(words[field(at, wordBits)]!, words[w]!, bigramProbs[field(at + probAt, BIN_BITS)]! * UNIT - logProb[w]!);
        }
      }
    },
  };
}
