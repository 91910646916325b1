/**
 * The extension universe of the synthetic zone (generate.ts): a head of real extensions
 * with their rough share of all registered domains (about 45 % .com, ccTLDs, big
 * second-level registries such as co.uk and com.br), then a long Zipf tail of synthetic
 * extensions shaped like the real ones: two-letter country codes, second-level
 * registries under them (co.xx, com.xx, org.xx, ...), and dictionary-word gTLDs.
 *
 * The universe depends only on its size and the vocabulary (never on the seed), so
 * datasets of different seeds share extensions. Shares are approximate and written here
 * once; nothing else in the generator types an extension.
 */

/**
 * Real extensions and their weight (round figures, percent of draws). A name in several
 * extensions holds .com at most once, so .com is drawn more often (73 of about 126) than its final
 * share of domains (about 45 %, which generate.test.ts holds it to).
 */
const HEAD: [string, number][] = [
  ["com", 73],
  ["de", 4.4],
  ["net", 3.6],
  ["org", 3.0],
  ["cn", 2.2],
  ["co.uk", 2.3],
  ["nl", 1.7],
  ["ru", 1.5],
  ["com.br", 1.3],
  ["fr", 1.1],
  ["eu", 1.0],
  ["xyz", 1.0],
  ["info", 1.0],
  ["com.au", 1.0],
  ["it", 0.9],
  ["ca", 0.9],
  ["in", 0.8],
  ["top", 0.8],
  ["co", 0.8],
  ["pl", 0.7],
  ["ch", 0.7],
  ["uk", 0.6],
  ["es", 0.6],
  ["online", 0.5],
  ["jp", 0.5],
  ["be", 0.5],
  ["us", 0.5],
  ["se", 0.4],
  ["dk", 0.4],
  ["at", 0.4],
  ["cz", 0.4],
  ["co.za", 0.4],
  ["shop", 0.4],
  ["org.uk", 0.3],
  ["io", 0.3],
  ["me", 0.3],
  ["biz", 0.3],
  ["site", 0.3],
  ["ir", 0.3],
  ["kr", 0.3],
  ["com.cn", 0.3],
  ["vn", 0.2],
  ["store", 0.2],
  ["app", 0.2],
  ["co.nz", 0.2],
  ["com.mx", 0.2],
  ["com.ar", 0.2],
  ["pt", 0.2],
  ["gr", 0.2],
  ["fi", 0.2],
  ["no", 0.2],
  ["hu", 0.2],
  ["ro", 0.2],
  ["ua", 0.2],
  ["cl", 0.2],
  ["nu", 0.1],
  ["ee", 0.1],
  ["dev", 0.1],
  ["tw", 0.1],
  ["co.jp", 0.1],
  ["com.tr", 0.1],
  ["mx", 0.1],
  ["sk", 0.1],
  ["com.ua", 0.1],
  ["club", 0.1],
  ["live", 0.1],
  ["tech", 0.1],
  ["space", 0.1],
  ["ai", 0.1],
  ["tv", 0.1],
  ["cc", 0.1],
];

/** Weight of the synthetic tail (about 11 % of draws; the head has the rest). */
const TAIL_PERCENT = 12;
/** The commonest words ("the", "and") make no gTLD: word gTLDs start at this rank. */
const GTLD_SKIP_COMMONEST = 500;
/** Second-level registry labels used under two-letter codes. */
const SECOND_LEVEL = ["co", "com", "org", "net", "ac", "gov", "edu"];

export interface ExtensionTable {
  names: string[];
  /** cumulative weights, cumulative[names.length - 1] = 1 */
  cumulative: Float64Array;
}

/**
 * The first `size` extensions of the universe (at least the head) and their cumulative
 * weights; `gtldWords` supplies dictionary words for gTLD-like extensions.
 */
export function extensionTable(size: number, gtldWords: readonly string[]): ExtensionTable {
  if (!Number.isInteger(size) || size < HEAD.length) {
    throw new RangeError(`extensions must be an integer >= ${HEAD.length}`);
  }
  const names = HEAD.map(([n]) => n);
  const weights = HEAD.map(([, w]) => w);
  const tail = tailNames(size - HEAD.length, new Set(names), gtldWords);
  // The tail continues the head's rank-size law: weight ~ 1 / overall rank, scaled so
  // that the tail holds TAIL_PERCENT.
  let harmonic = 0;
  for (let i = 0; i < tail.length; i++) harmonic += 1 / (HEAD.length + i + 1);
  tail.forEach((n, i) => {
    names.push(n);
    weights.push(TAIL_PERCENT / (HEAD.length + i + 1) / harmonic);
  });
  const total = weights.reduce((s, w) => s + w, 0);
  const cumulative = new Float64Array(names.length);
  let acc = 0;
  for (let i = 0; i < names.length; i++) cumulative[i] = acc += weights[i] / total;
  cumulative[names.length - 1] = 1;
  return { names, cumulative };
}

/**
 * `count` synthetic tail extensions, interleaving the three shapes in a fixed pattern so
 * that every rank band of the tail holds each of them: 2 country codes, 3 second-level
 * registries, 3 word gTLDs per round of 8 (while each shape lasts).
 */
function tailNames(count: number, taken: Set<string>, gtldWords: readonly string[]): string[] {
  const codes: string[] = [];
  for (let a = 0; a < 26; a++) {
    for (let b = 0; b < 26; b++) {
      // a fixed permutation so the codes are not taken in alphabetical order
      const x = (a * 7 + 3) % 26;
      const y = (b * 11 + 5) % 26;
      const code = String.fromCharCode(97 + x, 97 + y);
      if (!taken.has(code)) codes.push(code);
    }
  }
  const seconds: string[] = [];
  for (let i = 0; i < codes.length * SECOND_LEVEL.length; i++) {
    const code = codes[i % codes.length];
    seconds.push(`${SECOND_LEVEL[Math.floor(i / codes.length)]}.${code}`);
  }
  const words = gtldWords.slice(GTLD_SKIP_COMMONEST).filter((w) => w.length >= 3 && w.length <= 14 && !taken.has(w));
  const shapes: [string[], number][] = [
    [codes, 2],
    [seconds, 3],
    [words, 3],
  ];
  const cursor = [0, 0, 0];
  const out: string[] = [];
  while (out.length < count) {
    let progressed = false;
    for (let s = 0; s < shapes.length && out.length < count; s++) {
      const [list, per] = shapes[s];
      for (let k = 0; k < per && cursor[s] < list.length && out.length < count; k++) {
        const name = list[cursor[s]++];
        if (taken.has(name)) continue;
        taken.add(name);
        out.push(name);
        progressed = true;
      }
    }
    if (!progressed) throw new RangeError(`extensions: the universe holds at most ${taken.size} extensions`);
  }
  return out;
}
