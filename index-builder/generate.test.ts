/**
 * The generator: exact count, distinct valid names, deterministic from the seed, and the
 * realistic mix the benchmarks rely on (about 45 % .com, thousands of extensions with
 * multi-label ones, names in one extension or in dozens, digits, hyphens, lengths).
 */
import { describe, expect, test } from "bun:test";
import path from "node:path";
import { createHash } from "node:crypto";
import { generateDomains } from "./generate.ts";
import { normaliseDomain } from "../src/domain/name.ts";

const N = 200_000;
const sample = [...generateDomains({ count: N, seed: 20261122 })];

function digest(count: number, seed: number): string {
  const h = createHash("sha256");
  for (const d of generateDomains({ count, seed })) h.update(d + "\n");
  return h.digest("hex");
}

describe("generateDomains", () => {
  test("yields exactly count distinct, valid, normalised domains", () => {
    expect(sample.length).toBe(N);
    expect(new Set(sample).size).toBe(N);
    for (const d of sample) {
      if (normaliseDomain(d) !== d) throw new Error(`not a normalised domain name: ${d}`);
    }
    expect([...generateDomains({ count: 0, seed: 1 })]).toEqual([]);
    expect([...generateDomains({ count: 1, seed: 1 })].length).toBe(1);
  });

  test("is deterministic from the seed", () => {
    expect(digest(30_000, 42)).toBe(digest(30_000, 42));
    expect(digest(30_000, 42)).not.toBe(digest(30_000, 43));
    expect(digest(30_000, 2 ** 40 + 42)).not.toBe(digest(30_000, 42));
    expect(sample.slice(0, 1000)).toEqual([...generateDomains({ count: 1000, seed: 20261122 })]);
  });

  test("about 45 % .com and a long tail of thousands of extensions, multi-label ones included", () => {
    const perExt = new Map<string, number>();
    for (const d of sample) {
      const ext = d.slice(d.indexOf(".") + 1);
      perExt.set(ext, (perExt.get(ext) ?? 0) + 1);
    }
    const com = perExt.get("com")! / N;
    expect(com).toBeGreaterThan(0.4);
    expect(com).toBeLessThan(0.5);
    expect(perExt.size).toBeGreaterThan(3_000);
    const multi = [...perExt.keys()].filter((e) => e.includes("."));
    expect(multi).toContain("co.uk");
    expect(multi.length).toBeGreaterThan(1_000);
    const rare = [...perExt.values()].filter((c) => c <= 5).length;
    expect(rare).toBeGreaterThan(1_000);
    expect(() => [...generateDomains({ count: 10, seed: 1, extensions: 10 })]).toThrow(RangeError);
    const few = new Set([...generateDomains({ count: 50_000, seed: 1, extensions: 100 })].map((d) => d.slice(d.indexOf(".") + 1)));
    expect(few.size).toBeLessThanOrEqual(100);
  });

  test("names registered in one extension or in dozens", () => {
    const perName = new Map<string, number>();
    for (const d of sample) {
      const name = d.slice(0, d.indexOf("."));
      perName.set(name, (perName.get(name) ?? 0) + 1);
    }
    const counts = [...perName.values()];
    const single = counts.filter((c) => c === 1).length / counts.length;
    expect(single).toBeGreaterThan(0.7);
    expect(single).toBeLessThan(0.95);
    expect(counts.filter((c) => c >= 24).length).toBeGreaterThan(100);
    const mean = N / perName.size;
    expect(mean).toBeGreaterThan(1.2);
    expect(mean).toBeLessThan(1.7);
  });

  test("name lengths, words, digits and hyphens in realistic proportions", () => {
    const names = [...new Set(sample.map((d) => d.slice(0, d.indexOf("."))))];
    const share = (re: RegExp) => names.filter((n) => re.test(n)).length / names.length;
    expect(share(/[0-9]/)).toBeGreaterThan(0.08);
    expect(share(/[0-9]/)).toBeLessThan(0.25);
    expect(share(/^[0-9]+$/)).toBeGreaterThan(0.005);
    expect(share(/-/)).toBeGreaterThan(0.04);
    expect(share(/-/)).toBeLessThan(0.15);
    const lengths = names.map((n) => n.length).sort((a, b) => a - b);
    expect(lengths[0]).toBeGreaterThanOrEqual(1);
    expect(lengths.at(-1)!).toBeLessThanOrEqual(63);
    const median = lengths[lengths.length >> 1];
    expect(median).toBeGreaterThanOrEqual(8);
    expect(median).toBeLessThanOrEqual(14);
    expect(lengths.filter((l) => l <= 4).length / names.length).toBeGreaterThan(0.03);
    expect(lengths.filter((l) => l >= 20).length / names.length).toBeGreaterThan(0.03);
    // dictionary words: most common ones are taken on their own
    const taken = new Set(names);
    const words = ["home", "shop", "music", "travel", "love", "best", "car", "news", "game", "food"];
    expect(words.filter((w) => taken.has(w)).length).toBeGreaterThanOrEqual(6);
  });

  test("rejects bad options", () => {
    expect(() => [...generateDomains({ count: -1, seed: 1 })]).toThrow(RangeError);
    expect(() => [...generateDomains({ count: 1.5, seed: 1 })]).toThrow(RangeError);
    expect(() => [...generateDomains({ count: 1, seed: Number.NaN })]).toThrow(RangeError);
  });
});

describe("generate.ts CLI", () => {
  const script = path.join(import.meta.dir, "generate.ts");
  test("writes the same domains, one per line", () => {
    const r = Bun.spawnSync([process.execPath, script, "--count", "70000", "--seed", "9"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.toString()).toBe([...generateDomains({ count: 70_000, seed: 9 })].join("\n") + "\n");
  });
  test("refuses bad arguments with exit code 2 and a message", () => {
    for (const args of [["--count"], ["--count", "x"], ["count", "5"], ["--seed", "1"]]) {
      const r = Bun.spawnSync([process.execPath, script, ...args]);
      expect(r.exitCode).toBe(2);
      expect(r.stderr.toString()).toMatch(/^generate: /);
    }
  });
});
