/**
 * The lexicon in memory: half a million words with a frequency cost and W_* flags, and the
 * known two-word phrases, loaded from assets/lexicon.bin (lexicon-format.ts).
 *
 * Design: no Map of strings. The words stay in one byte blob, and a trie over them
 * (lexicon-trie.ts: one open-addressing table, one 8-byte slot per node) answers both the
 * splitter, which extends a candidate word one character at a time from each start position
 * (one slot read per character, no word comparison), and `find(s, from, to)`, which looks up
 * a slice of a string without building the substring. Load is two passes over the bytes
 * (0.3-0.5 s; the trie's build 0.09-0.15 s of it), and the whole thing holds about 45 MB
 * (the trie 25 MB, the word pairs 9 MB). The main thread loads it and the pool shares its
 * tables with every worker (LexiconTables on SharedArrayBuffers), so a server holds one copy,
 * not one a thread.
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
  flags: Uint16Array;
  trie: Int32Array;
  /**
   * The known word pairs, grouped by first word: those of word a are pairList[pairStart[a],
   * pairStart[a + 1]), each the second word << PAIR_VALUE_BITS | the pair's value (pairValue),
   * in ascending order. The splitter asks for pairs at almost every word edge, and the edges
   * from one position all follow the same one or two words: their look-ups read one short
   * list, which stays in cache, where a hash table over all pairs (16.8 MB, and a 1 MB filter)
   * cost a line far away for each (bench/classify/RESULTS.md).
   */
  pairStart: Uint32Array;
  pairList: Int32Array;
  phraseRole: Uint8Array;
  /** Per other language (classifier-words.ts LANGS order): its words' indexes, ascending, and costs (FREQ_SCALE units). */
  langIdx: Uint32Array[];
  langCost: Uint16Array[];
}

const PAIR_VALUE_BITS = 9;
const PAIR_VALUE_MASK = (1 << PAIR_VALUE_BITS) - 1;
/** A pair list this long or shorter is scanned; a longer one is halved down to it first. */
const PAIR_SCAN = 8;
/** Words a pair entry can name: the second word shares an int32 with the value. */
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
  private readonly flagBits: Uint16Array;
  private readonly pairStart: Uint32Array;
  private readonly pairList: Int32Array;
  /** Per word: HEAD when it begins some known phrase (most isPhrase calls end on this byte), TAIL when it ends one. */
  private readonly phraseRole: Uint8Array;
  private readonly langIdx: Uint32Array[];
  private readonly langCost: Uint16Array[];

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
    this.pairStart = t.pairStart;
    this.pairList = t.pairList;
    this.phraseRole = t.phraseRole;
    this.langIdx = t.langIdx;
    this.langCost = t.langCost;
  }

  /** Number of other languages the file prices (classifier-words.ts LANGS). */
  get languages(): number {
    return this.langIdx.length;
  }

  /** Calls visit(word index, -ln p in nats) for every word of other language l (LANGS index), in index order. */
  forEachLangWord(l: number, visit: (i: number, cost: number) => void): void {
    const idx = this.langIdx[l],
      cost = this.langCost[l];
    if (idx === undefined || cost === undefined) return;
    for (let k = 0; k < idx.length; k++) visit(idx[k]!, cost[k]! / FREQ_SCALE);
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
    let a = LETTER_BOUNDARY,
      b = LETTER_BOUNDARY,
      cost = 0;
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
    const list = this.pairList;
    for (let a = 0; a < this.size; a++) {
      for (let k = this.pairStart[a]!; k < this.pairStart[a + 1]!; k++) visit(a, list[k]! >>> PAIR_VALUE_BITS, list[k]! & PAIR_VALUE_MASK);
    }
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
    const list = this.pairList,
      end = this.pairStart[a + 1]!;
    // halve [lo, hi) while long, keeping the first entry >= b in [lo, hi]; then scan
    let lo = this.pairStart[a]!,
      hi = end;
    while (hi - lo > PAIR_SCAN) {
      const mid = (lo + hi) >>> 1;
      if (list[mid]! >>> PAIR_VALUE_BITS < b) lo = mid + 1;
      else hi = mid;
    }
    for (; lo < end; lo++) {
      const second = list[lo]! >>> PAIR_VALUE_BITS;
      if (second >= b) return second === b ? list[lo]! & PAIR_VALUE_MASK : 0;
    }
    return 0;
  }
}

/** Decodes the file and builds the derived tables (the trie, word offsets, phrase pairs) on shared memory. */
export function decodeTables(file: Uint8Array): LexiconTables {
  const d = decodeLexicon(file);
  const n = d.size,
    blob = d.wordBlob;
  const start = new Uint32Array(n),
    len = new Uint8Array(n);
  let at = 0,
    max = 0;
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
  const plain = new Lexicon({
    ...words,
    pairStart: new Uint32Array(n + 1),
    pairList: new Int32Array(0),
    phraseRole: new Uint8Array(n),
    langIdx: [],
    langCost: [],
  });
  if (n > PAIR_MAX_WORDS) throw new Error(`lexicon: ${n} words, a pair entry names at most ${PAIR_MAX_WORDS}`);
  // Two streams of pairs, each (first word, second word << PAIR_VALUE_BITS | value): the
  // phrases' (those whose two words are words) and the language model's. pairLists merges them.
  const phraseFirst = new Uint32Array(d.phrases.length),
    phraseEntry = new Int32Array(d.phrases.length);
  let phrases = 0;
  for (const p of d.phrases) {
    const sp = p.indexOf(" ");
    const a = plain.find(p, 0, sp),
      b = plain.find(p, sp + 1);
    if (a >= 0 && b >= 0) {
      phraseFirst[phrases] = a;
      phraseEntry[phrases++] = (b << PAIR_VALUE_BITS) | PAIR_PHRASE;
    }
  }
  const modelEntry = new Int32Array(d.pairFirst.length);
  for (let i = 0; i < modelEntry.length; i++) modelEntry[i] = (d.pairSecond[i]! << PAIR_VALUE_BITS) | d.pairAssoc[i]!;
  const { pairStart, pairList, phraseRole } = pairLists(
    n,
    inOrder(phraseFirst.subarray(0, phrases), phraseEntry.subarray(0, phrases)),
    inOrder(d.pairFirst, modelEntry),
  );
  return {
    header: d.header,
    size: n,
    maxWordLength: max,
    letters: shared(letters),
    blob: shared(blob),
    start: shared(start),
    len: shared(len),
    freq: shared(d.freq),
    flags: shared(d.flags),
    trie: shared(trie.table),
    pairStart: shared(pairStart),
    pairList: shared(pairList),
    phraseRole: shared(phraseRole),
    langIdx: d.langIdx.map(shared),
    langCost: d.langCost.map(shared),
  };
}

/** Pairs under their first words: firsts[k] and entries[k] (second << PAIR_VALUE_BITS | value). */
type PairStream = [firsts: Uint32Array, entries: Int32Array];

/**
 * The stream in ascending order of first word, then entry: as given when it is so already,
 * else sorted. The build writes both streams in order (the model's pairs sorted by word
 * indexes; the phrases sorted as strings, which is the same order: indexes follow the
 * code-unit order of the words, and the space between a phrase's words sorts before any
 * character of a word), so a load only checks; sorting 1.6 M entries per word took a
 * quarter of the load (bench/classify/RESULTS.md).
 */
function inOrder(firsts: Uint32Array, entries: Int32Array): PairStream {
  let sorted = true;
  for (let k = 1; k < firsts.length && sorted; k++) sorted = firsts[k - 1]! < firsts[k]! || (firsts[k - 1] === firsts[k] && entries[k - 1]! <= entries[k]!);
  if (sorted) return [firsts, entries];
  const order = Array.from({ length: firsts.length }, (_, k) => k).sort((x, y) => firsts[x]! - firsts[y]! || entries[x]! - entries[y]!);
  return [Uint32Array.from(order, (k) => firsts[k]!), Int32Array.from(order, (k) => entries[k]!)];
}

/**
 * The pair lists of n words from two streams in order (inOrder), merged in one pass: each
 * word's entries in ascending order of second word, the entries of one pair (a phrase that
 * is also a model pair, or a pair given twice) one entry with their values or'ed, and each
 * word's phraseRole.
 */
function pairLists(n: number, [af, ae]: PairStream, [bf, be]: PairStream): Pick<LexiconTables, "pairStart" | "pairList" | "phraseRole"> {
  const pairStart = new Uint32Array(n + 1),
    phraseRole = new Uint8Array(n);
  const list = new Int32Array(ae.length + be.length);
  let i = 0,
    j = 0,
    m = 0;
  for (let a = 0; a < n; a++) {
    pairStart[a] = m;
    for (;;) {
      // entries are >= 0 (second < PAIR_MAX_WORDS): -1 = this stream has no more under a
      const x = i < af.length && af[i] === a ? ae[i]! : -1,
        y = j < bf.length && bf[j] === a ? be[j]! : -1;
      if (x < 0 && y < 0) break;
      // the smaller entry first: entries order by second word, so those of one pair meet
      // side by side, from either stream, and are or'ed below
      let v: number;
      if (y < 0 || (x >= 0 && x <= y)) {
        v = x;
        i++;
      } else {
        v = y;
        j++;
      }
      const second = v >>> PAIR_VALUE_BITS;
      if (m > pairStart[a]! && list[m - 1]! >>> PAIR_VALUE_BITS === second) list[m - 1]! |= v;
      else list[m++] = v;
      phraseRole[a]! |= HEAD;
      phraseRole[second]! |= TAIL;
    }
  }
  if (i !== af.length || j !== bf.length) throw new Error("lexicon: a word pair names a first word past the words");
  pairStart[n] = m;
  return { pairStart, pairList: list.slice(0, m), phraseRole };
}

/** A copy of a typed array on a SharedArrayBuffer, which structured clone passes by reference. */
function shared<T extends Uint8Array | Uint16Array | Int32Array | Uint32Array | Float32Array>(a: T): T {
  const copy = new (a.constructor as new (b: SharedArrayBuffer) => T)(new SharedArrayBuffer(a.byteLength));
  copy.set(a as never);
  return copy;
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
