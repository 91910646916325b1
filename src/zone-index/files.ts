/**
 * The files behind a swap: the identity of a file (inode, mtime, size) and the private hard
 * links ("<dir>/.<name>.serving-<pid>-<n>") that freeze the exact file a holder verified,
 * so that what is verified is what every thread maps.
 */
import fs from "node:fs";
import { leftoverName, sweepLeftovers } from "../leftovers.ts";

/** inode, mtime and size of the file at p ("" when it does not exist). */
export function fileIdentity(p: string): string {
  try {
    const st = fs.statSync(p);
    return `${st.ino}:${st.mtimeMs}:${st.size}`;
  } catch {
    return "";
  }
}

const SNAP_INFIX = ".serving-";

/**
 * Hard-links the file at p to ".<name>.serving-<pid>-<seq>" beside it and returns that name;
 * null when there is no file or the filesystem refuses links (then p itself is opened).
 */
export function snapshot(p: string, seq: number): string | null {
  const snap = leftoverName(p, SNAP_INFIX, seq);
  try {
    fs.rmSync(snap, { force: true });
    fs.linkSync(p, snap);
    return snap;
  } catch {
    return null;
  }
}

/** Removes private links left by processes that are gone (a crash, a kill -9). */
export function sweepSnapshots(p: string): void {
  sweepLeftovers(p, SNAP_INFIX);
}
