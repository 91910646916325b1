/**
 * Deterministic logarithms and powers for the appraisal model.
 *
 * Why: ECMAScript leaves the precision of Math.log, Math.exp and Math.pow to the engine, so
 * two machines (or two Bun versions) may disagree in the last bit, and a value rounded from
 * them may differ by a dollar. The API promises byte-identical output for the same input and
 * version. Everything here uses only +, -, *, / on doubles (correctly rounded by IEEE 754 on
 * every platform) in a fixed order, so the results are the same everywhere.
 *
 * The model works in millibits (mb): 1000 mb = one doubling of the value. Effects are
 * integers, so the sum of effects is exact and independent of summation order.
 */

/** ln 2 to double precision: a constant of the language, not a call, so the same everywhere. */
const LN2 = Math.LN2;

/** log2(x) for x in [1, 2), by the atanh series of ln: ln x = 2 * sum t^(2k+1)/(2k+1), t = (x-1)/(x+1). */
function log2Unit(x: number): number {
  const t = (x - 1) / (x + 1);
  const t2 = t * t;
  let term = t;
  let sum = 0;
  // t <= 1/3, so 14 terms leave an error far below 1e-12.
  for (let k = 0; k < 14; k++) {
    sum += term / (2 * k + 1);
    term *= t2;
  }
  return (2 * sum) / LN2;
}

/** log2(x) in millibits, rounded to an integer; x > 0 (x <= 0 gives 0). */
export function log2mb(x: number): number {
  if (!(x > 0)) return 0;
  let k = 0;
  let f = x;
  while (f >= 2) {
    f /= 2; // exact: division by a power of two
    k++;
  }
  while (f < 1) {
    f *= 2;
    k--;
  }
  return Math.round(1000 * (k + log2Unit(f)));
}

/** 2^(mb / 1000) for an integer number of millibits. */
export function exp2mb(mb: number): number {
  const m = Math.round(mb);
  const k = Math.floor(m / 1000);
  const frac = (m - k * 1000) / 1000; // in [0, 1)
  // e^(frac * ln2) by its Taylor series; frac * ln2 < 0.7, 18 terms reach double precision.
  const y = frac * LN2;
  let term = 1;
  let sum = 1;
  for (let i = 1; i < 18; i++) {
    term = (term * y) / i;
    sum += term;
  }
  let p = 1;
  if (k >= 0) for (let i = 0; i < k; i++) p *= 2;
  else for (let i = 0; i < -k; i++) p /= 2;
  return sum * p;
}

/** Whole USD, rounded to at most `sig` significant digits (3 keeps ranks apart, avoids false precision). */
export function roundUsd(x: number, sig = 3): number {
  if (!(x > 0)) return 0;
  let v = Math.round(x);
  let scale = 1;
  let limit = 1;
  for (let i = 0; i < sig; i++) limit *= 10;
  while (v >= limit) {
    scale *= 10;
    v = Math.round(x / scale);
  }
  return v * scale;
}

/** Integer millibits from a decimal number of bits (for data tables written in bits). */
export const bits = (b: number): number => Math.round(b * 1000);
