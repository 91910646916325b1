/**
 * The lexicon in memory: half a million words with a frequency cost and W_* flags, and the
 * known two-word phrases, loaded once per thread from assets/lexicon.bin (lexicon-format.ts).
 *
 * Design: no Map of strings. The words stay in one byte blob; an open-addressing table of
 * FNV-1a hashes points into it. `find(s, from, to)` looks up a slice of a string without
 * building the substring, and the splitter can hash incrementally (`step`) while it extends a
 * candidate word one character at a time, so a name of n characters costs n * maxWord probes
 * and no allocation. Load is a single pass over the bytes (tens of ms), and the whole thing
 * holds about 30 MB (half of it the hash table, sized for one cache line per probe), so every
 * worker can keep its own copy.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CHAR_SYMBOLS, decodeLexicon, FREQ_SCALE, NO_FREQ, type LexiconHeader } from "./lexicon-format.ts";

/** The word-boundary symbol of the letter model (a-z are 0-25). */
export const LETTER_BOUNDARY = 26;

export const LEXICON_FILE = path.resolve(import.meta.dir, "assets/lexicon.bin");

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** One FNV-1a step: the hash of a string extended by one character code. */
export function step(h: number, c: number): number {
  return Math.imul(h ^ c, FNV_PRIME);
}
export const HASH_START = FNV_OFFSET;

export class Lexicon {
  readonly header: LexiconHeader;
  readonly version: string;
  readonly size: number;
  /** Longest word, in characters: the splitter never looks further. */
  readonly maxWordLength: number;
  /** Letter trigram costs in nats: letters[(a * 27 + b) * 27 + c] = -ln p(c | a b). */
  readonly letters: Float32Array;
  private readonly blob: Uint8Array;
  private readonly start: Uint32Array;
  private readonly len: Uint8Array;
  private readonly freq: Uint16Array;
  private readonly flagBits: Uint8Array;
  /**
   * Open-addressing table, four Int32 per slot: [word index or -1, the word's full FNV-1a
   * hash, its offset in the blob, its length]. A probe reads one 16-byte slot (one cache
   * line) and then the word's bytes, never the per-word arrays: the splitter probes about
   * 30 times per name, mostly hits, and each array it avoids is a cache miss.
   */
  private readonly table: Int32Array;
  /** Bit set over hashes of every prefix of every word: a clear bit means no word goes on. */
  private readonly prefixBits: Int32Array;
  private readonly prefixMask: number;
  private readonly mask: number;
  private readonly pairA: Int32Array;
  private readonly pairB: Int32Array;
  private readonly pairMask: number;
  /** 1 for a word that begins some known phrase: most isPhrase calls end on this byte. */
  private readonly phraseHead: Uint8Array;

  constructor(file: Uint8Array) {
    const d = decodeLexicon(file);
    this.header = d.header;
    this.version = d.header.version;
    const n = (this.size = d.size);
    this.freq = d.freq;
    this.flagBits = d.flags;
    this.letters = Float32Array.from(d.chars, (v) => v / FREQ_SCALE);
    this.blob = d.wordBlob;
    this.start = new Uint32Array(n);
    this.len = new Uint8Array(n);
    // Slots for the words at a load of 1/2 to 2/3 (16 MB for the shipped lexicon); the
    // prefix bit set has 32 bits per word or more (at most about 1 in 8 set).
    let cap = 1;
    while (cap * 2 < n * 3) cap <<= 1;
    this.table = new Int32Array(cap * 4).fill(-1);
    this.mask = cap - 1;
    let bitsCap = 1;
    while (bitsCap < n * 2) bitsCap <<= 1;
    this.prefixMask = (bitsCap << 4) - 1;
    this.prefixBits = new Int32Array((this.prefixMask + 1) >>> 5);
    let at = 0, max = 0;
    const blob = this.blob, bits = this.prefixBits, pmask = this.prefixMask;
    for (let i = 0; i < n; i++) {
      let h = FNV_OFFSET, j = at;
      while (j < blob.length && blob[j] !== 10) {
        h = step(h, blob[j++]!);
        const b = h & pmask;
        bits[b >>> 5]! |= 1 << (b & 31);
      }
      this.start[i] = at;
      this.len[i] = j - at;
      if (j - at > max) max = j - at;
      let slot = h & this.mask;
      while (this.table[4 * slot] !== -1) slot = (slot + 1) & this.mask;
      this.table[4 * slot] = i;
      this.table[4 * slot + 1] = h;
      this.table[4 * slot + 2] = at;
      this.table[4 * slot + 3] = j - at;
      at = j + 1;
    }
    this.maxWordLength = max;

    let pcap = 1;
    while (pcap < d.phrases.length * 2) pcap <<= 1;
    this.pairA = new Int32Array(pcap).fill(-1);
    this.pairB = new Int32Array(pcap);
    this.pairMask = pcap - 1;
    this.phraseHead = new Uint8Array(n);
    for (const p of d.phrases) {
      const sp = p.indexOf(" ");
      const a = this.indexOf(p.slice(0, sp)), b = this.indexOf(p.slice(sp + 1));
      if (a < 0 || b < 0) continue;
      let slot = pairHash(a, b) & this.pairMask;
      while (this.pairA[slot] !== -1 && !(this.pairA[slot] === a && this.pairB[slot] === b)) slot = (slot + 1) & this.pairMask;
      this.pairA[slot] = a;
      this.pairB[slot] = b;
      this.phraseHead[a] = 1;
    }
  }

  /** False when no word starts with the string whose FNV-1a hash is h (true may be a false positive). */
  mayExtend(h: number): boolean {
    const b = h & this.prefixMask;
    return (this.prefixBits[b >>> 5]! & (1 << (b & 31))) !== 0;
  }

  /** Index of the word s[from, to) whose FNV-1a hash is h, or -1. */
  probe(h: number, s: string, from: number, to: number): number {
    const n = to - from;
    let slot = h & this.mask;
    for (;;) {
      const t = 4 * slot, i = this.table[t]!;
      if (i === -1) return -1;
      if (this.table[t + 1] === h && this.table[t + 3] === n) {
        const st = this.table[t + 2]!;
        let k = 0;
        while (k < n && this.blob[st + k] === s.charCodeAt(from + k)) k++;
        if (k === n) return i;
      }
      slot = (slot + 1) & this.mask;
    }
  }

  /** Index of the word s[from, to), or -1. */
  find(s: string, from = 0, to = s.length): number {
    if (to - from > this.maxWordLength || to <= from) return -1;
    let h = FNV_OFFSET;
    for (let k = from; k < to; k++) h = step(h, s.charCodeAt(k));
    return this.probe(h, s, from, to);
  }

  indexOf(word: string): number {
    return this.find(word, 0, word.length);
  }

  wordAt(i: number): string {
    return new TextDecoder().decode(this.blob.subarray(this.start[i]!, this.start[i]! + this.len[i]!));
  }

  lengthOf(i: number): number {
    return this.len[i]!;
  }

  /** Cost in nats of a letter run as one word under the letter model (lower = more word-like). */
  letterCost(s: string, from = 0, to = s.length): number {
    let a = LETTER_BOUNDARY, b = LETTER_BOUNDARY, cost = 0;
    for (let k = from; k < to; k++) {
      const c = s.charCodeAt(k) - 97;
      if (c < 0 || c > 25) return Infinity;
      cost += this.letters[(a * CHAR_SYMBOLS + b) * CHAR_SYMBOLS + c]!;
      a = b;
      b = c;
    }
    return cost + this.letters[(a * CHAR_SYMBOLS + b) * CHAR_SYMBOLS + LETTER_BOUNDARY]!;
  }

  /** -ln p(word) from the frequency corpora; Infinity when no corpus has the word. */
  freqCost(i: number): number {
    const f = this.freq[i]!;
    return f === NO_FREQ ? Infinity : f / FREQ_SCALE;
  }

  flags(i: number): number {
    return this.flagBits[i]!;
  }

  /** W_* flags of a word; 0 when unknown. */
  flagsOf(word: string): number {
    const i = this.indexOf(word);
    return i < 0 ? 0 : this.flagBits[i]!;
  }

  /** Whether some known phrase begins with word a (index). */
  beginsPhrase(a: number): boolean {
    return this.phraseHead[a] === 1;
  }

  /** Whether "a b" is a known phrase (both given as word indexes). */
  isPhrase(a: number, b: number): boolean {
    if (this.phraseHead[a] === 0) return false;
    let slot = pairHash(a, b) & this.pairMask;
    for (;;) {
      const x = this.pairA[slot]!;
      if (x === -1) return false;
      if (x === a && this.pairB[slot] === b) return true;
      slot = (slot + 1) & this.pairMask;
    }
  }
}

function pairHash(a: number, b: number): number {
  return Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca6b) >>> 7;
}

let loaded: Lexicon | null = null;

/** The lexicon of this thread, loaded on first use from LEXICON_FILE. */
export function getLexicon(): Lexicon {
  loaded ??= new Lexicon(readFileSync(LEXICON_FILE));
  return loaded;
}
