/**
 * Letters of any Latin-script language folded to a-z as an ASCII name writes them: accents
 * dropped ("é" -> e, "ñ" -> n, "ö" -> o), ligatures and special letters spelled out ("ß" -> ss,
 * "æ" -> ae, "œ" -> oe, "ø" -> o, "þ" -> th). The lexicon build folds its foreign words with it
 * and the splitter folds an internationalised name with it, so both read the same letters.
 * Pure and table-driven (NFD of one character at a time): the same input gives the same output.
 */

const SPECIAL: Record<string, string> = {
  ß: "ss",
  ẞ: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  þ: "th",
  ł: "l",
  ı: "i",
  ŀ: "l",
  ħ: "h",
};
const MARK = /^\p{M}$/u;

/** The a-z spelling of one lower-case character, "" for a combining mark, null when it has none. */
export function foldChar(ch: string): string | null {
  const c = ch.charCodeAt(0);
  if (ch.length === 1 && ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45)) return ch;
  const special = SPECIAL[ch];
  if (special !== undefined) return special;
  if (MARK.test(ch)) return "";
  const base = ch.normalize("NFD");
  let out = "";
  for (const b of base) {
    const k = b.charCodeAt(0);
    if (k >= 97 && k <= 122) out += b;
    else if (!MARK.test(b)) return null;
  }
  return out === "" ? null : out;
}

/**
 * The folded form of a lower-case string and, per folded character, the index of the
 * character of s it came from (so words cut from the folded form map back onto s); null when
 * a character has no a-z spelling (another script).
 */
export function foldText(s: string): { ascii: string; from: Int32Array } | null {
  let ascii = "";
  const from: number[] = [];
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    const f = foldChar(ch);
    if (f === null) return null;
    for (let k = 0; k < f.length; k++) from.push(i);
    ascii += f;
    i += ch.length;
  }
  return { ascii, from: Int32Array.from(from) };
}

/** German umlauts as German ASCII names also write them: "ä" -> ae, "ö" -> oe, "ü" -> ue. */
export function foldGermanUmlauts(s: string): string {
  return s.replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue");
}
