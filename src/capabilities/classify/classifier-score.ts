/**
 * Steps 1-3 of the classifier once a name has keyword hits (classifier.ts finds them): the
 * primary subcategory (the head of the name: best vertical rank, then best subcategory rank,
 * then the later word, then taxonomy order; a rank is the score with each one-word keyword
 * that is an everyday word counted EVERYDAY less), the confidence, the matched keywords and
 * the tags.
 *
 * Scores accumulate in typed arrays shared by every call on a thread: primary() fills them,
 * scored() reads them, reset() clears exactly the entries the hits touched, so a call costs
 * the hits, not the taxonomy's size. One name at a time per thread (the calls are synchronous).
 */
import type { Classification, DomainType } from "./classifier.ts";
import { W_COMMON } from "./classifier-words.ts";
import type { Hit } from "./classifier-hits.ts";
import { TAXONOMY } from "./taxonomy.ts";

const nodes = TAXONOMY.nodes;
const subScore = new Float64Array(nodes.length);
const vertScore = new Float64Array(TAXONOMY.verticals.length);
const lastPos = new Int32Array(nodes.length);
/** The ranks primary() compares: the scores less EVERYDAY per everyday one-word keyword. */
const subRank = new Float64Array(nodes.length);
const vertRank = new Float64Array(TAXONOMY.verticals.length);
/**
 * What a one-word keyword that is an everyday word (W_COMMON: "cat", "wings", "house") counts
 * less when choosing the head: the name is about its specific, commercial word ("subtitle"
 * in subtitlecat, "js" in mochajs) more than about an everyday word that also names a
 * subcategory. Less than a weight step, so it decides only between equal scores.
 */
const EVERYDAY = 0.5;

/**
 * The primary subcategory of the hits: best vertical score, then best subcategory score, then
 * the later word, then taxonomy order. Leaves the scores in the shared arrays: reset() clears them.
 */
export function primary(hits: readonly Hit[], flags: Int32Array): number {
  for (const h of hits) {
    const node = nodes[h.kw.node]!;
    const rank = h.kw.weight - (h.span === 1 && (flags[h.pos]! & W_COMMON) !== 0 ? EVERYDAY : 0);
    subScore[node.id]! += h.kw.weight;
    vertScore[node.verticalId]! += h.kw.weight;
    subRank[node.id]! += rank;
    vertRank[node.verticalId]! += rank;
    lastPos[node.id] = h.pos + 1;
  }
  let best = hits[0]!.kw.node;
  for (const h of hits) {
    const a = h.kw.node;
    if (a === best) continue;
    const va = vertRank[nodes[a]!.verticalId]!,
      vb = vertRank[nodes[best]!.verticalId]!;
    if (
      va > vb ||
      (va === vb &&
        (subRank[a]! > subRank[best]! || (subRank[a] === subRank[best] && (lastPos[a]! > lastPos[best]! || (lastPos[a] === lastPos[best] && a < best)))))
    )
      best = a;
  }
  return best;
}

export function reset(hits: readonly Hit[]): void {
  for (const h of hits) {
    subScore[h.kw.node] = 0;
    vertScore[nodes[h.kw.node]!.verticalId] = 0;
    subRank[h.kw.node] = 0;
    vertRank[nodes[h.kw.node]!.verticalId] = 0;
    lastPos[h.kw.node] = 0;
  }
}

/** Steps 2-3 once the hits are scored (primary()): confidence, matched and tags. */
export function scored(
  toks: readonly string[],
  flags: Int32Array,
  digits: Uint8Array,
  hits: readonly Hit[],
  used: Uint8Array,
  best: number,
  type: DomainType,
): Classification {
  const primaryNode = nodes[best]!;
  const strength = vertScore[primaryNode.verticalId]!;
  let rival = 0;
  for (const h of hits) {
    const v = nodes[h.kw.node]!.verticalId;
    if (v !== primaryNode.verticalId && vertScore[v]! > rival) rival = vertScore[v]!;
  }
  let level = strength >= 3 && rival * 2 <= strength ? 2 : strength >= 3 || (strength >= 2 && rival === 0) ? 1 : 0;
  let keywordLetters = 0,
    unknownLetters = 0;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (used[i] === 1) keywordLetters += t.length;
    else if (flags[i] === 0 && digits[i] === 0) unknownLetters += t.length;
  }
  if (unknownLetters > keywordLetters && level > 0) level--;

  const matched: string[] = [];
  for (const h of hits) if (!matched.includes(h.kw.text)) matched.push(h.kw.text);
  // Tags: distinct secondary subcategories by score, then first position (hits are in position order).
  const others: number[] = [];
  for (const h of hits) if (h.kw.node !== best && !others.includes(h.kw.node)) others.push(h.kw.node);
  others.sort((a, b) => subScore[b]! - subScore[a]!); // stable: ties keep first-position order
  const tags = others.map((id) => ({ vertical: nodes[id]!.vertical, subcategory: nodes[id]!.subcategory }));
  return {
    vertical: primaryNode.vertical,
    subcategory: primaryNode.subcategory,
    confidence: level === 2 ? "high" : level === 1 ? "medium" : "low",
    matched,
    source: "lexicon",
    type,
    tags,
  };
}
