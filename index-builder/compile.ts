/**
 * `npm run build`: compiles the index builder (index-builder/main.ts) into one standalone
 * executable, dist/zonewise-index, with `bun build --compile`. The binary carries the Bun
 * runtime, so it runs on a machine with neither Node.js nor Bun (same OS and CPU):
 *   dist/zonewise-index build --out zone.idx com.zone.gz net.zone.gz lists/*.txt
 *   dist/zonewise-index stats zone.idx
 */
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dir, "..");
const out = path.join(root, "dist", "zonewise-index");
fs.mkdirSync(path.dirname(out), { recursive: true });
const t0 = performance.now();
// the builder worker is an entrypoint of its own: bun build --compile leaves out a worker file
// that is not listed, and the worker then silently never starts
const entries = ["main.ts", "worker.ts"].map((f) => path.join(import.meta.dir, f));
const r = Bun.spawnSync([process.execPath, "build", "--compile", "--minify", ...entries, "--outfile", out], {
  cwd: root,
  stdout: "inherit",
  stderr: "inherit",
});
if (r.exitCode !== 0) {
  process.stderr.write(`build: bun build --compile failed (exit ${r.exitCode})\n`);
  process.exit(1);
}
const probe = Bun.spawnSync([out], { stderr: "pipe" });
if (!probe.stderr.toString().includes("index build --out FILE")) {
  process.stderr.write(`build: ${out} was written but does not answer its usage line\n`);
  process.exit(1);
}
process.stdout.write(
  `built ${path.relative(root, out)} (${(fs.statSync(out).size / 2 ** 20).toFixed(0)} MB) in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
);
