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
