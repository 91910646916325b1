/** `cli jobs ...` as a user runs it: a child process with ZW_BASE_URL and ZW_API_KEY. */
import path from "node:path";
import { REPO } from "../../support/paths.ts";

export interface CliRun {
  out: string;
  err: string;
  code: number;
}

export async function runJobsCli(args: string[], baseUrl: string, key: string): Promise<CliRun> {
  const p = Bun.spawn([process.execPath, "run", path.join(REPO, "src/cli.ts"), "jobs", ...args], {
    cwd: REPO,
    env: { ...process.env, ZW_BASE_URL: baseUrl, ZW_API_KEY: key },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { out, err, code };
}
