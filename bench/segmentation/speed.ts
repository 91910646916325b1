/**
 * Splitter speed, before against after, in ONE process: the working tree's splitter.ts and
 * the splitter.ts of a git revision (default HEAD) run alternately over the same real names
 * (bench/classify/names.ts), so the shared machine's load hits both alike. Each round times
 * both by this thread's CPU time; the figure is the median of the per-round ratios.
 *
 *   node scripts/bun.cjs run bench/segmentation/speed.ts [revision=HEAD] [names=200000] [rounds=7]
 *
 * Both splitters are copied to temporary files whose imports point at the working tree's
 * modules (so they share the lexicon and parameters; parameters added since that revision are
 * simply unused by the old one), and removed at the end: both load the same way, since a
 * module imported from elsewhere measured up to 5 % apart from an identical copy.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { splitName as parseName } from "../../src/domain/name.ts";
import { getLexicon } from "../../src/capabilities/classify/lexicon.ts";
import type { Splitter } from "../../src/capabilities/classify/splitter.ts";
import { realDomains } from "../classify/names.ts";

const revision = process.argv[2] ?? "HEAD";
const limit = Number(process.argv[3] ?? 200_000);
const rounds = Number(process.argv[4] ?? 7);
const DIR = path.resolve(import.meta.dir, "../../src/capabilities/classify");
const tmp = mkdtempSync(path.join(tmpdir(), "zw-splitter-"));
const load = async (name: string, source: string): Promise<typeof Splitter> => {
  const file = path.join(tmp, name);
  writeFileSync(file, source.replace(/from "\.\//g, `from "${DIR}/`));
  return ((await import(file)) as { Splitter: typeof Splitter }).Splitter;
};
try {
  const Old = await load("before.ts", execFileSync("git", ["show", `${revision}:src/capabilities/classify/splitter.ts`], { cwd: DIR, encoding: "utf8" }));
  const New = await load("after.ts", readFileSync(path.join(DIR, "splitter.ts"), "utf8"));
  const lex = getLexicon();
  const names = realDomains(limit).map((d) => parseName(d).name);
  const before = new Old(lex), after = new New(lex);
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
  cpu(before); cpu(after); // warm-up
  const ratios: number[] = [], rateB: number[] = [], rateA: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const b = r % 2 === 0 ? cpu(before) : 0, a = cpu(after), b2 = r % 2 === 1 ? cpu(before) : b;
    ratios.push(b2 / a);
    rateB.push(names.length / b2);
    rateA.push(names.length / a);
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1]!;
  const fmt = (x: number) => Math.round(x).toLocaleString("en-US");
  console.log(`${names.length.toLocaleString("en-US")} real names, ${rounds} alternating rounds; ${differ.toLocaleString("en-US")} names with a different split or confidence`);
  console.log(`before (${revision}): median ${fmt(median(rateB))} names/s of CPU`);
  console.log(`after (working tree): median ${fmt(median(rateA))} names/s of CPU`);
  console.log(`after / before speed: median ${median(ratios).toFixed(3)}x (rounds: ${ratios.map((x) => x.toFixed(3)).join(" ")})`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
