/**
 * Splitter speed, before against after, in ONE process: the working tree's splitter and the
 * splitter of a git revision (default HEAD) run alternately over the same real names
 * (bench/classify/names.ts), so the shared machine's load hits both alike. Each round times
 * both by this thread's CPU time; the figure is the median of the per-round ratios.
 *
 *   node scripts/bun.cjs run bench/segmentation/speed.ts [revision=HEAD] [names=200000] [rounds=7]
 *
 * Both classify folders (the revision's, from git, and the working tree's) are copied to a
 * temporary directory and loaded from there, each with its own lexicon in memory (the
 * lexicon's in-memory layout is part of what a speed change may change), so both load the
 * same way: a module imported from elsewhere measured up to 5 % apart from an identical copy.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { splitName as parseName } from "../../src/domain/name.ts";
import { realDomains } from "../classify/names.ts";

const revision = process.argv[2] ?? "HEAD";
const limit = Number(process.argv[3] ?? 200_000);
const rounds = Number(process.argv[4] ?? 7);
const ROOT = path.resolve(import.meta.dir, "../..");
const FOLDER = "src/capabilities/classify";
const tmp = mkdtempSync(path.join(tmpdir(), "zw-splitter-"));

interface AnySplitter {
  split(name: string): { words: string[]; confidence: string };
}

/** The thread's splitter of a classify folder copied under `root`. */
async function load(root: string): Promise<AnySplitter> {
  return ((await import(path.join(root, FOLDER, "splitter.ts"))) as { getSplitter(): AnySplitter }).getSplitter();
}

try {
  const beforeRoot = path.join(tmp, "before"),
    afterRoot = path.join(tmp, "after");
  mkdirSync(beforeRoot);
  const tar = path.join(tmp, "before.tar");
  writeFileSync(tar, execFileSync("git", ["archive", "--format=tar", revision, FOLDER], { cwd: ROOT, maxBuffer: 1 << 28 }));
  execFileSync("tar", ["-x", "-f", tar, "-C", beforeRoot]);
  cpSync(path.join(ROOT, FOLDER), path.join(afterRoot, FOLDER), { recursive: true });
  const before = await load(beforeRoot),
    after = await load(afterRoot);
  const names = realDomains(limit).map((d) => parseName(d).name);
  const key = (r: { words: string[]; confidence: string }) => `${r.words.join(" ")} ${r.confidence}`;
  const differ = names.filter((n) => key(before.split(n)) !== key(after.split(n))).length;

  const cpu = (sp: { split(s: string): { words: string[]; confidence: string } }): number => {
    const c0 = process.cpuUsage();
    let n = 0;
    for (const s of names) n += sp.split(s).words.length;
    const c = process.cpuUsage(c0);
    if (n < 0) throw new Error("unreachable");
    return (c.user + c.system) / 1e6;
  };
  cpu(before);
  cpu(after); // warm-up
  const ratios: number[] = [],
    rateB: number[] = [],
    rateA: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const b = r % 2 === 0 ? cpu(before) : 0,
      a = cpu(after),
      b2 = r % 2 === 1 ? cpu(before) : b;
    ratios.push(b2 / a);
    rateB.push(names.length / b2);
    rateA.push(names.length / a);
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1]!;
  const fmt = (x: number) => Math.round(x).toLocaleString("en-US");
  console.log(
    `${names.length.toLocaleString("en-US")} real names, ${rounds} alternating rounds; ${differ.toLocaleString("en-US")} names with a different split or confidence`,
  );
  console.log(`before (${revision}): median ${fmt(median(rateB))} names/s of CPU`);
  console.log(`after (working tree): median ${fmt(median(rateA))} names/s of CPU`);
  console.log(`after / before speed: median ${median(ratios).toFixed(3)}x (rounds: ${ratios.map((x) => x.toFixed(3)).join(" ")})`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
