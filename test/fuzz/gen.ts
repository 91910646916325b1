/**
 * The fuzz suite's source of hostile inputs: a seeded PRNG (mulberry32, so every run throws
 * exactly the same cases and a failure names its seed and case number) and catalogues of
 * hostile strings, domain-like names and JSON values. Nothing here knows an endpoint; the
 * per-surface files combine these into bodies, query strings and paths.
 */
import { normaliseDomain } from "../../src/domain/name.ts";

export type Rng = () => number;

/**
 * Mixed into every seed: 0 by default (the committed suite always throws the same cases);
 * ZW_FUZZ_SEED=<n> explores other cases, ZW_FUZZ_CASES=<n> throws more per endpoint.
 */
export const SEED_SALT = Number(process.env.ZW_FUZZ_SEED ?? 0) >>> 0;
export const CASE_SCALE = Math.max(1, Number(process.env.ZW_FUZZ_CASES ?? 0) / 150 || 1);

/** mulberry32: small, fast, good enough to spread cases; deterministic for a seed. */
export function rng(seed: number): Rng {
  let a = (seed ^ SEED_SALT) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
export const int = (r: Rng, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

const label = (n: number, c = "a") => c.repeat(n);

/** Strings that are hostile anywhere: control characters, NUL, broken UTF-16, odd scripts. */
export const HOSTILE_STRINGS: readonly string[] = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[31m",
  "\ud800",
  "a\udc00b",
  "\udbff\udfff",
  "😀",
  "👨‍👩‍👧‍👦",
  "مرحبا",
  "\u202eabc",
  "שָׁלוֹם",
  "Ελληνικά",
  "аррӏе",
  "日本語",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "0x10",
  "true",
  "null",
  "undefined",
  "[object Object]",
  "__proto__",
  "constructor",
  "../../etc/passwd",
  "%00",
  "%2e%2e%2f",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, sent as it is
  "${jndi:ldap://x}",
  "\\",
  '"',
  "\ufeffbom",
  "\u00a0nbsp",
  "\u200bzero\u200bwidth",
  "x".repeat(300),
  "é".repeat(5000),
];

/** Domain-shaped strings at and past every edge of the name rules (docs/api-rules.md). */
export const HOSTILE_NAMES: readonly string[] = [
  "xn--",
  "xn--.com",
  "xn--zz.com",
  "xn---.com",
  "xn--a.com",
  "xn--ls8h.la",
  "xn--80ak6aa92e.com",
  "xn--zz",
  "ab--cd.com",
  `${label(63)}.com`,
  `${label(64)}.com`,
  `${label(63)}.${label(63)}.${label(63)}.${label(57)}`,
  `${label(63)}.${label(63)}.${label(63)}.${label(58)}`,
  `${label(63)}.${label(63)}.${label(63)}.${label(57)}.`,
  ".",
  "..",
  "...",
  ".com",
  "com.",
  "example.com.",
  "example.com..",
  "-example.com",
  "example-.com",
  "example.-com",
  "EXAMPLE.COM",
  "ExAmPlE.CoM",
  " example.com",
  "example.com ",
  "exa mple.com",
  "example\t.com",
  "example.com\n",
  "example\u0000.com",
  "bücher.de",
  "BÜCHER.DE",
  "faß.de",
  "münchen.xn--zz",
  "пример.рф",
  "例子.测试",
  "مثال.إختبار",
  "😀.com",
  "a😀b.com",
  "example。com",
  "example．com",
  "\ud800.com",
  "a_b.com",
  "a*b.com",
  "a/b.com",
  "a:b.com",
  "a@b.com",
  "http://example.com",
  "example.com/path",
  "1.2.3.4",
  "0",
  "a",
  "a.b",
  "123.com",
  "localhost",
  "__proto__.com",
  "constructor",
];

export const BASE_NAMES: readonly string[] = ["example.com", "bestpizza.com", "cheapflights.net", "denverdentist.com", "google.com", "nic.nu", "shop.io", "x"];

/** Any JSON value that is not what a string or a list field wants. */
export function junkValue(r: Rng, depth = 0): unknown {
  const kinds = [
    () => null,
    () => pick(r, [0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 53]),
    () => pick(r, [true, false]),
    () => pick(r, HOSTILE_STRINGS),
    () => pick(r, HOSTILE_NAMES),
    () => (depth > 2 ? [] : [junkValue(r, depth + 1), junkValue(r, depth + 1)]),
    () => (depth > 2 ? {} : { [pick(r, ["a", "__proto__", "constructor", "0", "domains"])]: junkValue(r, depth + 1) }),
    () => [[[[["example.com"]]]]],
    () => ({}),
    () => [],
  ];
  return pick(r, kinds)();
}

/** Code point ranges of many scripts, marks, other digits, full-width forms, ligatures, emoji. */
const RANGES: readonly [number, number][] = [
  [0x61, 0x7a],
  [0x30, 0x39],
  [0xc0, 0x24f],
  [0x300, 0x36f],
  [0x370, 0x3ff],
  [0x400, 0x4ff],
  [0x590, 0x5ff],
  [0x600, 0x6ff],
  [0x660, 0x669],
  [0x900, 0x97f],
  [0xe00, 0xe7f],
  [0x1100, 0x11ff],
  [0x3040, 0x30ff],
  [0x4e00, 0x4e80],
  [0xac00, 0xac80],
  [0xfb00, 0xfb06],
  [0xff01, 0xff5e],
  [0x2160, 0x2188],
  [0x1d400, 0x1d433],
  [0x1f600, 0x1f64f],
  [0x2e, 0x2e],
  [0x2d, 0x2d],
];

/** A random label-ish string over RANGES: what UTS-46 mapping and punycode must survive. */
export function unicodeName(r: Rng): string {
  const one = () => {
    const [lo, hi] = pick(r, RANGES);
    return String.fromCodePoint(int(r, lo, hi));
  };
  const label = () => Array.from({ length: int(r, 1, r() < 0.1 ? 70 : 12) }, one).join("");
  return Array.from({ length: int(r, 1, 3) }, label).join(".") + (r() < 0.5 ? pick(r, [".com", ".net", ".nu", ".рф", ".中国", ""]) : "");
}

/** A string that may or may not be a valid name. */
export function nameish(r: Rng): string {
  const x = r();
  if (x < 0.45) return pick(r, HOSTILE_NAMES);
  if (x < 0.65) return pick(r, HOSTILE_STRINGS);
  if (x < 0.75) return pick(r, BASE_NAMES);
  if (x < 0.85) return unicodeName(r);
  // Random mixtures of name characters, dots and hyphens.
  const chars = "abcz09-.-.Ä😀_ \u0000";
  return Array.from({ length: int(r, 1, 20) }, () => pick(r, [...chars])).join("");
}

/** The hostile names that ARE valid (edge lengths, IDN, punycode, case, trailing dot): they must get a 2xx. */
export const VALID_EDGE_NAMES: readonly string[] = HOSTILE_NAMES.filter((n) => normaliseDomain(n) !== null);

/** A list field value: mostly arrays of name-ish strings, sometimes junk, empty or long. */
export function listValue(r: Rng, limit: number): unknown {
  const x = r();
  if (x < 0.1) return junkValue(r);
  if (x < 0.15) return [];
  if (x < 0.2) return Array.from({ length: limit + int(r, 1, 3) }, (_, i) => `name${i}.com`);
  if (x < 0.25) return Array.from({ length: limit }, () => "dup.com");
  if (x < 0.3) return [...BASE_NAMES.slice(0, 2), junkValue(r)];
  if (x < 0.6) return Array.from({ length: int(r, 1, Math.min(limit, 8)) }, () => pick(r, r() < 0.5 ? VALID_EDGE_NAMES : BASE_NAMES));
  if (x < 0.7) return Array.from({ length: int(r, 1, Math.min(limit, 8)) }, () => unicodeName(r));
  return Array.from({ length: int(r, 1, Math.min(limit, 6)) }, () => nameish(r));
}

/** Unknown and prototype-polluting keys, as raw JSON text (JSON.stringify drops __proto__ set by literal). */
export const ODD_KEYS: readonly string[] = [
  "__proto__",
  "constructor",
  "prototype",
  "0",
  "-1",
  "",
  " ",
  "domains ",
  "Domains",
  "toString",
  "hasOwnProperty",
  "a/b~c",
  "\u0000\n",
  "\ud800",
  "k".repeat(20_000),
];

/** Serialise an object plus one extra raw key (so "__proto__" reaches the wire as a key). */
export function withRawKey(obj: Record<string, unknown>, key: string, value: unknown): string {
  const inner = JSON.stringify(obj).slice(1, -1);
  const extra = `${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"}`;
  return `{${inner}${inner ? "," : ""}${extra}}`;
}

const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Percent-encode for a query string; a lone surrogate goes out as its raw (invalid) UTF-8 bytes. */
export function qenc(s: string): string {
  return encodeURIComponent(s.replace(LONE, "\u0001LONE\u0001")).replaceAll("%01LONE%01", "%ED%A0%80");
}
