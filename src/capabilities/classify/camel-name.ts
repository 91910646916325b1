/**
 * CamelCase of a name from its words ("bestpizza" -> "BestPizza", "top10games" ->
 * "Top10Games"). Characters between words (hyphens) stay where they are, and if a word does
 * not continue the name the rest is kept as it is, so the result lower-cased is always the
 * name: the converted domain still resolves to the same domain.
 *
 * Cost: the answer is cut from the string itself, never from the words: only the letters
 * that become upper case are new, and everything between them is one slice of the name (the
 * extension included, for a whole domain), so a one-word name costs one slice and one
 * concatenation. A word is placed by comparing character codes (String.prototype.startsWith
 * is a runtime call in JavaScriptCore, as slow as the rest of the function together).
 */

/** camelName of the whole of `sld`. `lower`: the words are lower case already (the splitter's). */
export function camelName(sld: string, words: readonly string[], lower = false): string {
  return camelPrefix(sld, sld.length, words, lower);
}

/**
 * The domain `ascii` = name + "." + ext (ext null: the bare name; splitName's ParsedName)
 * with the name's words capitalised and the extension as it is ("Best-Pizza.co.uk").
 * `words` are the splitter's words of the name (lower case).
 */
export function camelDomain(ascii: string, name: string, ext: string | null, words: readonly string[]): string {
  const whole = ext === null ? name : ascii.length === name.length + 1 + ext.length && ascii.charCodeAt(name.length) === 46 ? ascii : `${name}.${ext}`;
  return camelPrefix(whole, name.length, words, true);
}

/** s with the words of its first n characters capitalised (see the module comment). */
function camelPrefix(s: string, n: number, words: readonly string[], lower: boolean): string {
  let out = "";
  /** s[0, kept) is in `out`; the next word may begin at `at`. */
  let kept = 0,
    at = 0;
  for (let k = 0; k < words.length; k++) {
    const w = lower ? words[k]! : words[k]!.toLowerCase();
    if (w === "") continue;
    const found = wordAt(s, n, w, at);
    if (found < 0) break;
    const c = w.charCodeAt(0);
    const upper = c >= 97 && c <= 122 ? UPPER[c]! : c < 128 ? null : w[0]!.toUpperCase();
    if (upper !== null) {
      out = out + s.slice(kept, found) + upper;
      kept = found + 1;
    }
    at = found + w.length;
  }
  return kept === 0 ? s : out + s.slice(kept);
}

/**
 * Where w occurs in s[at, n) with only hyphens before it, or -1. A word that does not begin
 * with a hyphen can only be at the first other character (the usual case: one comparison,
 * no search).
 */
function wordAt(s: string, n: number, w: string, at: number): number {
  if (w.charCodeAt(0) !== 45) {
    let p = at;
    while (p < n && s.charCodeAt(p) === 45) p++;
    return startsAt(s, n, w, p) ? p : -1;
  }
  const found = s.indexOf(w, at);
  if (found < 0 || found + w.length > n) return -1;
  for (let i = at; i < found; i++) if (s.charCodeAt(i) !== 45) return -1;
  return found;
}

/** s[p, n) begins with w. */
function startsAt(s: string, n: number, w: string, p: number): boolean {
  if (p + w.length > n) return false;
  for (let i = 0; i < w.length; i++) if (s.charCodeAt(p + i) !== w.charCodeAt(i)) return false;
  return true;
}

const UPPER: readonly string[] = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c).toUpperCase());
