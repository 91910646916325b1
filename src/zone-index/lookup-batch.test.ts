/**
 * The batched lookup (lookup-batch.ts, through ZoneIndex.lookupDomains and lookupBatch)
 * against a plain one-at-a-time reference: a map of the domains built into the index, and
 * the engine's single-name path (ZoneIndex.has, extensionsRegistered). The index is built
 * with the shapes that can break a staged search: over 54,872 names so that the jump
 * prefix is 3 characters, buckets far larger than a key sample, runs of names tying on
 * their sampled key (sharing more than prefix + KEY_CHARS characters), names shorter than
 * the prefix, the first and last name of every bucket; probed with registered, unregistered,
 * bare, unknown-extension and 1-character inputs, neighbours of every kind, in batches of
 * sizes around the group size, with and without the sampled keys built.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIndex } from "../../index-builder/build.ts";
import { LOOKUP_NO_EXTENSION, LOOKUP_REGISTERED, LOOKUP_STRIDE_COUNTS, LOOKUP_STRIDE_PLAIN, LOOKUP_UNSUPPORTED, ZoneIndex } from "./index.ts";
import { GROUP } from "./lookup-batch.ts";
import { KEY_CHARS, SAMPLE_EVERY } from "./name-keys.ts";

const EXTS = ["com", "net", "org", "co.uk", "de", "io", "nu"];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-lookup-batch-"));
const file = path.join(dir, "l.idx");
/** name -> its extensions, as built. */
const built = new Map<string, string[]>();
let seed = 5;
const rnd = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
const pick = <T>(a: ArrayLike<T>): T => a[Math.floor(rnd() * a.length)]!;
const CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-";

function addName(n: string): void {
  if (built.has(n)) return;
  const exts = EXTS.filter(() => rnd() < 0.3);
  built.set(n, exts.length > 0 ? exts : [pick(EXTS)]);
}

beforeAll(async () => {
  // random names of 1 to 14 characters, no hyphen at either end, none doubled
  while (built.size < 60_000) {
    const len = 1 + Math.floor(rnd() * 14);
    let n = "";
    for (let i = 0; i < len; i++) n += i === 0 || i === len - 1 || n.endsWith("-") ? pick(CHARS.slice(0, 36)) : pick(CHARS);
    addName(n);
  }
  // one crowded bucket ("sho") and runs tying on their sampled key ("shopping" + 6 more)
  const tie = "sho" + "pping" + "z".repeat(KEY_CHARS);
  for (let i = 0; i < 12 * SAMPLE_EVERY; i++) addName(tie + i.toString(36));
  for (let i = 0; i < 40 * SAMPLE_EVERY; i++) addName("sho" + i.toString(36).padStart(4, "0"));
  for (const n of ["a", "b", "zz", "ab", "abc", "sho", "shop", "shopping", tie, "0", "9-9", "zzzzzzzzzzzzzz"]) addName(n);
  const domains = [...built].flatMap(([n, exts]) => exts.map((e) => `${n}.${e}`));
  await buildIndex({ inputs: [{ label: "names", domains }], out: file, tmpDir: dir });
  const index = ZoneIndex.open(file);
  const sizes = [index.totalNames, index.totalDomains];
  index.close();
  expect(sizes).toEqual([built.size, domains.length]); // the builder kept every name
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Inputs that probe every kind of row. */
function probes(): string[] {
  const names = [...built.keys()].sort();
  const out: string[] = [];
  // the first and last name of every 3-character bucket, and their neighbours
  const edges = names.filter(
    (n, i) => i === 0 || i === names.length - 1 || n.slice(0, 3) !== names[i - 1]!.slice(0, 3) || n.slice(0, 3) !== names[i + 1]!.slice(0, 3),
  );
  for (const n of [...edges, ...names.filter(() => rnd() < 0.1)]) {
    const exts = built.get(n)!;
    out.push(`${n}.${pick(exts)}`, `${n}.${pick(EXTS)}`, n, `${n}.not-an-ext`, `${n}0.com`, `${n}-.net`, `${n.slice(0, -1)}.com`, `${n.slice(0, -1)}z.org`);
  }
  out.push("a", "a.com", "b.nu", "-", "-.com", "é.com", "ABC.com", "ab_c.com", "xn--.de", "z".repeat(63) + ".com", "sho", "sho.com");
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The row the reference gives (flags, extensions_registered). */
function want(d: string): [number, number] {
  const dot = d.indexOf(".");
  const name = dot < 0 ? d : d.slice(0, dot);
  const exts = built.get(name) ?? [];
  let flags = dot < 0 ? LOOKUP_NO_EXTENSION : exts.includes(d.slice(dot + 1)) ? LOOKUP_REGISTERED : 0;
  if (name.length < 2) flags |= LOOKUP_UNSUPPORTED;
  return [flags, name.length < 2 ? 0 : exts.length];
}

function rowsOf(rows: Uint32Array, stride: number, n: number): [number, number][] {
  return Array.from({ length: n }, (_, i) => [rows[i * stride]!, rows[i * stride + 1]!]);
}

describe("batched zone lookup", () => {
  test("equals the one-at-a-time reference for every kind of input and batch size", () => {
    const index = ZoneIndex.open(file);
    const inputs = probes();
    expect(inputs.length).toBeGreaterThan(40_000);
    const expected = inputs.map(want);
    // the single-name path of the engine agrees with the map
    for (const [i, d] of inputs.entries()) {
      const dot = d.indexOf(".");
      if (dot >= 0) expect(index.has(d)).toBe((expected[i]![0] & LOOKUP_REGISTERED) !== 0);
      if ((expected[i]![0] & LOOKUP_UNSUPPORTED) === 0) expect(index.extensionsRegistered(dot < 0 ? d : d.slice(0, dot))).toBe(expected[i]![1]);
    }
    expect(rowsOf(index.lookupDomains(inputs, false), LOOKUP_STRIDE_PLAIN, inputs.length)).toEqual(expected);
    // batch sizes around the group size, and one name
    let at = 0;
    for (const size of [0, 1, GROUP - 1, GROUP, GROUP + 1, 2 * GROUP + 3, 5000, 333]) {
      const batch = inputs.slice(at, at + size);
      expect(rowsOf(index.lookupDomains(batch, false), LOOKUP_STRIDE_PLAIN, batch.length)).toEqual(expected.slice(at, at + size));
      at += size;
    }
    // pre-split names (the bench's and the job chunks' path), with counts for a few
    const split = inputs.slice(0, 3000);
    const names = split.map((d) => (d.includes(".") ? d.slice(0, d.indexOf(".")) : d));
    const exts = split.map((d) => (d.includes(".") ? d.slice(d.indexOf(".") + 1) : null));
    expect(rowsOf(index.lookupBatch(names, exts, false), LOOKUP_STRIDE_PLAIN, split.length)).toEqual(expected.slice(0, 3000));
    const counted = index.lookupBatch(names.slice(0, 40), exts.slice(0, 40), true);
    expect(rowsOf(counted, LOOKUP_STRIDE_COUNTS, 40)).toEqual(expected.slice(0, 40));
    names.slice(0, 40).forEach((n, i) => {
      const o = i * LOOKUP_STRIDE_COUNTS;
      const c = (counted[o]! & LOOKUP_UNSUPPORTED) !== 0 || !/^[a-z0-9-]+$/.test(n) ? [0, 0, 0, 0] : Object.values(index.nameCounts(n)).slice(1);
      expect(Array.from(counted.subarray(o + 2, o + 6))).toEqual(c);
    });
    index.close();
  });

  test("the same answers while the sampled keys are not built (background build pending)", async () => {
    const index = ZoneIndex.open(file);
    const inputs = probes().slice(0, 20_000);
    const pending = index.prepareInBackground(0);
    const rows = index.lookupDomains(inputs, false); // before the first slice runs: no keys
    expect(rowsOf(rows, LOOKUP_STRIDE_PLAIN, inputs.length)).toEqual(inputs.map(want));
    await pending;
    expect(rowsOf(index.lookupDomains(inputs, false), LOOKUP_STRIDE_PLAIN, inputs.length)).toEqual(inputs.map(want));
    index.close();
  });
});
