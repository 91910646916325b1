/**
 * Hostile and random names through the whole appraisal (real lexicon, real fixture index):
 * every valid name gets whole-dollar 0 <= low <= value <= high and a version, never an
 * exception, the same answer twice, and an explanation that adds up. Names are drawn from a
 * seeded generator, so a failure is reproducible.
 */
import { expect, test } from "bun:test";
import { appraiseOne, type AppraiseEnv } from "../../src/capabilities/appraise/appraiser.ts";
import { lexiconView } from "../../src/capabilities/appraise/lexicon-view.ts";
import { normaliseDomain, splitName } from "../../src/domain/name.ts";
import { ZoneIndex } from "../../src/zone-index/index.ts";
import { fixtureIndex } from "../zone/fixture-index.ts";

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
}

const ALPHABETS = ["abcdefghijklmnopqrstuvwxyz", "0123456789", "abcdefghijklmnopqrstuvwxyz0123456789-", "aeiou", "qxzjv"];
const EXTS = ["com", "net", "io", "ai", "co.uk", "nu", "ee", "xyz", "lol", "zz", "xn--p1ai", "com.br", "a.b.c"];
const SPECIAL = [
  "a",
  "0",
  "x".repeat(63),
  "9".repeat(63),
  "a-".repeat(31) + "a",
  "xn--fiqs8s",
  "xn--zz",
  "xn--mnchen-3ya",
  "the",
  "thethethe",
  "aaaa",
  "8888",
  "0000",
  "abc123",
  "1-2",
];

test("20,000 random and hostile names: invariants hold, output is deterministic", async () => {
  const env: AppraiseEnv = { lex: lexiconView(), zone: ZoneIndex.open(await fixtureIndex()) };
  const r = rng(20261122);
  const labels: string[] = [...SPECIAL];
  while (labels.length < 20_000) {
    const abc = ALPHABETS[Math.floor(r() * ALPHABETS.length)]!;
    const len = 1 + Math.floor(r() * (r() < 0.9 ? 14 : 63));
    let s = "";
    for (let i = 0; i < len; i++) s += abc[Math.floor(r() * abc.length)];
    labels.push(s);
  }
  let valued = 0;
  for (let i = 0; i < labels.length; i++) {
    const ascii = normaliseDomain(`${labels[i]}.${EXTS[i % EXTS.length]}`);
    if (ascii === null) continue; // leading/trailing hyphen: the endpoints answer 400 before the model
    const p = splitName(ascii);
    const a = appraiseOne(p, env, true);
    const f = a.final;
    if (!(Number.isInteger(f.value) && Number.isInteger(f.low) && Number.isInteger(f.high) && 0 <= f.low && f.low <= f.value && f.value <= f.high)) {
      throw new Error(`${ascii}: ${JSON.stringify(f)}`);
    }
    if (a.explain!.reduce((s, e) => s + e.effect, 0) !== f.value) throw new Error(`${ascii}: explanation does not add up`);
    if (i % 50 === 0) expect(JSON.stringify(appraiseOne(p, env, true))).toBe(JSON.stringify(a));
    valued++;
  }
  expect(valued).toBeGreaterThan(15_000);
}, 60_000);
