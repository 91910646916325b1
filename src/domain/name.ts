/**
 * Domain names (docs/api-rules.md): lower-case, one trailing dot dropped, IDN to punycode with
 * UTS-46 (WHATWG/ICU via node:url), then total 1-253, labels 1-63 of a-z 0-9 '-', no label
 * starting or ending with '-'. The name is the FIRST label, the extension the rest.
 * The ASCII path is a hand-written loop: it runs on every item of million-name jobs.
 */
import { domainToASCII } from "node:url";
import { ApiError } from "../http/errors.ts";

/** Letters, marks and digits of any script, hyphens, and the dots UTS-46 maps to ".". */
const IDN_CHARS = /^[\p{L}\p{M}\p{Nd}.\-\u3002\uFF0E\uFF61]+$/u;

export interface ParsedName {
  /** Normalised full name (lower-case ASCII, no trailing dot). */
  ascii: string;
  /** First label. */
  name: string;
  /** Everything after the first label, or null for a bare name. */
  ext: string | null;
}

/** Returns the normalised ASCII form, or null when the input is not a valid name. */
export function normaliseDomain(input: string): string | null {
  let s = input;
  if (s.length === 0 || s.length > 1024) return null;
  // One trailing dot (the root) is allowed, written "." or as a full stop UTS-46 maps to it.
  const rooted = s.charCodeAt(s.length - 1) === 46; /* . */
  if (rooted) s = s.slice(0, -1);
  if (!isAsciiHostChars(s)) {
    // ASCII with characters no name may hold, or non-ASCII that is not letters/marks/digits
    // (UTS-46 would map symbols such as emoji; a name holds only letters, digits, hyphens, dots).
    if (!/[\u0080-\uffff]/.test(s) || !IDN_CHARS.test(s)) return null; // all ASCII, so a character no name holds
    const a = domainToASCII(s);
    if (!a) return null;
    if (a.endsWith(".") && rooted) return null; // "bücher..": an empty label, as "a.." is
    s = a.endsWith(".") ? a.slice(0, -1) : a;
  }
  s = s.toLowerCase();
  return checkLabels(s) ? s : null;
}

function isAsciiHostChars(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ok = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 46;
    if (!ok) return false;
  }
  return true;
}

/** Lower-case ASCII only: lengths, hyphens, empty labels. */
function checkLabels(s: string): boolean {
  const n = s.length;
  if (n < 1 || n > 253) return false;
  let start = 0;
  for (let i = 0; i <= n; i++) {
    if (i === n || s.charCodeAt(i) === 46) {
      const len = i - start;
      if (len < 1 || len > 63) return false;
      if (s.charCodeAt(start) === 45 || s.charCodeAt(i - 1) === 45) return false;
      start = i + 1;
    } else {
      const c = s.charCodeAt(i);
      if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45)) return false;
    }
  }
  return true;
}

export function splitName(ascii: string): ParsedName {
  const dot = ascii.indexOf(".");
  return dot < 0 ? { ascii, name: ascii, ext: null } : { ascii, name: ascii.slice(0, dot), ext: ascii.slice(dot + 1) };
}

/**
 * Validate and normalise one item; throws a 400 naming `where` (e.g. `domains[3]`).
 */
export function parseDomain(input: unknown, where: string, opts: { requireExtension?: boolean } = {}): ParsedName {
  if (typeof input !== "string") throw new ApiError("invalid_request", `${where} must be a string`);
  const ascii = normaliseDomain(input);
  if (ascii === null) throw new ApiError("invalid_request", `${where}: ${JSON.stringify(clip(input))} is not a valid domain name`);
  const parsed = splitName(ascii);
  if (opts.requireExtension && parsed.ext === null) {
    throw new ApiError("invalid_request", `${where}: ${JSON.stringify(clip(input))} needs an extension (e.g. "${ascii}.com")`);
  }
  return parsed;
}

/** Parse a whole list, naming the index of the first bad item. */
export function parseDomainList(items: readonly unknown[], field: string, opts: { requireExtension?: boolean } = {}): ParsedName[] {
  const out = new Array<ParsedName>(items.length);
  const needExt = opts.requireExtension === true;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const ascii = typeof item === "string" ? normaliseDomain(item) : null;
    // The message (and its string building) only on failure: this loop runs a million times.
    if (ascii === null || (needExt && !ascii.includes("."))) parseDomain(item, `${field}[${i}]`, opts);
    out[i] = splitName(ascii!);
  }
  return out;
}

/**
 * The Unicode form of one lower-case label: an internationalised label ("xn--gartenmbel-kcb")
 * decoded (RFC 3492 punycode, written here so the answer depends on no ICU data), any other
 * label as it is; null when an xn-- label is no valid encoding: its punycode does not decode,
 * it decodes to ASCII alone, or UTS-46 would not encode the decoded text back to this label.
 */
export function punycodeToUnicode(label: string): string | null {
  if (!label.startsWith("xn--")) return label;
  const input = label.slice(4);
  const delim = input.lastIndexOf("-");
  const out: number[] = [];
  for (let k = 0; k < delim; k++) out.push(input.charCodeAt(k));
  let n = 128,
    bias = 72,
    i = 0;
  for (let k = delim > 0 ? delim + 1 : 0; k < input.length; ) {
    const before = i;
    let w = 1;
    for (let t = 36; ; t += 36) {
      if (k >= input.length) return null;
      const c = input.charCodeAt(k++);
      const digit = c >= 97 && c <= 122 ? c - 97 : c >= 48 && c <= 57 ? c - 22 : -1;
      if (digit < 0 || digit > Math.floor((0x7fffffff - i) / w)) return null;
      i += digit * w;
      const th = t <= bias ? 1 : t >= bias + 26 ? 26 : t - bias;
      if (digit < th) break;
      w *= 36 - th;
      if (w > 0x7fffffff) return null;
    }
    const len = out.length + 1;
    bias = adapt(i - before, len, before === 0);
    n += Math.floor(i / len);
    i %= len;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return null;
    out.splice(i++, 0, n);
  }
  if (out.every((c) => c < 128)) return null;
  const text = String.fromCodePoint(...out);
  return domainToASCII(text) === label ? text : null;
}

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / 700) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  for (; d > 455; k += 36) d = Math.floor(d / 35);
  return k + Math.floor((36 * d) / (d + 38));
}

/** Keep error messages short when the input is huge. */
export function clip(s: string, max = 100): string {
  return s.length <= max ? s : `${s.slice(0, max)}...`;
}
