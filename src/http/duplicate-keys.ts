/**
 * Finding a repeated key at the top level of a JSON object text. JSON.parse keeps the last
 * of two equal keys, so `{"domains":["a.com"],"domains":["b.com"]}` would silently drop
 * a.com: the caller pays for, and gets, a request they did not mean. Bodies with a
 * repeated field are refused instead (400 naming the field).
 *
 * Runs only on text JSON.parse has already accepted, so the text is well formed and a
 * small scanner suffices: strings are skipped with indexOf (the bulk of a names list), the
 * few characters between strings are read to track the nesting depth, and a string at
 * depth 1 followed by ':' is a top-level key. Linear in the text; no allocation per name.
 */

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** Index of the quote closing the string that opens at `open`. */
function stringEnd(text: string, open: number): number {
  let e = open;
  for (;;) {
    e = text.indexOf('"', e + 1);
    if (e < 0) return -1; // unterminated (only in text that is not JSON)
    let b = e - 1;
    while (text.charCodeAt(b) === 92 /* \ */) b--;
    if ((e - 1 - b) % 2 === 0) return e;
  }
}

/** The first top-level key that appears twice, or null. `text` must be a valid JSON object. */
export function repeatedTopLevelKey(text: string): string | null {
  const seen = new Set<string>();
  let depth = 0;
  let i = 0;
  for (;;) {
    const q = text.indexOf('"', i);
    if (q < 0) return null;
    for (let j = i; j < q; j++) {
      const c = text.charCodeAt(j);
      if (c === 123 || c === 91) depth++;
      else if (c === 125 || c === 93) depth--;
    }
    const e = stringEnd(text, q);
    if (depth === 1) {
      let k = e + 1;
      while (isSpace(text.charCodeAt(k))) k++;
      if (text.charCodeAt(k) === 58 /* : */) {
        const key = JSON.parse(text.slice(q, e + 1)) as string;
        if (seen.has(key)) return key;
        seen.add(key);
      }
    }
    i = e + 1;
  }
}

/** What `scanShape` found wrong, before any parsing; null when nothing. */
export type ShapeProblem =
  | { kind: "unknown"; key: string }
  | { kind: "duplicate"; key: string }
  | { kind: "wide"; max: number }
  | { kind: "values"; max: number };

export interface ShapeLimits {
  /** The top-level fields a schema allows; null when any are (no early refusal there). */
  allowed: ReadonlySet<string> | null;
  /** At most this many fields in any one object. */
  maxObjectKeys: number;
  /** At most this many values (object members plus array elements) in the whole body. */
  maxValues: number;
}

/**
 * A streaming pre-scan of JSON text, run before JSON.parse so that a body which cannot be
 * valid is refused without building it (parsing an object of a million fields costs about
 * two seconds, and its duplicate-key check as much again):
 * - at the top level, once more fields are seen than `allowed` holds, the object has an
 *   unknown or a repeated field: the first unknown one seen is named (the validator's
 *   "unknown field" answer), else the first repeated one;
 * - no object may hold more than `maxObjectKeys` fields, and the body no more than
 *   `maxValues` values.
 * Works on any text, valid JSON or not (it never loops and never throws); a verdict on
 * text that is not JSON is still a true statement about the part already read.
 */
export function scanShape(text: string, limits: ShapeLimits): ShapeProblem | null {
  // Per open container: its member count, negative for arrays (-1 - elements).
  const counts: number[] = [];
  let values = 0;
  let topSeen = 0;
  let firstUnknown: string | null = null;
  const topKeys = limits.allowed ? new Set<string>() : null;
  let firstRepeat: string | null = null;
  const n = text.length;
  let i = 0;
  for (;;) {
    const q = text.indexOf('"', i);
    const stop = q < 0 ? n : q;
    for (let j = i; j < stop; j++) {
      const c = text.charCodeAt(j);
      if (c === 123 /* { */) counts.push(0);
      else if (c === 91 /* [ */) counts.push(-1);
      else if (c === 125 || c === 93) counts.pop();
      else if (c === 44 /* , */ && counts.length > 0 && counts[counts.length - 1]! < 0) {
        counts[counts.length - 1]!--;
        if (++values > limits.maxValues) return { kind: "values", max: limits.maxValues };
      }
    }
    if (q < 0) return null;
    const e = stringEnd(text, q);
    if (e < 0) return null;
    let k = e + 1;
    while (isSpace(text.charCodeAt(k))) k++;
    const depth = counts.length;
    if (depth > 0 && counts[depth - 1]! >= 0 && text.charCodeAt(k) === 58 /* : */) {
      const members = ++counts[depth - 1]!;
      if (++values > limits.maxValues) return { kind: "values", max: limits.maxValues };
      if (members > limits.maxObjectKeys) return { kind: "wide", max: limits.maxObjectKeys };
      if (depth === 1 && topKeys !== null) {
        let key: string;
        try {
          key = JSON.parse(text.slice(q, e + 1)) as string;
        } catch {
          return null;
        }
        if (!limits.allowed!.has(key)) firstUnknown ??= key;
        else if (topKeys.has(key)) firstRepeat ??= key;
        topKeys.add(key);
        if (++topSeen > limits.allowed!.size) {
          return firstUnknown !== null ? { kind: "unknown", key: firstUnknown } : { kind: "duplicate", key: firstRepeat ?? key };
        }
      }
    }
    i = e + 1;
  }
}
