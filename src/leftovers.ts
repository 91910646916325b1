/**
 * Files a process leaves beside a path while it works, named `.<name><infix><pid>-<n>` (the
 * zone index's private serving links, the index writer's temp file), and their removal
 * once that process is gone: a crash or a kill -9 runs no handler, so the next user of the
 * path sweeps them. Only the path's own names, and never a running process's.
 */
import fs from "node:fs";
import path from "node:path";

/** Whether process `pid` is running (EPERM: it is, as another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The name beside `p` for this process's file number `n`. */
export function leftoverName(p: string, infix: string, n: number): string {
  return path.join(path.dirname(path.resolve(p)), `.${path.basename(p)}${infix}${process.pid}-${n}`);
}

/** Removes the files beside `p` named with `infix` whose process is gone; returns their names. */
export function sweepLeftovers(p: string, infix: string): string[] {
  const dir = path.dirname(path.resolve(p));
  const prefix = `.${path.basename(p)}${infix}`;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return []; // no folder: nothing to sweep
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const m = /^(\d+)-\d+$/.exec(name.slice(prefix.length));
    if (m === null) continue;
    const pid = Number(m[1]);
    if (pid === process.pid || processAlive(pid)) continue;
    try {
      fs.rmSync(path.join(dir, name), { force: true });
      removed.push(name);
    } catch {
      // not ours to remove after all (permissions): left alone
    }
  }
  return removed;
}
