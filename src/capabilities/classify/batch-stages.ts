/**
 * The per-name work of a batch, done stage by stage: every name is split, then every name
 * classified, then every word counted, instead of one name going through every stage before
 * the next. The answers are those of splitName() and classify() name by name (the stages keep
 * nothing from one name to the next but these arrays); only the order of the work changes.
 *
 * Why: each stage's machine code is large (the splitter's Viterbi most of all), and run name
 * by name they evict each other from the core's instruction cache, so every stage started
 * cold for every name: classifying a name just split cost several times what classifying
 * it again cost. Over a batch, each stage's code stays in cache (paired, camelcase batches of
 * 1,000: 1.08-1.10x for these three stages apart, 1.07x more for the row builders apart,
 * 1.07-1.08x more for the word facts looked up in a loop of their own; bench/classify/RESULTS.md).
 */
import type { ParsedName } from "../../domain/name.ts";
import { classify, classifyTopic, wordFactsAt, type Classification } from "./classifier.ts";
import { getWordInfo, type WordInfo } from "./classifier-words.ts";
import { getLexicon, NOT_LOOKED_UP } from "./lexicon.ts";
import { getSplitter, langOfExt, type Split } from "./splitter.ts";
import type { Tally } from "./tally.ts";

/** A batch's splits, with each token's lexicon index (the splitter's tokenWords()) kept. */
export interface BatchSplits {
  splits: Split[];
  /** The token indexes of name i are ids[starts[i], starts[i + 1]). */
  ids: Int32Array;
  starts: Int32Array;
}

/**
 * Stage 1: every name split, in the language of its extension (langOfExt). An
 * internationalised name's split holds its Unicode words; the later stages classify its
 * folded form (Split.ascii), whose words the token indexes are.
 */
export function splitBatch(domains: readonly ParsedName[]): BatchSplits {
  const n = domains.length,
    splitter = getSplitter();
  const splits = new Array<Split>(n),
    starts = new Int32Array(n + 1);
  let ids = new Int32Array(2 * n + 64),
    total = 0;
  for (let i = 0; i < n; i++) {
    const s = (splits[i] = splitter.split(domains[i]!.name, langOfExt(domains[i]!.ext)));
    const len = s.words.length,
      tokens = splitter.tokenWords();
    if (total + len > ids.length) {
      const grown = new Int32Array(2 * ids.length + len);
      grown.set(ids);
      ids = grown;
    }
    for (let k = 0; k < len; k++) ids[total + k] = tokens[k]!;
    starts[i + 1] = total += len;
  }
  return { splits, ids, starts };
}

/**
 * Stage 2a: every token's wordFactsAt(), in the layout of b.ids. One loop of independent
 * look-ups, most of them in a table too large for the cache: the processor overlaps their
 * misses, which the classifier's rules, run between them name by name, did not let it do.
 */
function tokenFacts(b: BatchSplits, info: WordInfo): Int32Array {
  const facts = new Int32Array(b.starts[b.splits.length]!);
  for (let i = 0; i < b.splits.length; i++) {
    const split = b.splits[i]!,
      words = split.ascii?.words ?? split.words,
      at = b.starts[i]!;
    for (let k = 0; k < words.length; k++) facts[at + k] = wordFactsAt(info, b.ids[at + k]!, words[k]!);
  }
  return facts;
}

/** Stage 2 for camelcase: each name's classifyTopic() (taxonomy node << 3 | domain type). */
export function topicsOf(domains: readonly ParsedName[], b: BatchSplits): Int32Array {
  const info = getWordInfo(),
    facts = tokenFacts(b, info),
    topics = new Int32Array(domains.length);
  for (let i = 0; i < domains.length; i++) {
    const s = b.splits[i]!;
    topics[i] = classifyTopic(s.ascii?.name ?? domains[i]!.name, s.ascii?.words ?? s.words, info, facts, b.starts[i], true);
  }
  return topics;
}

/** Stage 2 for categorize: each name's classify(). */
export function classificationsOf(domains: readonly ParsedName[], b: BatchSplits): Classification[] {
  const info = getWordInfo(),
    facts = tokenFacts(b, info),
    out = new Array<Classification>(domains.length);
  for (let i = 0; i < domains.length; i++) {
    const s = b.splits[i]!;
    out[i] = classify(s.ascii?.name ?? domains[i]!.name, s.ascii?.words ?? s.words, info, facts, b.starts[i], true);
  }
  return out;
}

/**
 * Stage 3 for camelcase: every word counted (word_stats). The splitter's words are never
 * empty and hold no space, so this counts the words of each row's `split`, as wordStats()
 * does, without cutting the strings again; a lexicon word is counted by its index (the
 * splitter's, or looked up when the splitter did not look the token up).
 */
export function countWords(b: BatchSplits, counts: Tally): void {
  const lex = getLexicon(),
    ids = b.ids;
  for (let i = 0; i < b.splits.length; i++) {
    const split = b.splits[i]!,
      words = split.words,
      at = b.starts[i]!;
    if (split.ascii !== undefined) {
      // Unicode words: counted as written, not by their folded word's index
      for (let k = 0; k < words.length; k++) counts.add(words[k]!);
      continue;
    }
    for (let k = 0; k < words.length; k++) {
      const w = words[k]!,
        token = ids[at + k]!;
      const id = token === NOT_LOOKED_UP ? lex.indexOf(w) : token;
      if (id >= 0) counts.addIndexed(w, id);
      else counts.add(w);
    }
  }
}
