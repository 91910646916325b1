/** Starting a bench server (bench/support/serve.ts in a child process) from a bench client. */
import path from "node:path";

/** A bench server started by `spawnBenchServer`: its process and the line it printed. */
export interface BenchServer<T> {
  proc: ReturnType<typeof Bun.spawn>;
  info: T;
  /** The server's own process: the one serveForBench printed, which is proc's child when a launcher stands between. */
  pid: number;
}

/**
 * The client side of serveForBench: runs `script` (a server of bench/) in its own process
 * with `args`, waits for the JSON line it prints once it listens, and returns it parsed.
 */
export async function spawnBenchServer<T = { port: number; keys: string[]; key: string }>(
  script: string,
  args: string[],
  opts: { env?: Record<string, string | undefined>; stderr?: "inherit" | "ignore"; launcher?: boolean } = {},
): Promise<BenchServer<T>> {
  // launcher: started as `npm start` starts the server, through scripts/bun.cjs, which sizes
  // JSC's heap bound to the index it will serve (bench/zone-memory measures that)
  const cmd = opts.launcher ? ["node", path.resolve(import.meta.dir, "../../scripts/bun.cjs"), "run", script] : [process.execPath, script];
  const proc = Bun.spawn([...cmd, ...args], {
    stdout: "pipe",
    stderr: opts.stderr ?? "inherit",
    env: { ...process.env, NODE_ENV: "production", ...opts.env },
  });
  const reader = proc.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`bench server ${script} did not start`);
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  const info = JSON.parse(text.split("\n")[0]!) as T;
  return { proc, info, pid: (info as { pid?: number }).pid ?? proc.pid };
}
