/**
 * The word splitter: "bestpizzadenver" -> best pizza denver, deterministically.
 *
 * Guarantees: the output depends only on the name, the lexicon and the parameters; digits
 * are their own tokens and hyphens hard boundaries; a run of letters no list knows stays
 * whole (one unknown run always costs less than two, and two unknown runs never touch), so
 * acronyms and coinages are not shattered into letters; lower-casing the joined words gives
 * back the name's letters and digits.
 *
 * Model: a two-best Viterbi over each run of letters. A token is a lexicon word (cost from
 * its corpus frequency, or from what it is: dictionary word, first name, surname, place,
 * brand; see splitter-params.ts), a known word plus "s" (or the slang "z"), or an unknown run
 * (base + per character + its cost under the lexicon's letter trigram model, so word-like
 * coinages stay whole and cheap while junk is dear; the price of a run of 2+ letters is
 * capped by that of letters spelled out, which is how acronyms with vowels read: "acpi"; a
 * lexicon word is capped the same way, and each spelled letter past the third costs more,
 * since long acronyms are rare: "rpdinc" is rpd + inc, not one acronym). A word of 3+
 * letters after a leading "e" earns a bonus (the prefix e-: "etruck" is e + truck). Pair
 * rules: adjacent words get a bonus when they form a known phrase and in proportion to their
 * association in a language model (the lexicon's word pairs), read from the last word of each
 * of the two paths kept per position (a cheap second-order approximation); a word of one to
 * three letters beside an unknown run pays a penalty ("infoblox" is not "in" + "foblox"); a
 * very frequent word or a lone letter ending the run pays a little (names rarely end in "how"
 * or "on"). The margin between the best and the second-best segmentation gives the
 * confidence, one level lower when the split keeps a coinage (an unknown run that is no
 * acronym) whole.
 *
 * Cost: from each position the lexicon's trie is walked one character at a time (one table
 * slot per character, no substring built), and the state arrays are allocated once per
 * splitter, so a call allocates only its answer. Each word is a fresh slice of the name: a
 * per-word cache of the strings cut before (580k slots a thread, so that a word came back as
 * the same string with its hash cached) cost two cache misses a token, the slot and then the
 * string read to test it, and the tables and classifier read lexicon words by index since;
 * without it, paired, camelcase 1.055-1.073, categorize 0.993-1.059 (bench/classify/RESULTS.md).
 */
import { LETTER_BOUNDARY, NOT_A_WORD, NOT_LOOKED_UP, PAIR_PHRASE, getLexicon, type Lexicon } from "./lexicon.ts";
import { PAIR_SCALE } from "./lexicon-format.ts";
import { DEFAULT_PARAMS, type SplitterParams } from "./splitter-params.ts";
import { LANGS, W_BRAND, W_COMPOUND, W_FIRST, W_FOREIGN, W_LANG_SHIFT, W_PLACE, W_SPOKEN, W_SURNAME, W_TOWN, W_WORD, type Lang } from "./classifier-words.ts";
import { foldText } from "./fold.ts";
import { punycodeToUnicode } from "../../domain/name.ts";

export type SplitConfidence = "HIGH" | "MEDIUM" | "LOW";

export interface Split {
  /** The words; of an internationalised (xn--) name, its Unicode words ("garten möbel"). */
  words: string[];
  confidence: SplitConfidence;
  /**
   * Only for an internationalised name whose letters fold to a-z: the words as the lexicon
   * spells them ("garten", "mobel"), which the classifier reads, and the folded name.
   */
  ascii?: { name: string; words: string[] };
}

/** split()'s language argument: none given (English, unless the words say otherwise). */
export const AUTO = -1;
/** Index of English in split()'s language argument; another language l of LANGS is l + 1. */
export const ENGLISH = 0;

/**
 * The language of an extension's country ("de", "com.br", "co.uk"), as split()'s language
 * argument: the last label's country, AUTO for a generic or unmapped one (.com, .co, .io) and
 * for bare names.
 */
export function langOfExt(ext: string | null): number {
  if (ext === null) return AUTO;
  const dot = ext.lastIndexOf(".");
  const tld = dot < 0 ? ext : ext.slice(dot + 1);
  return TLD_LANG.get(tld) ?? AUTO;
}

const TLD_LANG = new Map<string, number>();
{
  const by: Record<Exclude<Lang, "en">, string[]> = {
    de: ["de", "at", "ch", "li"],
    es: ["es", "mx", "ar", "cl", "pe", "ve", "uy", "ec", "bo", "py", "cr", "gt", "hn", "ni", "pa", "sv", "do", "cu"],
    fr: ["fr", "mc", "re", "pf", "nc", "gp", "mq"],
    it: ["it", "sm", "va"],
    pt: ["pt", "br", "ao", "mz"],
    nl: ["nl", "be", "sr"],
    sv: ["se", "nu", "ax"],
  };
  for (const [lang, tlds] of Object.entries(by)) for (const t of tlds) TLD_LANG.set(t, LANGS.indexOf(lang as never) + 1);
  for (const t of ["uk", "us", "au", "ca", "nz", "ie"]) TLD_LANG.set(t, ENGLISH);
}

/** Longest label (DNS): the state arrays are sized for it. */
const MAX = 63;
/** The word of an unknown-run token: it is no lexicon word. */
const UNKNOWN = NOT_A_WORD;
const KNOWN = W_WORD | W_FIRST | W_SURNAME | W_PLACE | W_TOWN | W_BRAND;
const START = -2;
const SHORT = 1;
const HEAD = 2;
/** A very frequent word or a lone letter: ending a name it pays weakEnd. */
const WEAK_END = 4;
/** A word of up to three letters no dictionary, name or place list knows, or without a vowel (isFragment). */
const ODD = 8;
/** Ends a known pair: pairValue(prev, word) is asked only when prev is a HEAD and word a TAIL. */
const TAIL = 16;
/** A word only languages other than the splitter's know (an English reading: its W_LANG bits vote for the name's language). */
const FOREIGN = 32;
/** bitsOf holds a word's flags below this bit and its largest pair bonus above. */
const AFTER_SHIFT = 8;
/** The pair bonus bound is kept in 1/AFTER_UNIT nats (rounded up: never under the bonus). */
const AFTER_UNIT = 256;
/** What the bits above AFTER_SHIFT can hold, in nats. */
const AFTER_MAX = 2 ** (31 - AFTER_SHIFT) / AFTER_UNIT;
/** Where the two- and three-letter strings begin in Splitter.near. */
const NEAR_2 = 26;
const NEAR_3 = NEAR_2 + 26 * 26;

export class Splitter {
  /**
   * Per word, interleaved in one buffer so that one cache line serves the splitter's every
   * look at a word: wordCost at costOf[2 * i], and at bitsOf[2 * i + 1] SHORT (at most three
   * letters: the short-beside-unknown rule) | HEAD (begins a known phrase) | TAIL (ends one)
   * | WEAK_END | ODD in the low AFTER_SHIFT bits, and above them the largest bonus a pair that
   * the word begins can earn, in 1/AFTER_UNIT nats rounded up (the pruning bound of a path
   * ending in the word: read from the line that holds the word's cost, which pass 1 has just
   * read, instead of a table of its own, 2 MB, beside it).
   */
  private readonly costOf: Float32Array;
  private readonly bitsOf: Int32Array;
  private readonly c = new Float64Array((MAX + 1) * 2);
  private readonly from = new Int32Array((MAX + 1) * 2);
  private readonly rank = new Int8Array((MAX + 1) * 2);
  private readonly word = new Int32Array((MAX + 1) * 2);
  /** Word edges of the current run: end, word index and cost, grouped by start (first[i]..first[i+1]). */
  private readonly eTo = new Int32Array(MAX * MAX);
  private readonly eIdx = new Int32Array(MAX * MAX);
  private readonly eCost = new Float64Array(MAX * MAX);
  private readonly first = new Int32Array(MAX + 2);
  private readonly startsWord = new Uint8Array(MAX + 2);
  /**
   * Per run, for the unknown-run loop: nextEnd[j] = the first position >= j where an unknown
   * run may end (a word of 2+ letters starts there, or the run ends); vowelsTo[k] = vowels in
   * [0, k); trigramTo[k] = the letter model's cost of letters 2..k-1 in context (a prefix sum:
   * the costs are multiples of 1/1024 nats, so sums and differences are exact and equal the
   * letter-by-letter sum bit for bit); endCost[j] = cost of the boundary after letters j-2, j-1.
   */
  private readonly nextEnd = new Int32Array(MAX + 2);
  private readonly vowelsTo = new Int32Array(MAX + 2);
  private readonly trigramTo = new Float64Array(MAX + 2);
  private readonly endCost = new Float64Array(MAX + 2);
  private readonly code = new Int32Array(MAX + 1);
  /** The best path's token ends, last first, whether each token is an acronym fragment, and its word. */
  private readonly cuts = new Int32Array(MAX + 1);
  private readonly frag = new Uint8Array(MAX + 1);
  private readonly cutWord = new Int32Array(MAX + 1);
  /** Per token of the last split() (see tokenWords()). */
  private readonly tokens = new Int32Array(MAX + 1);
  /**
   * The trie node of every string of one to three letters a-z, the word that ends there and
   * the letters a word goes on with, interleaved: near[3 * x] the node (-1 = no word begins
   * so), near[3 * x + 1] the word (-1 = none), near[3 * x + 2] its lettersOf, x = a for one
   * letter, NEAR_2 + 26 * a + b for two, NEAR_3 + 676 * a + 26 * b + c for three. The first
   * three steps from each start position are one read each of this 219 KB array, which stays
   * in cache, instead of hashed slots of the 24 MB trie (two steps so: 1.06x and 1.02x split;
   * the third: see bench/classify/RESULTS.md), and the fourth is not taken when no word goes
   * on with its letter.
   */
  private readonly near = new Int32Array(3 * (NEAR_3 + 26 * 26 * 26));
  /**
   * spelled[n]: the price of n letters read as letters spelled out (an acronym), the cap of any
   * token of n >= 2 letters, word or unknown run (spelled[1] only bounds the longer ones from
   * below in the unknown-run loop's pruning). Each letter past spelledLongFrom costs
   * spelledLong more: long acronyms are rare, so a long run of odd letters is more likely an
   * acronym glued to a word ("rpdinc": rpd inc) than one acronym.
   */
  private readonly spelled = new Float64Array(MAX + 1);
  /** Added to a word's cost for the word plus this letter: plural after "s", pluralZ after "z". */
  private readonly pluralAdd = new Float64Array(128).fill(Infinity);
  /** Whether the current name's split keeps an unknown run that is no acronym fragment. */
  private coined = false;
  /**
   * The bonus of a pair by its pairValue (PAIR_PHRASE | association): phraseBonus when it is
   * a known phrase, plus pairWeight per nat of association. The one place the rule is written.
   */
  private readonly pairBonus = new Float64Array(2 * PAIR_PHRASE);
  /** English splitter: per language of LANGS, how many foreign words the last English reading used. */
  private readonly votes = new Int32Array(LANGS.length);
  private voted = false;
  /** English splitter: how many tokens of the last English reading only another language knows. */
  private foreignTokens = 0;
  /** English splitter: the splitters of the other languages, built on first use. */
  private readonly others: (Splitter | undefined)[] = [];

  /**
   * lang: ENGLISH, or l + 1 for language l of LANGS: the language whose word frequencies price
   * the words (see wordCost and SplitterParams.langShare).
   */
  constructor(
    readonly lexicon: Lexicon,
    readonly params: Readonly<SplitterParams> = DEFAULT_PARAMS,
    readonly lang: number = ENGLISH,
  ) {
    // The unknown-run loop skips positions where no run may end: only sound when an unknown
    // run's price never falls as it grows (see letters()).
    if (!(params.unknownPerChar >= 0 && params.letterWeight >= 0 && params.spelledPerLetter >= 0)) {
      throw new Error("splitter: unknownPerChar, letterWeight and spelledPerLetter must be >= 0");
    }
    // The pruning bounds leave out this surcharge: sound only when it never lowers a cost.
    if (!(params.weakEnd >= 0)) throw new Error("splitter: weakEnd must be >= 0");
    if (!(params.spelledLong >= 0)) throw new Error("splitter: spelledLong must be >= 0");
    if (!(params.phraseBonus >= 0 && params.pairWeight >= 0)) throw new Error("splitter: phraseBonus and pairWeight must be >= 0");
    if (!(params.phraseBonus + (params.pairWeight * (PAIR_PHRASE - 1)) / PAIR_SCALE < AFTER_MAX)) {
      throw new Error(`splitter: a pair bonus must stay under ${AFTER_MAX} nats`);
    }
    for (let v = 0; v < this.pairBonus.length; v++) {
      this.pairBonus[v] = ((v & PAIR_PHRASE) !== 0 ? params.phraseBonus : 0) + (v & (PAIR_PHRASE - 1)) * (params.pairWeight / PAIR_SCALE);
    }
    const bonusAfter = new Float64Array(lexicon.size);
    lexicon.forEachPair((a, _b, v) => {
      if (this.pairBonus[v]! > bonusAfter[a]!) bonusAfter[a] = this.pairBonus[v]!;
    });
    for (let n = 0; n <= MAX; n++) {
      this.spelled[n] = params.spelledBase + params.spelledPerLetter * n + params.spelledLong * Math.max(0, n - params.spelledLongFrom);
    }
    this.pluralAdd[115] = params.plural; // s
    this.pluralAdd[122] = params.pluralZ; // z
    const t = lexicon.trie;
    const put = (x: number, node: number) => {
      this.near[3 * x] = node;
      this.near[3 * x + 1] = node < 0 ? -1 : t.wordOf(node);
      this.near[3 * x + 2] = node < 0 ? 0 : t.lettersOf(node);
    };
    for (let a = 0; a < 26; a++) {
      const n1 = t.child(t.root, 97 + a);
      put(a, n1);
      for (let b = 0; b < 26; b++) {
        const n2 = n1 < 0 ? -1 : t.child(n1, 97 + b);
        put(NEAR_2 + a * 26 + b, n2);
        for (let c = 0; c < 26; c++) put(NEAR_3 + (a * 26 + b) * 26 + c, n2 < 0 ? -1 : t.child(n2, 97 + c));
      }
    }
    const buffer = new ArrayBuffer(8 * lexicon.size);
    this.costOf = new Float32Array(buffer);
    this.bitsOf = new Int32Array(buffer);
    const langFreq = languageCosts(lexicon, params, lang),
      own = lang === ENGLISH ? null : langMembers(lexicon, lang - 1);
    for (let i = 0; i < lexicon.size; i++) {
      const len = lexicon.lengthOf(i),
        f = lexicon.flags(i);
      // only other languages know the word (not English, not this splitter's language)
      const foreignOnly = (f & W_FOREIGN) !== 0 && (f & KNOWN) === 0 && lexicon.freqCost(i) === Infinity && (own === null || own[i] === 0);
      const freq = langFreq[i]!;
      // Never dearer than its letters spelled out: a rare lexicon entry must not hide the
      // acronym reading of the same letters (no unknown run spans a word's letters, but for
      // a word only other languages know, which an unknown run may span).
      this.costOf[2 * i] =
        foreignOnly && len < params.foreignMinLetters
          ? Infinity
          : Math.min(
              wordCost(lexicon, i, params, freq, (f & W_SPOKEN) !== 0 || (freq < Infinity && lexicon.freqCost(i) !== freq)),
              len >= 2 ? this.spelled[len]! : Infinity,
            );
      this.bitsOf[2 * i + 1] =
        (len <= 3 ? SHORT : 0) |
        (lexicon.beginsPhrase(i) ? HEAD : 0) |
        (lexicon.endsPhrase(i) ? TAIL : 0) |
        (foreignOnly ? FOREIGN : 0) |
        (len === 1 || freq < params.weakEndMaxCost ? WEAK_END : 0) |
        (len <= 3 && ((lexicon.flags(i) & KNOWN) === 0 || !hasVowel(lexicon.wordAt(i), 0, len)) ? ODD : 0) |
        (Math.ceil(bonusAfter[i]! * AFTER_UNIT) << AFTER_SHIFT);
    }
  }

  /**
   * The words of a name. lang: the name's language when its extension tells (langOfExt), or
   * AUTO: read as English, and when that reading uses words only another language knows, read
   * again in the language most of them share ("hotelesbaratos": hoteles baratos, Spanish).
   * An English splitter reads the other languages with their own splitters (built on first
   * use); tokenWords() then answers for the split it returns.
   * An internationalised name ("xn--gartenmbel-kcb") is decoded, its letters folded to a-z
   * (fold.ts), the folded name split, and the words cut back out of the Unicode name
   * ("garten möbel"); a name in another script, or punycode that does not decode, is one word
   * (the Unicode label, or the label as given), confidence LOW.
   */
  split(name: string, lang: number = AUTO): Split {
    const s = name.toLowerCase();
    if (s.startsWith("xn--")) return this.idn(s, lang);
    if (this.lang === ENGLISH && lang > ENGLISH) return this.through(lang, s);
    const out = this.plain(s);
    // The words say "another language" when at least half of them are its words alone.
    if (lang === AUTO && this.lang === ENGLISH && this.voted && 2 * this.foreignTokens >= out.words.length) {
      let best = 0;
      for (let l = 1; l < LANGS.length; l++) if (this.votes[l]! > this.votes[best]!) best = l;
      return this.through(best + 1, s);
    }
    return out;
  }

  /** The split of s by the splitter of language lang, with its tokenWords() copied here. */
  private through(lang: number, s: string): Split {
    const other = (this.others[lang] ??= new Splitter(this.lexicon, this.params, lang));
    const out = other.plain(s);
    this.tokens.set(other.tokens.subarray(0, out.words.length));
    return out;
  }

  private idn(s: string, lang: number): Split {
    const unicode = punycodeToUnicode(s);
    const folded = unicode === null ? null : foldText(unicode);
    if (unicode === null || folded === null || folded.ascii.startsWith("xn--")) {
      this.tokens[0] = NOT_LOOKED_UP;
      return { words: s.length > 4 ? [unicode ?? s] : [], confidence: "LOW" };
    }
    const inner = this.split(folded.ascii, lang);
    // Each word cut back out of the Unicode name: from the character its first letter came
    // from to the one the next letter after it came from (a character folded to two letters,
    // "ß", that a cut falls inside goes to the later word). Hyphens are boundaries, as in ASCII.
    const ascii = folded.ascii,
      from = folded.from,
      words: string[] = [],
      asciiWords: string[] = [];
    let pos = 0;
    for (let k = 0; k < inner.words.length; k++) {
      const w = inner.words[k]!,
        at = ascii.indexOf(w, pos);
      pos = at + w.length;
      const u0 = from[at]!,
        u1 = pos < ascii.length ? from[pos]! : unicode.length;
      if (u1 <= u0) continue;
      this.tokens[words.length] = this.tokens[k]!;
      words.push(unicode.slice(u0, u1));
      asciiWords.push(w);
    }
    return { words, confidence: inner.confidence, ascii: { name: ascii, words: asciiWords } };
  }

  /** split() of a lower-case ASCII name by this splitter's language alone. */
  private plain(s: string): Split {
    const words: string[] = [];
    let margin = Infinity;
    this.coined = false;
    if (this.voted) {
      this.votes.fill(0);
      this.voted = false;
      this.foreignTokens = 0;
    }
    let i = 0;
    while (i < s.length) {
      const c = s.charCodeAt(i);
      let j = i + 1;
      if (c >= 48 && c <= 57) {
        while (j < s.length && isDigit(s.charCodeAt(j))) j++;
        this.tokens[words.length] = NOT_LOOKED_UP;
        words.push(s.slice(i, j));
      } else if (c >= 97 && c <= 122) {
        while (j < s.length && isLetter(s.charCodeAt(j)) && j - i < MAX) j++;
        margin = Math.min(margin, this.letters(s, i, j, words));
      }
      i = j; // anything else (hyphen) is a boundary and not a token
    }
    // The margin says how clearly the best split beats the next; a split that keeps a coinage
    // (an unknown run that is no acronym) whole is one level less sure, since whether such a
    // run is one word or two rare ones is what the lexicon cannot tell (on train.txt: about
    // 75 % of HIGH-margin names with a coinage are right, against 94 % without).
    const p = this.params;
    const level = (margin >= p.high ? 2 : margin >= p.medium ? 1 : 0) - (this.coined ? 1 : 0);
    return { words, confidence: level >= 2 ? "HIGH" : level === 1 ? "MEDIUM" : "LOW" };
  }

  /**
   * Per token of the last split() (valid for the first words.length entries, until the next
   * call): the index of the lexicon word the token is, NOT_A_WORD when it is certainly no
   * lexicon word (an unknown run: a word there would have been an edge; a word + "s" that is
   * no word itself), or NOT_LOOKED_UP. Saves the classifier a look-up per word.
   */
  tokenWords(): Int32Array {
    return this.tokens;
  }

  /** Splits s[from, to) (letters only), pushes its tokens, returns best-vs-second margin. */
  private letters(s: string, from: number, to: number, out: string[]): number {
    const L = to - from,
      p = this.params,
      lex = this.lexicon,
      maxLen = lex.maxWordLength;
    const c = this.c;
    for (let k = 0; k <= 2 * L + 1; k++) c[k] = Infinity;
    c[0] = 0;
    this.word[0] = START;
    const code = this.code,
      vowelsTo = this.vowelsTo;
    vowelsTo[0] = 0;
    for (let k = 0; k < L; k++) {
      const ch = s.charCodeAt(from + k);
      code[k] = ch - 97;
      vowelsTo[k + 1] = vowelsTo[k]! + VOWEL[ch]!;
    }
    // Pass 1: every lexicon word (and word + "s" or "z") in the run, grouped by start position.
    const eTo = this.eTo,
      eIdx = this.eIdx,
      eCost = this.eCost,
      first = this.first,
      starts = this.startsWord;
    const cost = this.costOf,
      bits = this.bitsOf,
      pluralAdd = this.pluralAdd,
      weakEnd = p.weakEnd,
      ePrefix = p.ePrefix;
    const trie = lex.trie,
      near = this.near,
      spelled = this.spelled;
    let e = 0;
    for (let i = 0; i < L; i++) {
      first[i] = e;
      starts[i] = 0;
      let node = -1,
        prev = -1,
        x = 0,
        next = 0;
      const end = Math.min(L, i + maxLen);
      for (let j = i + 1; j <= end; j++) {
        const ch = code[j - 1]! + 97;
        const d = j - i;
        let idx: number;
        if (d <= 3) {
          x = d === 1 ? ch - 97 : d === 2 ? NEAR_2 + x * 26 + ch - 97 : NEAR_3 + (x - NEAR_2) * 26 + ch - 97;
          node = near[3 * x]!;
          idx = near[3 * x + 1]!;
          next = near[3 * x + 2]!;
        } else if ((next & (1 << (ch - 97))) !== 0) {
          node = trie.child(node, ch);
          idx = trie.wordOf(node);
          next = trie.lettersOf(node);
        } else {
          node = idx = -1;
        }
        // No word goes on past here, but a word plus "s" (or the slang "z": "kidz") still ends
        // here ("joshuas"): the plural edge is added before the loop stops.
        const goesOn = node >= 0;
        const plural = prev >= 0 ? cost[2 * prev]! + pluralAdd[ch]! : Infinity; // Infinity but after s and z
        if (!goesOn && plural === Infinity) break;
        if (idx >= 0 || plural < Infinity) {
          const edge = idx >= 0 ? Math.min(cost[2 * idx]!, plural) : Math.min(plural, spelled[d]!);
          // A word this splitter does not read (priced Infinity: foreignMinLetters) is no
          // edge, but an unknown run may still end where it starts, as where any word starts.
          if (edge < Infinity) {
            eTo[e] = j;
            eIdx[e] = idx >= 0 ? idx : prev;
            eCost[e] = edge;
            e++;
          }
          if (j - i >= 2) starts[i] = 1;
        }
        if (!goesOn) break;
        prev = idx;
      }
      // A word that ends the run pays the weak ending in its edge (edges from i end in order:
      // only the last one can reach L).
      if (e > first[i]! && eTo[e - 1] === L && (bits[2 * eIdx[e - 1]! + 1]! & WEAK_END) !== 0) eCost[e - 1] += weakEnd;
      // The prefix e- (e-mail, e-book): a word of 3+ letters after a leading "e" earns ePrefix
      // ("etruck" is e truck). Every path to position 1 is the token "e", so the edge carries it.
      if (i === 1 && code[0] === 4) for (let k = first[1]!; k < e; k++) if (eTo[k]! >= 4) eCost[k] = Math.max(0, eCost[k]! - ePrefix);
    }
    first[L] = e;
    starts[L] = 1;
    // Pass 2: the two-best Viterbi. An unknown run may end only where the run ends or a word
    // of two or more letters starts (it never touches another unknown run, and an unknown run
    // plus a one-letter word is priced as one longer unknown run).
    //
    // Pruning: the whole run as one token is a complete path (an unknown run priced by the
    // letter model or spelled out; a word that spans the run is never dearer than its letters
    // spelled out, plus at most weakEnd, well inside the margin), so no path costing more than
    // it plus the HIGH margin can be the best or decide the confidence (checked against the
    // unpruned splitter on 219,525 names: the same words and confidence for every one; again
    // with the word pairs' bonuses, which a path could earn after the bound: a bound 40 nats
    // looser changed none of 219,525 names). Letter
    // costs are positive, so an unknown run's cost only grows with its length (less at most the
    // acronym discount), and so does the spelled-out price: the loop stops once both pass that
    // bound.
    const model = lex.letters;
    const nextEnd = this.nextEnd,
      trigramTo = this.trigramTo,
      endCost = this.endCost;
    trigramTo[2] = 0;
    for (let k = 2; k <= L; k++) {
      const ab = (code[k - 2]! * 27 + code[k - 1]!) * 27;
      endCost[k] = model[ab + LETTER_BOUNDARY]!;
      if (k < L) trigramTo[k + 1] = trigramTo[k]! + model[ab + code[k]!]!;
    }
    nextEnd[L] = L;
    for (let j = L - 1; j > 0; j--) nextEnd[j] = starts[j] === 1 ? j : nextEnd[j + 1]!;
    // The whole run as one token costs at most this (its letters spelled out cap it).
    const wholeRun = Math.min(this.unknownCost(s, from, to), L >= 2 ? spelled[L]! : Infinity);
    const uBase = p.unknownBase,
      uChar = p.unknownPerChar,
      uLetters = p.letterWeight,
      acronym = p.acronym;
    const open = (LETTER_BOUNDARY * 27 + LETTER_BOUNDARY) * 27;
    // Relaxing a token [i, j) extends both paths ending at i and keeps the two best at j (state
    // 2 * j is the best, 2 * j + 1 the second: cost c, previous position, its rank, the token's
    // word). Written out in both loops below rather than called: a call per token was 15 % of
    // the splitter's time.
    const word = this.word,
      fromA = this.from,
      rank = this.rank,
      shortBU = p.shortBesideUnknown;
    const pairBonus = this.pairBonus;
    for (let i = 0; i < L; i++) {
      const here = c[2 * i]!;
      const bound = Math.min(wholeRun, c[2 * L]!) + p.high;
      if (here > bound) continue;
      // the best any word edge from here can do: a pair bonus after either path's last word
      const w0 = word[2 * i]!,
        w1 = word[2 * i + 1]!;
      const reach = here - Math.max(w0 >= 0 ? bits[2 * w0 + 1]! >>> AFTER_SHIFT : 0, w1 >= 0 ? bits[2 * w1 + 1]! >>> AFTER_SHIFT : 0) / AFTER_UNIT;
      for (let k = first[i]!; k < first[i + 1]!; k++) {
        const j = eTo[k]!;
        if (reach + eCost[k]! < c[2 * j + 1]!) {
          const idx = eIdx[k]!,
            tokenCost = eCost[k]!;
          const a = 2 * j,
            b = a + 1;
          const own = bits[2 * idx + 1]!;
          for (let r = 0; r < 2; r++) {
            const base = c[2 * i + r]!;
            if (base === Infinity) break;
            const prev = word[2 * i + r]!;
            let total = base + tokenCost;
            if (prev >= 0) {
              if ((own & TAIL) !== 0 && (bits[2 * prev + 1]! & HEAD) !== 0) total -= pairBonus[lex.pairValue(prev, idx)]!;
            } else if (prev === UNKNOWN && (own & SHORT) !== 0) total += shortBU;
            if (total < c[a]!) {
              c[b] = c[a]!;
              fromA[b] = fromA[a]!;
              rank[b] = rank[a]!;
              word[b] = word[a]!;
              c[a] = total;
              fromA[a] = i;
              rank[a] = r;
              word[a] = idx;
            } else if (total < c[b]!) {
              c[b] = total;
              fromA[b] = i;
              rank[b] = r;
              word[b] = idx;
            }
          }
        }
      }
      // Unknown runs [i, j), only for the j where one may end. The cost of each is what the
      // letter-by-letter sum gives (see trigramTo), and both lower bounds below only grow
      // with j, so stopping at the first such j past the bound skips nothing.
      const floor = here + uBase - acronym;
      const x0 = code[i]!;
      const one = model[open + x0]!; // letters of [i, i+1)
      const two = i + 1 < L ? one + model[(LETTER_BOUNDARY * 27 + x0) * 27 + code[i + 1]!]! : 0; // of [i, i+2)
      let k = first[i]!;
      for (let j = nextEnd[i + 1]!; j <= L; j = nextEnd[j + 1]!) {
        const n = j - i;
        const letters = n === 1 ? one : n === 2 ? two : two + (trigramTo[j]! - trigramTo[i + 2]!);
        if (floor + uChar * n + uLetters * letters > bound && here + spelled[n]! > bound) break;
        while (k < first[i + 1]! && eTo[k]! < j) k++;
        // a word spans [i, j): no unknown run there, unless only another language knows the word
        // (an English reading prices a foreign word against the run, not in its place)
        if (k < first[i + 1]! && eTo[k] === j && (bits[2 * eIdx[k]! + 1]! & FOREIGN) === 0) {
          if (j === L) break;
          continue;
        }
        const shape = letters + (n === 1 ? model[(LETTER_BOUNDARY * 27 + x0) * 27 + LETTER_BOUNDARY]! : endCost[j]!);
        const vowels = vowelsTo[j]! - vowelsTo[i]!;
        let u = uBase + uChar * n + uLetters * shape - (vowels === 0 && n >= 2 && n <= 5 ? acronym : 0);
        if (n >= 2) u = Math.min(u, spelled[n]!);
        if (here + u < c[2 * j + 1]!) {
          // else it cannot enter the two best at j
          const a = 2 * j,
            b = a + 1;
          for (let r = 0; r < 2; r++) {
            const base = c[2 * i + r]!;
            if (base === Infinity) break;
            const prev = word[2 * i + r]!;
            if (prev === UNKNOWN) continue; // two unknown runs never touch
            const total = base + u + (prev >= 0 && (bits[2 * prev + 1]! & SHORT) !== 0 ? shortBU : 0);
            if (total < c[a]!) {
              c[b] = c[a]!;
              fromA[b] = fromA[a]!;
              rank[b] = rank[a]!;
              word[b] = word[a]!;
              c[a] = total;
              fromA[a] = i;
              rank[a] = r;
              word[a] = UNKNOWN;
            } else if (total < c[b]!) {
              c[b] = total;
              fromA[b] = i;
              rank[b] = r;
              word[b] = UNKNOWN;
            }
          }
        }
        if (j === L) break;
      }
    }
    // Walk back from the best state at L, noting which tokens are letter fragments.
    const cuts = this.cuts,
      frag = this.frag,
      cutWord = this.cutWord;
    let k = L,
      r = 0,
      m = 0,
      coined = false;
    while (k > 0) {
      const at = 2 * k + r;
      const prevK = this.from[at]!;
      const w = this.word[at]!,
        f = this.isFragment(s, from + prevK, from + k, w);
      if (!f && w === UNKNOWN) coined = true;
      cuts[m] = k;
      // A plural edge carries its singular's index: the token "joes" is no lexicon word.
      // an unknown run may span a word only other languages know: the token is that word
      cutWord[m] = w >= 0 && lex.lengthOf(w) !== k - prevK ? NOT_A_WORD : w === UNKNOWN ? lex.find(s, from + prevK, from + k) : w;
      if (w >= 0 && (this.bitsOf[2 * w + 1]! & FOREIGN) !== 0) {
        const f = lex.flags(w) >>> W_LANG_SHIFT;
        for (let l = 0; l < LANGS.length; l++) if ((f & (1 << l)) !== 0) this.votes[l]!++;
        this.voted = true;
        this.foreignTokens++;
      }
      frag[m++] = f ? 1 : 0;
      k = prevK;
      r = this.rank[at]!;
    }
    if (coined) this.coined = true;
    // Adjacent fragments are one acronym ("tg" + "wtg" -> "tgwtg"): the product keeps it whole.
    const tokens = this.tokens;
    let start = from;
    for (let n = m - 1; n >= 0; n--) {
      if (n > 0 && frag[n] === 1 && frag[n - 1] === 1) continue;
      const end = from + cuts[n]!;
      // One edge of the path when the token starts at the previous cut (not a joined acronym).
      const w = start === from + (n === m - 1 ? 0 : cuts[n + 1]!) ? cutWord[n]! : NOT_LOOKED_UP;
      tokens[out.length] = w;
      out.push(s.slice(start, end));
      start = end;
    }
    return c[2 * L + 1]! - c[2 * L]!;
  }

  /** Cost of s[from, to) as one unknown run (the letter model, without the acronym discount). */
  private unknownCost(s: string, from: number, to: number): number {
    const p = this.params;
    return p.unknownBase + p.unknownPerChar * (to - from) + p.letterWeight * this.lexicon.letterCost(s, from, to);
  }

  /**
   * A token that reads as part of an acronym rather than a word: an unknown run of up to five
   * letters without a vowel, a lone letter other than "a" and "i", or a lexicon entry of up to
   * three letters that no dictionary, name or place list knows (a corpus fragment such as "tg")
   * or that has no vowel ("dc", "tv": "cfm" + "dc" is one acronym).
   */
  private isFragment(s: string, from: number, to: number, idx: number): boolean {
    const n = to - from;
    if (idx === UNKNOWN) return n <= 5 && !hasVowel(s, from, to);
    if (n === 1) return s.charCodeAt(from) !== 97 && s.charCodeAt(from) !== 105; // a lone letter other than "a" and "i"
    // ODD is the word's (a plural edge's is its singular's: "s" and "z" add no vowel)
    return n <= 3 && (this.bitsOf[2 * idx + 1]! & ODD) !== 0;
  }
}

/**
 * Per word, its frequency cost for a splitter of language lang: ENGLISH, the English cost;
 * another language, -ln(langShare p_lang + (1 - langShare) p_English); in both, a word only
 * the other languages know costs its cheapest cost among them plus foreignPenalty (and is not
 * read at all under foreignMinLetters letters: the constructor).
 */
function languageCosts(lex: Lexicon, p: Readonly<SplitterParams>, lang: number): Float64Array {
  const out = new Float64Array(lex.size);
  for (let i = 0; i < lex.size; i++) out[i] = lex.freqCost(i);
  if (lang !== ENGLISH) {
    for (let i = 0; i < lex.size; i++) out[i] = out[i] === Infinity ? Infinity : -Math.log((1 - p.langShare) * Math.exp(-out[i]!));
    lex.forEachLangWord(lang - 1, (i, c) => {
      const en = lex.freqCost(i);
      out[i] = -Math.log(p.langShare * Math.exp(-c) + (en === Infinity ? 0 : (1 - p.langShare) * Math.exp(-en)));
    });
  }
  // a word only the other languages know: its cheapest cost among them plus foreignPenalty
  const own = lang === ENGLISH ? null : langMembers(lex, lang - 1);
  for (let l = 0; l < lex.languages; l++) {
    if (l === lang - 1) continue;
    lex.forEachLangWord(l, (i, c) => {
      if (own !== null && own[i] === 1) return;
      if ((lex.flags(i) & KNOWN) === 0 && lex.freqCost(i) === Infinity) out[i] = Math.min(out[i]!, c + p.foreignPenalty);
    });
  }
  return out;
}

/** 1 for each word of other language l (LANGS index). */
function langMembers(lex: Lexicon, l: number): Uint8Array {
  const out = new Uint8Array(lex.size);
  lex.forEachLangWord(l, (i) => {
    out[i] = 1;
  });
  return out;
}

/**
 * The cost of one lexicon word as a token, before phrase bonuses; freq: its frequency cost
 * in the splitter's language (languageCosts), spoken: whether a corpus of speech or a
 * language's own word list counts it.
 */
export function wordCost(lex: Lexicon, i: number, p: Readonly<SplitterParams>, freq = lex.freqCost(i), spoken = (lex.flags(i) & W_SPOKEN) !== 0): number {
  const flags = lex.flags(i);
  let cost = freq * p.freqWeight + (spoken ? 0 : p.unspoken);
  const len = lex.lengthOf(i);
  const bonus = p.lengthBonus * Math.min(len, 10);
  if (flags & W_WORD) cost = Math.min(cost, p.dictionary - bonus);
  if (flags & W_FIRST) cost = Math.min(cost, p.firstName - bonus);
  if (flags & W_SURNAME) cost = Math.min(cost, p.surname - bonus);
  if (flags & (W_PLACE | W_TOWN)) cost = Math.min(cost, p.place - bonus);
  if (flags & W_BRAND) cost = Math.min(cost, p.brand - bonus);
  if (cost === Infinity) cost = p.unknownBase + p.unknownPerChar * len; // in a corpus list only as a fragment
  cost += p.perWord;
  if (len === 1) cost += lex.wordAt(i) === "a" || lex.wordAt(i) === "i" ? p.article : p.singleLetter;
  if (flags & W_COMPOUND) cost += p.compound;
  if (len === 2) cost += p.twoLetters;
  return cost;
}

/** a e i o u y, by character code. */
const VOWEL = new Uint8Array(128);
for (const v of "aeiouy") VOWEL[v.charCodeAt(0)] = 1;

function hasVowel(s: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (VOWEL[s.charCodeAt(k)] === 1) return true;
  return false;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isLetter(c: number): boolean {
  return c >= 97 && c <= 122;
}

let shared: Splitter | null = null;

/** The splitter of this thread over the shipped lexicon and tuned parameters. */
export function getSplitter(): Splitter {
  shared ??= new Splitter(getLexicon());
  return shared;
}

/**
 * Words of a name (a label: letters, digits, hyphens) and the confidence of the split; lang:
 * the name's language by its extension (langOfExt), or AUTO (English unless its words say otherwise).
 */
export function splitName(name: string, lang: number = AUTO): Split {
  return getSplitter().split(name, lang);
}
