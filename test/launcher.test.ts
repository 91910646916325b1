/**
 * scripts/bun.cjs sizes JavaScriptCore's heap-growth bound to the zone index the process
 * will serve (64 MB of garbage a thread: 64 MB / index size, at most 0.25), keeps an
 * operator's own value, and sizes it again in a launcher started from a launched process.
 * Index files here are sparse (their size is what counts), so nothing large is written.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const LAUNCHER = path.resolve(import.meta.dir, "../scripts/bun.cjs");
const MB = 1024 * 1024;
let dir: string;
let printer: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-launcher-"));
  printer = path.join(dir, "print.ts");
  fs.writeFileSync(
    printer,
    "console.log(JSON.stringify({ g: process.env.BUN_JSC_heapGrowthMaxIncrease, h: process.env.BUN_JSC_largeHeapSize, b: process.env.ZW_JSC_GARBAGE_BYTES }));\n",
  );
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What the launcher hands Bun, started from an environment without its marks. */
function launched(env: Record<string, string>): { g: string; h: string; b?: string } {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("BUN_JSC_") && k !== "ZW_JSC_FROM_LAUNCHER" && !k.startsWith("ZW_")),
  );
  const r = spawnSync("node", [LAUNCHER, "run", printer], { env: { ...clean, ...env }, cwd: dir, encoding: "utf8" });
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout.trim());
}

function sparse(name: string, bytes: number): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, "");
  fs.truncateSync(file, bytes);
  return file;
}

test("the bound is 64 MB of garbage over the index size, at most 0.25", () => {
  // with the garbage it planned, for the server to tell when a later index outgrows the bound
  expect(launched({ ZW_ZONE_INDEX: sparse("big.idx", 2048 * MB) })).toEqual({ g: "0.0313", h: String(128 * MB), b: String(64 * MB) });
  expect(launched({ ZW_ZONE_INDEX: sparse("mid.idx", 512 * MB) }).g).toBe("0.1250");
  expect(launched({ ZW_ZONE_INDEX: sparse("small.idx", 100 * MB) }).g).toBe("0.2500");
  // no index yet: the first start builds the small sample index
  expect(launched({ ZW_ZONE_INDEX: path.join(dir, "absent.idx") }).g).toBe("0.2500");
  // zone.idx in the data directory when ZW_ZONE_INDEX is not set, as src/config.ts resolves it
  fs.mkdirSync(path.join(dir, "data"), { recursive: true });
  sparse("data/zone.idx", 1024 * MB);
  expect(launched({ ZW_DATA_DIR: path.join(dir, "data") }).g).toBe("0.0625");
});

test("an operator's value wins; a launcher started by a launched process sizes its own", () => {
  const operator = launched({ ZW_ZONE_INDEX: sparse("op.idx", 2048 * MB), BUN_JSC_heapGrowthMaxIncrease: "0.5" });
  expect(operator.g).toBe("0.5");
  expect(operator.b).toBeUndefined(); // no plan of ours to check against
  // the parent's own (marked) values are sized again for the child's index
  const nested = launched({
    ZW_ZONE_INDEX: sparse("child.idx", 1024 * MB),
    BUN_JSC_heapGrowthMaxIncrease: "0.2500",
    BUN_JSC_largeHeapSize: String(128 * MB),
    ZW_JSC_FROM_LAUNCHER: "BUN_JSC_heapGrowthMaxIncrease,BUN_JSC_largeHeapSize",
  });
  expect(nested.g).toBe("0.0625");
});

/** Starts `script` under the launcher, waits for its first line, sends `sig` to the launcher. */
async function signalled(script: string, sig: NodeJS.Signals): Promise<{ code: number | null; signal: string | null; out: string }> {
  const file = path.join(dir, `sig-${sig}.ts`);
  fs.writeFileSync(file, script);
  const child = spawn("node", [LAUNCHER, "run", file], { cwd: dir, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  await new Promise<void>((resolve) =>
    child.stdout.on("data", (b: Buffer) => {
      out += b;
      if (out.includes("\n")) resolve();
    }),
  );
  child.kill(sig); // to the launcher only, as `kill <pid>` or a process manager would
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on("exit", (c, s) => resolve([c, s])));
  return { code, signal, out };
}

test("a signal to the launcher reaches Bun, and the launcher ends as Bun ended", async () => {
  // Bun handles the signal and exits with a code of its own: the launcher exits with it.
  const handled = await signalled(
    'process.on("SIGTERM", () => { console.log("bun got SIGTERM"); process.exit(7); });\nconsole.log("ready");\nsetInterval(() => {}, 1000);\n',
    "SIGTERM",
  );
  expect(handled).toEqual({ code: 7, signal: null, out: "ready\nbun got SIGTERM\n" });
  // SIGHUP (the zone index reload) is passed on too.
  const hup = await signalled(
    'process.on("SIGHUP", () => { console.log("bun got SIGHUP"); process.exit(0); });\nconsole.log("ready");\nsetInterval(() => {}, 1000);\n',
    "SIGHUP",
  );
  expect(hup).toEqual({ code: 0, signal: null, out: "ready\nbun got SIGHUP\n" });
  // Bun ended by the signal: the launcher ends by the same signal, no orphan left running.
  const killed = await signalled('console.log("ready");\nsetInterval(() => {}, 1000);\n', "SIGTERM");
  expect(killed).toEqual({ code: null, signal: "SIGTERM", out: "ready\n" });
}, 30_000);
