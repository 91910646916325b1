/**
 * The extension's effect on value: .com first, then a tier from the extension's known market
 * standing, else from its size in the zone index. Effects are in millibits relative to .com
 * (-1000 = half the .com value).
 *
 * Standing reflects what aftermarket buyers pay for the same name across extensions
 * (.net/.org trade at roughly a fifth of .com, .ai and .io above other alternatives,
 * national extensions strong at home, new generic extensions far below). An extension the
 * table does not know gets its tier from how many domains it holds: a large registry has
 * a real end-user market, a small one has little.
 */
import { bits } from "./fixed.ts";

export interface ExtensionTier {
  tier: number;
  /** Millibits relative to .com. */
  mb: number;
  label: string;
  /**
   * Thousandths of a bit the extension takes per bit of the name's value above $2,000 as .com:
   * the aftermarket for great names is a .com market, so a word worth millions as .com is
   * worth tens of thousands in .io or .co, while national extensions keep more of it at home.
   */
  compress: number;
}

const TIERS: readonly ExtensionTier[] = [
  { tier: 0, mb: 0, label: ".com", compress: 0 },
  { tier: 1, mb: bits(-1.7), label: "leading alternative (.ai, .io)", compress: 150 },
  { tier: 2, mb: bits(-2.3), label: "major generic (.net, .org, .co)", compress: 150 },
  { tier: 3, mb: bits(-2.8), label: "major national extension", compress: 100 },
  { tier: 4, mb: bits(-3.6), label: "established extension", compress: 200 },
  { tier: 5, mb: bits(-5.0), label: "popular new or mid-size extension", compress: 250 },
  { tier: 6, mb: bits(-5.8), label: "small extension", compress: 300 },
  { tier: 7, mb: bits(-6.5), label: "little-used or unknown extension", compress: 300 },
];

/** Extensions whose resale market keeps less of a great name's .com value than their tier's. */
const COMPRESS: ReadonlyMap<string, number> = new Map([
  ["io", 320],
  ["co", 380],
]);

const STANDING: ReadonlyMap<string, number> = (() => {
  const m = new Map<string, number>();
  const put = (tier: number, list: string) => {
    for (const e of list.split(" ")) m.set(e, tier);
  };
  put(0, "com");
  put(1, "ai io");
  put(2, "net org co");
  put(3, "de uk co.uk ca com.au au nl fr ch eu us es it jp cn com.cn in co.in br com.br se dk no be at nz co.nz mx com.mx");
  put(4, "info biz me tv cc ly gg sh to fm vc app dev pl ru cz fi pt ie sg hk kr tw il za co.za ar com.ar cl");
  put(
    5,
    "xyz online shop store tech site club vip top pro live world life space website blog news agency studio design digital email group media network solutions cloud",
  );
  return m;
})();

/** Tier by size, for extensions the standing table does not list. */
function tierBySize(size: number): number {
  if (size >= 1_000_000) return 4;
  if (size >= 100_000) return 5;
  if (size >= 5_000) return 6;
  return 7;
}

/**
 * Tier of an extension ("com", "co.uk"); extSize is its domain count in the zone index, or
 * null when no index is loaded (an unlisted extension then counts as small).
 */
export function extensionTier(ext: string, extSize: number | null): ExtensionTier {
  const known = STANDING.get(ext);
  if (known !== undefined) {
    const c = COMPRESS.get(ext);
    return c === undefined ? TIERS[known]! : { ...TIERS[known]!, compress: c };
  }
  return TIERS[extSize === null ? 6 : tierBySize(extSize)]!;
}
