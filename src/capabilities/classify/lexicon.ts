/**
 * The lexicon in memory: half a million words with a frequency cost and W_* flags, and the
 * known two-word phrases, loaded from assets/lexicon.bin (lexicon-format.ts).
 *
 * Design: no Map of strings. The words stay in one byte blob, and a trie over them
 * (lexicon-trie.ts: one open-addressing table, one 8-byte slot per node) answers both the
 * splitter, which extends a candidate word one character at a time from each start position
 * (one slot read per character, no word comparison), and `find(s, from, to)`, which looks up
 * a slice of a string without building the substring. Load is two passes over the bytes
 * (0.25-0.45 s; the trie's build 0.09-0.15 s of it), and the whole thing holds about 44 MB
 * (the trie 16 MB). The main thread loads it and the pool shares its tables with every
 * worker (LexiconTables on SharedArrayBuffers), so a server holds one copy, not one a thread.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CHAR_SYMBOLS, decodeLexicon, FREQ_SCALE, NO_FREQ, type LexiconHeader } from "./lexicon-format.ts";
import { WordTrie } from "./lexicon-trie.ts";

/** In place of a word index: the string is certainly no lexicon word. */
export const NOT_A_WORD = -1;
/** In place of a word index: the string was not looked up (it may or may not be a word). */
export const NOT_LOOKED_UP = -2;

/** The word-boundary symbol of the letter model (a-z are 0-25). */
export const LETTER_BOUNDARY = 26;

/** phraseRole bits. */
const HEAD = 1;
const TAIL = 2;

export const LEXICON_FILE = path.resolve(import.meta.dir, "assets/lexicon.bin");

/**
 * Everything a Lexicon holds, as typed arrays: built once from the file (decodeTables) on
 * SharedArrayBuffers, so the pool hands them to the workers by reference (pool.share) and a
 * worker's Lexicon is views over the main thread's memory, not a copy of its own.
 */
export interface LexiconTables {
  header: LexiconHeader;
  size: number;
  maxWordLength: number;
  letters: Float32Array;
  blob: Uint8Array;
  start: Uint32Array;
  len: Uint8Array;
  freq: Uint16Array;
  flags: Uint8Array;
  trie: Int32Array;
  /**
   * The known word pairs, open addressing, two int32 a slot: the first word (-1: empty), then
   * the second word << PAIR_VALUE_BITS | its value (pairValue). One slot read is one cache
   * line: the table is tens of megabytes, and the splitter asks it at almost every word edge.
   */
  pairSlots: Int32Array;
  /** One bit per hash value (PAIR_FILTER_BITS of it): clear when no pair has it, which answers most absent pairs from 1 MB. */
  pairFilter: Uint32Array;
  phraseRole: Uint8Array;
}

const PAIR_VALUE_BITS = 9;
const PAIR_VALUE_MASK = (1 << PAIR_VALUE_BITS) - 1;
const PAIR_FILTER_BITS = 23;
/** Words a pair slot can name: the second word shares an int32 with the value. */
const PAIR_MAX_WORDS = 2 ** (31 - PAIR_VALUE_BITS);

/** pairValue bit of a known phrase; the low 8 bits are the association. */
export const PAIR_PHRASE = 256;

/** The pool topic that hands the main thread's LexiconTables to the workers (tasks.ts). */
export const LEXICON_SHARE = "classify.lexicon";

export class Lexicon {
  readonly header: LexiconHeader;
  readonly version: string;
  readonly size: number;
  /** Longest word, in characters: the splitter never looks further. */
  readonly maxWordLength: number;
  /** Letter trigram costs in nats: letters[(a * 27 + b) * 27 + c] = -ln p(c | a b). */
  readonly letters: Float32Array;
  /** Every word as a trie: find(), and the splitter's walk from each start position. */
  readonly trie: WordTrie;
  /** What this lexicon is made of, to share with other threads. */
  readonly tables: LexiconTables;
  private readonly blob: Uint8Array;
  private readonly start: Uint32Array;
  private readonly len: Uint8Array;
  private readonly freq: Uint16Array;
  private readonly flagBits: Uint8Array;
  private readonly pairSlots: Int32Array;
  private readonly pairFilter: Uint32Array;
  private readonly pairMask: number;
  /** Per word: HEAD when it begins some known phrase (most isPhrase calls end on this byte), TAIL when it ends one. */
  private readonly phraseRole: Uint8Array;

  /** The lexicon of a lexicon.bin file's bytes. */
  static decode(file: Uint8Array): Lexicon {
    return new Lexicon(decodeTables(file));
  }

  constructor(t: LexiconTables) {
    this.tables = t;
    this.header = t.header;
    this.version = t.header.version;
    this.size = t.size;
    this.maxWordLength = t.maxWordLength;
    this.letters = t.letters;
    this.blob = t.blob;
    this.start = t.start;
    this.len = t.len;
    this.freq = t.freq;
    this.flagBits = t.flags;
    this.trie = WordTrie.fromTable(t.trie);
    this.pairSlots = t.pairSlots;
    this.pairFilter = t.pairFilter;
    this.pairMask = (t.pairSlots.length >>> 1) - 1;
    this.phraseRole = t.phraseRole;
  }

  /** Index of the word s[from, to), or -1. */
  find(s: string, from = 0, to = s.length): number {
    if (to - from > this.maxWordLength || to <= from) return -1;
    const trie = this.trie;
    let node = trie.root;
    for (let k = from; k < to && node >= 0; k++) {
      const c = s.charCodeAt(k);
      node = c < 128 ? trie.child(node, c) : -1; // the words are ASCII
    }
    return node >= 0 ? trie.wordOf(node) : -1;
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
    return (this.phraseRole[a]! & HEAD) !== 0;
  }

  /** Whether some known phrase ends with word b (index). */
  endsPhrase(b: number): boolean {
    return (this.phraseRole[b]! & TAIL) !== 0;
  }

  /** Calls visit(a, b, value) for every known pair (value as pairValue gives it). */
  forEachPair(visit: (a: number, b: number, value: number) => void): void {
    const t = this.pairSlots;
    for (let at = 0; at < t.length; at += 2) if (t[at] !== -1) visit(t[at]!, t[at + 1]! >>> PAIR_VALUE_BITS, t[at + 1]! & PAIR_VALUE_MASK);
  }

  /** Whether "a b" is a known phrase (both given as word indexes). */
  isPhrase(a: number, b: number): boolean {
    return (this.pairValue(a, b) & PAIR_PHRASE) !== 0;
  }

  /**
   * What the lexicon knows of the pair "a b" (word indexes): PAIR_PHRASE when it is a known
   * phrase, plus its association in the language model (0-255 in PAIR_SCALE units); 0 when
   * neither.
   */
  pairValue(a: number, b: number): number {
    if ((this.phraseRole[a]! & HEAD) === 0) return 0;
    const h = pairHash(a, b);
    if ((this.pairFilter[(h >>> 5) & FILTER_WORD_MASK]! & (1 << (h & 31))) === 0) return 0;
    const t = this.pairSlots;
    for (let at = 2 * (h & this.pairMask); ; at = (at + 2) & (2 * this.pairMask + 1)) {
      const x = t[at]!;
      if (x === -1) return 0;
      if (x === a && t[at + 1]! >>> PAIR_VALUE_BITS === b) return t[at + 1]! & PAIR_VALUE_MASK;
    }
  }
}

/** Decodes the file and builds the derived tables (the trie, word offsets, phrase pairs) on shared memory. */
export function decodeTables(file: Uint8Array): LexiconTables {
  const d = decodeLexicon(file);
  const n = d.size, blob = d.wordBlob;
  const start = new Uint32Array(n), len = new Uint8Array(n);
  let at = 0, max = 0;
  for (let i = 0; i < n; i++) {
    let j = at;
    while (j < blob.length && blob[j] !== 10) j++;
    start[i] = at;
    len[i] = j - at;
    if (j - at > max) max = j - at;
    at = j + 1;
  }
  const trie = new WordTrie(blob, n);
  const letters = Float32Array.from(d.chars, (v) => v / FREQ_SCALE);
  const words = { header: d.header, size: n, maxWordLength: max, letters, blob, start, len, freq: d.freq, flags: d.flags, trie: trie.table };
  // The words alone already answer find(): a lexicon without phrases looks the phrases' words up.
  // (no pairs: its phraseRole says no word begins one, so pairValue never reads the filter)
  const plain = new Lexicon({ ...words, pairSlots: Int32Array.of(-1, 0), pairFilter: new Uint32Array(0), phraseRole: new Uint8Array(n) });
  if (n > PAIR_MAX_WORDS) throw new Error(`lexicon: ${n} words, a pair slot names at most ${PAIR_MAX_WORDS}`);
  // The phrases' word pairs, as keys a * n + b: a phrase that is also a word pair shares its slot.
  const phraseKeys: number[] = [];
  for (const p of d.phrases) {
    const sp = p.indexOf(" ");
    const a = plain.find(p, 0, sp), b = plain.find(p, sp + 1);
    if (a >= 0 && b >= 0) phraseKeys.push(a * n + b);
  }
  const keys = Float64Array.from(phraseKeys).sort();
  let pcap = 1;
  const slotsNeeded = keys.length + d.pairFirst.length - sharedKeys(keys, d.pairFirst, d.pairSecond, n);
  while (pcap * 0.85 < slotsNeeded) pcap <<= 1; // load <= 0.85: 8-byte slots, a probe rarely leaves its cache line
  const slots = new Int32Array(2 * pcap).fill(-1), filter = new Uint32Array(1 << (PAIR_FILTER_BITS - 5)), phraseRole = new Uint8Array(n);
  const add = (a: number, b: number, value: number) => {
    const h = pairHash(a, b);
    filter[(h >>> 5) & FILTER_WORD_MASK]! |= 1 << (h & 31);
    let at = 2 * (h & (pcap - 1));
    while (slots[at] !== -1 && !(slots[at] === a && slots[at + 1]! >>> PAIR_VALUE_BITS === b)) at = (at + 2) & (2 * pcap - 1);
    slots[at] = a;
    slots[at + 1] = (b << PAIR_VALUE_BITS) | (slots[at + 1] === -1 ? 0 : slots[at + 1]! & PAIR_VALUE_MASK) | value;
    phraseRole[a]! |= HEAD;
    phraseRole[b]! |= TAIL;
  };
  for (const k of phraseKeys) add(Math.floor(k / n), k % n, PAIR_PHRASE);
  for (let i = 0; i < d.pairFirst.length; i++) add(d.pairFirst[i]!, d.pairSecond[i]!, d.pairAssoc[i]!);
  return {
    header: d.header, size: n, maxWordLength: max,
    letters: shared(letters), blob: shared(blob), start: shared(start), len: shared(len), freq: shared(d.freq), flags: shared(d.flags),
    trie: shared(trie.table), pairSlots: shared(slots), pairFilter: shared(filter), phraseRole: shared(phraseRole),
  };
}

/**
 * How many word pairs (first * n + second, in the file's order: by first word, then second)
 * are also among the sorted phrase keys. A pair out of order can only be missed, which
 * sizes the table larger, never too small.
 */
function sharedKeys(keys: Float64Array, first: Uint32Array, second: Uint32Array, n: number): number {
  let k = 0, count = 0;
  for (let i = 0; i < first.length && k < keys.length; i++) {
    const key = first[i]! * n + second[i]!;
    while (k < keys.length && keys[k]! < key) k++;
    if (keys[k] === key) { count++; k++; }
  }
  return count;
}

/** A copy of a typed array on a SharedArrayBuffer, which structured clone passes by reference. */
function shared<T extends Uint8Array | Uint16Array | Int32Array | Uint32Array | Float32Array>(a: T): T {
  const copy = new (a.constructor as new (b: SharedArrayBuffer) => T)(new SharedArrayBuffer(a.byteLength));
  copy.set(a as never);
  return copy;
}

const FILTER_WORD_MASK = (1 << (PAIR_FILTER_BITS - 5)) - 1;

function pairHash(a: number, b: number): number {
  return Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca6b) >>> 7;
}

let loaded: Lexicon | null = null;

/**
 * The lexicon of this thread: in a pool worker, views over the tables the main thread
 * shared (adoptLexicon); otherwise loaded on first use from LEXICON_FILE.
 */
export function getLexicon(): Lexicon {
  loaded ??= Lexicon.decode(readFileSync(LEXICON_FILE));
  return loaded;
}

/**
 * A worker takes the main thread's tables as its lexicon. The share reaches a worker before
 * any task, so it has loaded none; one that had would keep its own (the same file's words).
 */
export function adoptLexicon(t: LexiconTables): void {
  loaded ??= new Lexicon(t);
}
