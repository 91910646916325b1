/**
 * Orders name ids by their reversed spelling (RPRM section), so "ends with t" becomes one
 * contiguous range. MSD radix sort over bytes read from the end of each name, with "end of
 * name" sorting first; small buckets finish with insertion sort. Works on typed arrays only
 * (two u32 arrays of N entries), so 100 M names cost about 800 MB and no per-name objects.
 */

/** byte of name i at depth d counted from its end, +1; 0 when the name is shorter than d+1. */
function keyAt(names: Uint8Array, off: Uint32Array, id: number, d: number): number {
  const s = off[id];
  const e = off[id + 1];
  return e - s > d ? names[e - 1 - d] + 1 : 0;
}

function lessReversed(names: Uint8Array, off: Uint32Array, a: number, b: number, d: number): boolean {
  const ea = off[a + 1] - 1 - d;
  const eb = off[b + 1] - 1 - d;
  const la = ea - off[a] + 1;
  const lb = eb - off[b] + 1;
  const n = la < lb ? la : lb;
  for (let i = 0; i < n; i++) {
    const x = names[ea - i];
    const y = names[eb - i];
    if (x !== y) return x < y;
  }
  return la < lb;
}

export function reverseOrder(names: Uint8Array, off: Uint32Array): Uint32Array {
  const n = off.length - 1;
  const perm = new Uint32Array(n);
  for (let i = 0; i < n; i++) perm[i] = i;
  const tmp = new Uint32Array(n);
  // Bucket bounds are only needed while one bucket is distributed (children go on the
  // stack as numbers), so one set of arrays serves the whole sort: no allocation per bucket.
  const counts = new Uint32Array(257);
  const starts = new Uint32Array(257);
  const pos = new Uint32Array(257);
  // explicit stack of [lo, hi, depth]
  const stack: number[] = [0, n, 0];
  while (stack.length > 0) {
    const d = stack.pop() as number;
    const hi = stack.pop() as number;
    const lo = stack.pop() as number;
    if (hi - lo < 32) {
      for (let i = lo + 1; i < hi; i++) {
        const v = perm[i];
        let j = i - 1;
        while (j >= lo && lessReversed(names, off, v, perm[j], d)) {
          perm[j + 1] = perm[j];
          j--;
        }
        perm[j + 1] = v;
      }
      continue;
    }
    counts.fill(0);
    for (let i = lo; i < hi; i++) counts[keyAt(names, off, perm[i], d)]++;
    let sum = lo;
    for (let k = 0; k < 257; k++) {
      starts[k] = sum;
      pos[k] = sum;
      sum += counts[k];
    }
    for (let i = lo; i < hi; i++) {
      const v = perm[i];
      tmp[pos[keyAt(names, off, v, d)]++] = v;
    }
    perm.set(tmp.subarray(lo, hi), lo);
    for (let k = 1; k < 257; k++) {
      if (counts[k] > 1) stack.push(starts[k], starts[k] + counts[k], d + 1);
    }
  }
  return perm;
}
