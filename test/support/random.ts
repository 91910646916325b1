/** Deterministic pseudo-random numbers in [0, 1) for tests (an LCG), so their data never changes between runs. */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}
