/**
 * Calibration data: what short pattern names are worth as .com, written as data with where
 * each figure comes from. The model (model.ts) starts a pattern name from its anchor here, and
 * the tests and bench/appraisal hold the model's medians to the published figures (within a
 * factor of 2).
 *
 * "Median" is the liquid-market median price of the pattern; "floor" is the price at which
 * such names reliably sell between investors (the low end of the liquid market). The model
 * uses median as its central estimate and the floor to size its range: the floor is taken as
 * the 20th percentile, so the spread of a pattern is log2(median / floor) / z(0.80).
 *
 * Only three patterns have published figures we rely on (LLL, NNNN, LLLL .com). The other
 * anchors are our own estimates, placed between and beside them by the same market logic
 * (fewer characters, digits over random letters, pronounceable over not), and are marked
 * `published: false`: they are settings, not evidence, and the tests only hold the model to
 * the published ones.
 */

export type PatternId = "L" | "LL" | "LLL" | "LLLL" | "LLLLL" | "N" | "NN" | "NNN" | "NNNN" | "NNNNN" | "NNNNNN" | "CVCV" | "CVCVC" | "LN";

export interface PatternAnchor {
  pattern: PatternId;
  /** Central estimate for a .com of this pattern, USD. */
  medianUsd: number;
  /** Liquid-market floor for a .com of this pattern, USD (taken as the 20th percentile). */
  floorUsd: number;
  published: boolean;
  source: string;
}

const PUBLISHED =
  "Liquid-market median and floor for pattern .com names as reported in domain-investor market " +
  "reports (NameBio sales data, NamePros/DNJournal pattern-market summaries): LLL.com about $30,000 (floor about $25,500), NNNN.com about $14,000 (floor about " +
  "$6,600), LLLL.com about $300 (floor about $110).";

const ESTIMATE = "Project estimate (not a published figure): placed relative to the published anchors.";

export const PATTERN_ANCHORS: Readonly<Record<PatternId, PatternAnchor>> = {
  L: { pattern: "L", medianUsd: 4_000_000, floorUsd: 1_500_000, published: false, source: ESTIMATE + " One-letter .com names change hands in the millions." },
  LL: {
    pattern: "LL",
    medianUsd: 1_000_000,
    floorUsd: 400_000,
    published: false,
    source: ESTIMATE + " Two-letter .com sales run from about $0.5M to several million.",
  },
  LN: {
    pattern: "LN",
    medianUsd: 20_000,
    floorUsd: 8_000,
    published: false,
    source: ESTIMATE + ' A letter and a digit ("3p", "y1"): every two-character .com is taken, the mixed ones far below LL.',
  },
  LLL: { pattern: "LLL", medianUsd: 30_000, floorUsd: 25_500, published: true, source: PUBLISHED },
  LLLL: { pattern: "LLLL", medianUsd: 300, floorUsd: 110, published: true, source: PUBLISHED },
  LLLLL: { pattern: "LLLLL", medianUsd: 20, floorUsd: 8, published: false, source: ESTIMATE + " Random five-letter strings trade near the registration fee." },
  N: { pattern: "N", medianUsd: 2_000_000, floorUsd: 1_000_000, published: false, source: ESTIMATE },
  NN: { pattern: "NN", medianUsd: 1_500_000, floorUsd: 600_000, published: false, source: ESTIMATE },
  NNN: {
    pattern: "NNN",
    medianUsd: 120_000,
    floorUsd: 50_000,
    published: false,
    source: ESTIMATE + " Three digits sit well above LLL.com: 1,000 names against 17,576.",
  },
  NNNN: { pattern: "NNNN", medianUsd: 14_000, floorUsd: 6_600, published: true, source: PUBLISHED },
  NNNNN: { pattern: "NNNNN", medianUsd: 500, floorUsd: 150, published: false, source: ESTIMATE },
  NNNNNN: { pattern: "NNNNNN", medianUsd: 60, floorUsd: 20, published: false, source: ESTIMATE },
  CVCV: {
    pattern: "CVCV",
    medianUsd: 2_500,
    floorUsd: 1_000,
    published: false,
    source: ESTIMATE + " Pronounceable four-letter names sell far above other LLLL.",
  },
  CVCVC: { pattern: "CVCVC", medianUsd: 400, floorUsd: 120, published: false, source: ESTIMATE },
};

/** The z-score of the 80th percentile of a normal distribution: low/high are the 20th/80th percentiles. */
export const Z80 = 0.8416;

/**
 * Ordering facts the model must respect, written as data so the tests and the bench read the
 * same list: each pair says the first domain is worth more than the second.
 */
export const ORDERING_FACTS: readonly { higher: string; lower: string; why: string }[] = [
  { higher: "abc.com", lower: "abcd.com", why: "shorter beats longer (LLL over LLLL)" },
  { higher: "123.com", lower: "12345.com", why: "shorter beats longer (NNN over NNNNN)" },
  { higher: "music.com", lower: "musicians.com", why: "shorter beats longer (same root word)" },
  { higher: "music.com", lower: "music.xyz", why: ".com beats the rest" },
  { higher: "music.com", lower: "music.net", why: ".com beats the rest" },
  { higher: "house.com", lower: "house.shop", why: ".com beats the rest" },
  { higher: "house.com", lower: "xqzvtkpl.com", why: "common word beats random string" },
  { higher: "money.com", lower: "mqnxwrbt.com", why: "common word beats random string" },
  { higher: "bestpizza.com", lower: "bzqxkwpt.com", why: "common words beat a random string" },
  { higher: "music.com", lower: "mus-ic.com", why: "no hyphen beats hyphen" },
];
