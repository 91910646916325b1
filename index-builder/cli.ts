/**
 * `cli index build --out FILE [--tmp DIR] [--json] INPUT...` and `cli index stats FILE [--json]`.
 * build: zone files and domain lists, gzip or plain, "-" for standard input; a progress
 * line on a terminal (stderr); a report of what was read, skipped and written. Exit codes:
 * 0 done, 1 the input, the output path or the file was refused, or writing failed (one
 * line on stderr; nothing written), 2 usage, 130/143 stopped by SIGINT/SIGTERM (the temp
 * files removed).
 * stats: validates the file (header, every section's checksum) and prints what is inside.
 */
import fs from "node:fs";
import path from "node:path";
import { buildIndex, EmptyBuildError, type BuildProgress, type BuildReport, type InputReport } from "./build.ts";
import { InputError } from "./input.ts";
import { cleanUpOnSignals } from "./interrupt.ts";
import { ioReason, outputPathProblem } from "../src/file-problems.ts";
import { ZoneIndex, ZoneIndexError } from "../src/zone-index/index.ts";
import { readHeader } from "../src/zone-index/open.ts";

const USAGE = `usage:
  index build --out FILE [--tmp DIR] [--complete EXT,...] [--json] INPUT...
      INPUT: zone file or domain list, gzip or plain, "-" = stdin
      --complete: extensions whose whole zone the lists hold (a zone file's origin counts as complete by itself)
  index stats FILE [--json]
`;

const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MB`;
const int = (n: number) => n.toLocaleString("en");

export async function runIndexCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === "build") return await build(rest);
  if (sub === "stats") return stats(rest);
  process.stderr.write(sub === undefined ? USAGE : `index: unknown command "${sub}"\n${USAGE}`);
  return 2;
}

function parseArgs(args: string[], valued: string[], flags: string[]): { opts: Map<string, string | true>; positional: string[] } | string {
  const opts = new Map<string, string | true>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (valued.includes(a)) {
      if (i + 1 >= args.length) return `${a} needs a value`;
      opts.set(a, args[++i]);
    } else if (flags.includes(a)) opts.set(a, true);
    else if (a.startsWith("--")) return `unknown option ${a}`;
    else positional.push(a);
  }
  return { opts, positional };
}

function progressLine(p: BuildProgress): string {
  const rate = p.elapsedMs > 0 ? (p.domainsSeen / p.elapsedMs) * 1000 : 0;
  const where = p.phase === "read" ? ` ${p.inputsDone}/${p.inputsTotal} ${p.input ?? ""}`.slice(0, 60) : "";
  return `\r\x1b[K${p.phase}${where}  ${int(p.domainsSeen)} domains  ${int(Math.round(rate))}/s  ${(p.elapsedMs / 1000).toFixed(1)} s  rss ${mb(p.rssBytes)}`;
}

async function build(args: string[]): Promise<number> {
  const parsed = parseArgs(args, ["--out", "--tmp", "--complete"], ["--json"]);
  if (typeof parsed === "string") return usage(parsed);
  const out = parsed.opts.get("--out");
  if (typeof out !== "string") return usage("--out FILE is required");
  if (parsed.positional.length === 0) return usage("give at least one INPUT (a file, or - for standard input)");
  const problem = outputProblem(out, parsed.positional);
  if (problem !== null) {
    process.stderr.write(`index build: ${problem}; nothing was written\n`);
    return 1;
  }
  const tty = process.stderr.isTTY === true;
  const endSignals = cleanUpOnSignals((signal) =>
    process.stderr.write(`${tty ? "\n" : ""}index build: stopped by ${signal}; the temp files were removed, nothing was written\n`),
  );
  let report: BuildReport;
  try {
    report = await buildIndex({
      inputs: parsed.positional,
      out,
      tmpDir: parsed.opts.get("--tmp") as string | undefined,
      complete: typeof parsed.opts.get("--complete") === "string" ? (parsed.opts.get("--complete") as string).split(",").filter((e) => e !== "") : [],
      onProgress: tty ? (p) => process.stderr.write(progressLine(p)) : undefined,
    });
  } catch (e) {
    if (tty) process.stderr.write("\n");
    const message = buildFailure(e, out, parsed.positional);
    if (message === null) throw e;
    process.stderr.write(`index build: ${message}; nothing was written\n`);
    if (e instanceof EmptyBuildError) process.stderr.write(e.inputs.map((i) => describeInput(i) + "\n").join(""));
    return 1;
  } finally {
    endSignals();
  }
  if (tty) process.stderr.write("\n");
  if (parsed.opts.get("--json") === true) process.stdout.write(JSON.stringify(report) + "\n");
  else process.stdout.write(describeBuild(report));
  return 0;
}

/**
 * Why the index cannot be written at `out`, checked before the build reads for minutes: the
 * shared output checks (folder there and writable, `out` no folder), and `out` is none of
 * the inputs (the list would be replaced by the index). null when none stands in the way.
 */
function outputProblem(out: string, inputs: string[]): string | null {
  const problem = outputPathProblem(out);
  if (problem !== null) return problem;
  const target = fs.statSync(out, { throwIfNoEntry: false });
  if (target === undefined) return null;
  for (const input of inputs) {
    if (input === "-") continue;
    const s = fs.statSync(input, { throwIfNoEntry: false });
    // the same file by any name (a link, "./a.txt"): same device and inode
    if (s !== undefined && s.dev === target.dev && s.ino === target.ino)
      return `${out} is also an input (${input}); the index would replace it, give another --out`;
  }
  return null;
}

/**
 * One line for a build that failed on its inputs (InputError) or on a system error (full
 * disk, read-only filesystem, a failed rename); null for anything else, a bug, which keeps
 * its stack trace.
 */
export function buildFailure(e: unknown, out: string, inputs: string[]): string | null {
  if (e instanceof InputError) return e.message;
  const code = (e as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== "string" || !/^E[A-Z0-9]+$/.test(code)) return null;
  const at = (e as NodeJS.ErrnoException).path;
  if (at !== undefined && inputs.includes(at)) return `${at}: cannot read it: ${ioReason(e)}`;
  // the temp file beside `out` is the index being written; another path is the --tmp folder's
  const other = at !== undefined && path.dirname(path.resolve(at)) !== path.dirname(path.resolve(out)) ? ` (${at})` : "";
  return `cannot write ${out}: ${ioReason(e)}${other}`;
}

function describeInput(i: InputReport): string {
  const skipped = Object.entries(i.skipped).map(([k, v]) => `${k} ${int(v)}`);
  if (i.invalidNames > 0) skipped.push(`invalid names ${int(i.invalidNames)}`);
  if (i.tooLongLines > 0) skipped.push(`over-long lines ${int(i.tooLongLines)}`);
  const origin = i.origin !== null ? ` (origin ${i.origin || "."})` : "";
  return `  ${i.input}: ${i.format}${i.compressed ? ", gzip" : ""}${origin}, ${int(i.lines)} lines, ${int(i.domains)} domains${skipped.length ? `; skipped: ${skipped.join(", ")}` : ""}`;
}

function describeBuild(r: BuildReport): string {
  const lines = [`wrote ${r.out}: ${int(r.totalDomains)} domains, ${int(r.totalNames)} names, ${int(r.totalTlds)} extensions`];
  lines.push(...r.inputs.map(describeInput));
  lines.push(
    `  duplicates dropped ${int(r.duplicates)}; precomputed terms ${int(r.precomputedTerms)}`,
    `  ${mb(r.fileBytes)} (${r.bytesPerDomain.toFixed(1)} bytes per domain) in ${r.seconds.toFixed(1)} s (${int(Math.round(r.domainsPerSecond))} domains/s), peak RSS ${mb(r.peakRssBytes)}, ${r.sortRuns} sort runs`,
  );
  return lines.join("\n") + "\n";
}

function stats(args: string[]): number {
  const parsed = parseArgs(args, [], ["--json"]);
  if (typeof parsed === "string") return usage(parsed);
  if (parsed.positional.length !== 1) return usage("index stats takes one FILE");
  const file = parsed.positional[0];
  let index: ZoneIndex;
  try {
    index = ZoneIndex.open(file);
    const problem = index.verify();
    if (problem !== null) throw new ZoneIndexError(problem);
  } catch (e) {
    if (!(e instanceof ZoneIndexError)) throw e;
    process.stderr.write(`index stats: ${e.message}\n`);
    return 1;
  }
  const h = readHeader(file);
  const s = index.stats();
  const sections = [...h.sections.values()].map((x) => ({ tag: x.tag, offset: x.offset, bytes: x.length }));
  const info = { file, format_version: h.version, file_bytes: h.fileBytes, bytes_per_domain: h.fileBytes / Math.max(1, s.total_domains), ...s, sections };
  index.close();
  if (parsed.opts.get("--json") === true) {
    process.stdout.write(JSON.stringify(info) + "\n");
    return 0;
  }
  const out = [
    `${file}: zone index, format ${h.version}, checksums ok`,
    `  built ${s.built_at}`,
    `  ${int(s.total_domains)} domains, ${int(s.total_slds)} names, ${int(s.total_tlds)} extensions`,
    `  ${mb(h.fileBytes)} (${info.bytes_per_domain.toFixed(1)} bytes per domain)`,
    s.sample
      ? "  a synthetic sample index (not real registrations)"
      : `  whole zones: ${s.complete_tlds.length === 0 ? "none (every extension is a sample)" : s.complete_tlds.join(", ")}`,
    `  largest extensions: ${s.top_tlds.map((t) => `${t.tld} ${int(t.count)}`).join(", ")}`,
    `  sections: ${sections.map((x) => `${x.tag} ${mb(x.bytes)}`).join(", ")}`,
  ];
  process.stdout.write(out.join("\n") + "\n");
  return 0;
}

function usage(msg: string): number {
  process.stderr.write(`index: ${msg}\n${USAGE}`);
  return 2;
}
