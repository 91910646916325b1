/**
 * Builds the trigram index over DISTINCT names (TRIO/TRIC/TRIP): for each of the 37^3
 * trigrams, the ascending ids of names containing it, delta-encoded as LEB128 varints (the
 * first value is the id itself). Two passes over the names: the first sizes every list
 * exactly, the second writes it, so memory is the output plus three small per-trigram arrays.
 * Runs in a worker thread beside the precompute pass (trigram-worker.ts).
 */
import { SYMBOL, TRIGRAMS, ALPHABET } from "../src/zone-index/format.ts";
import { putVarint, varintLen } from "../src/zone-index/varint.ts";

export interface Trigrams {
  offsets: Uint32Array; // T+1
  counts: Uint32Array; // T
  data: Uint8Array;
}

/**
 * Walks every (trigram, name) pair, names in id order, where gap is the id for a
 * trigram's first name and the distance from its previous name after that. Both passes
 * are this one loop, so they can never disagree: without `data` it counts each list and
 * sizes its bytes; with `data` it writes each gap at w[k] (a branch, not a callback: the
 * loop runs about 10 times per name). `last` (one slot per trigram) is scratch.
 */
function walk(names: Uint8Array, off: Uint32Array, last: Uint32Array, counts: Uint32Array, sizes: Float64Array, data: Uint8Array | null, w: Uint32Array): void {
  last.fill(0);
  const n = off.length - 1;
  for (let id = 0; id < n; id++) {
    const s = off[id]!;
    const e = off[id + 1]!;
    if (e - s < 3) continue;
    let y = SYMBOL[names[s + 1]!]!;
    let pair = SYMBOL[names[s]!]! * ALPHABET + y; // the key rolls along: one read per character
    for (let p = s + 2; p < e; p++) {
      const z = SYMBOL[names[p]!]!;
      const k = pair * ALPHABET + z;
      pair = y * ALPHABET + z;
      y = z;
      const l = last[k]!;
      if (l === id + 1) continue;
      last[k] = id + 1;
      const v = l === 0 ? id : id - (l - 1);
      if (data === null) {
        counts[k]++;
        sizes[k] += varintLen(v);
        continue;
      }
      w[k] = putVarint(data, w[k]!, v);
    }
  }
}

export function buildTrigrams(names: Uint8Array, off: Uint32Array): Trigrams {
  const last = new Uint32Array(TRIGRAMS); // id+1 of the last name added to each list, 0 = none
  const counts = new Uint32Array(TRIGRAMS);
  const sizes = new Float64Array(TRIGRAMS);
  walk(names, off, last, counts, sizes, null, counts);
  const offsets = new Uint32Array(TRIGRAMS + 1);
  let total = 0;
  for (let k = 0; k < TRIGRAMS; k++) {
    offsets[k] = total;
    total += sizes[k]!;
  }
  if (total > 2 ** 32 - 1) throw new Error("trigram postings exceed 4 GiB: see FORMAT.md, limits");
  offsets[TRIGRAMS] = total;
  const data = new Uint8Array(total);
  walk(names, off, last, counts, sizes, data, offsets.slice(0, TRIGRAMS));
  return { offsets, counts, data };
}
