/**
 * The sampled-key name search (src/zone-index/name-keys.ts) on the shapes that can break
 * it: one jump bucket far larger than a sample step, names sharing more characters than
 * the key holds (tied keys across many samples), names shorter than the jump prefix, and
 * neighbours that are absent (one character more or less, a prefix of a name, the next
 * key). Every answer is checked against a plain set of the names.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fs from "node:fs";
import path from "node:path";
import { buildIndex } from "../../index-builder/build.ts";
import { ZoneIndex } from "../../src/zone-index/index.ts";
import { KEY_CHARS, SAMPLE_EVERY } from "../../src/zone-index/name-keys.ts";
import { tempDir } from "../support/harness.ts";

const dir = tempDir("zw-name-keys-");
let index: ZoneIndex;
const names = new Set<string>();
/** Domains per name as built: every third name in two extensions. */
const domainsOf = new Map<string, number>();

beforeAll(async () => {
  const shared = "zz" + "q".repeat(KEY_CHARS + 4); // past the jump prefix and the whole key
  for (let i = 0; i < 40 * SAMPLE_EVERY; i++) names.add(shared + i.toString(36));
  for (let i = 0; i < 30 * SAMPLE_EVERY; i++) names.add("zz" + i.toString(36).padStart(4, "0"));
  for (const n of ["z", "zz", "zza", "z-z", "zz0", "zzq", "zzqq", "a", "ab", "abc", "abcd-e"]) names.add(n);
  [...names].forEach((n, i) => domainsOf.set(n, i % 3 === 0 ? 2 : 1));
  const domains = [...names].flatMap((n) => (domainsOf.get(n) === 2 ? [`${n}.com`, `${n}.net`] : [`${n}.com`]));
  await buildIndex({ inputs: [{ label: "names", domains }], out: path.join(dir, "k.idx"), tmpDir: dir });
  index = ZoneIndex.open(path.join(dir, "k.idx"));
});
afterAll(() => {
  index?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("sampled-key name search", () => {
  test("finds every name and no neighbour", () => {
    const probes = new Set<string>();
    for (const n of names) {
      probes.add(n);
      probes.add(n + "0");
      probes.add(n + "-");
      if (n.length > 1) probes.add(n.slice(0, -1));
      probes.add(n.slice(0, -1) + "zz");
    }
    let found = 0;
    for (const p of probes) {
      const want = domainsOf.get(p) ?? 0;
      const got = index.extensionsRegistered(p);
      if (got !== want) expect({ p, got }).toEqual({ p, got: want });
      if (want > 0) found++;
      expect(index.has(`${p}.com`)).toBe(names.has(p));
    }
    expect(found).toBe(names.size);
  });
});
