/**
 * Domain-name normalisation for the index builder (decisions §3): lower-case ASCII, no
 * trailing dot, labels of a-z 0-9 and "-" (1..63 chars, no leading/trailing hyphen), total
 * length <= 253, at least two labels (a name and an extension). Anything else is rejected
 * and the caller counts it; nothing here throws.
 */

export const MAX_DOMAIN_LENGTH = 253;
export const MAX_LABEL_LENGTH = 63;

/** Returns the normalised domain, or null when it is not a valid registered-domain name. */
export function normaliseDomain(raw: string): string | null {
  let s = raw;
  if (s.length > 0 && s.charCodeAt(s.length - 1) === 46 /* . */) s = s.slice(0, -1);
  const n = s.length;
  if (n === 0 || n > MAX_DOMAIN_LENGTH) return null;
  let lower = false;
  let labelStart = 0;
  let labels = 0;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? s.charCodeAt(i) : 46;
    if (c === 46) {
      const len = i - labelStart;
      if (len < 1 || len > MAX_LABEL_LENGTH) return null;
      if (s.charCodeAt(labelStart) === 45 || s.charCodeAt(i - 1) === 45) return null;
      labels++;
      labelStart = i + 1;
    } else if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45) {
      // a-z 0-9 -
    } else if (c >= 65 && c <= 90) {
      lower = true;
    } else {
      return null;
    }
  }
  if (labels < 2) return null;
  return lower ? s.toLowerCase() : s;
}

/** Splits a normalised domain into name (first label) and extension (the rest). */
export function splitDomain(d: string): [name: string, ext: string] {
  const dot = d.indexOf(".");
  return [d.slice(0, dot), d.slice(dot + 1)];
}
