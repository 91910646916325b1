/**
 * Files and folders the commands are told to use, and why one cannot be used, in words: one
 * place for the start-up settings (config.ts), `cli index build` and `cli jobs` alike.
 */
import fs from "node:fs";
import path from "node:path";

/** Why a file or directory could not be used, in words (the code is kept for searching). */
export function ioReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  const words: Record<string, string> = {
    ENOENT: "does not exist",
    EEXIST: "exists and is not a directory",
    ENOTDIR: "a part of the path is not a directory",
    EISDIR: "is a directory",
    EACCES: "permission denied",
    EROFS: "read-only file system",
  };
  if (code && words[code]) return `${words[code]} (${code})`;
  // any other system error: its own words ("ENOSPC: no space left on device, write")
  const own = e instanceof Error ? /\bE[A-Z0-9]+: ([^,]+)/.exec(e.message)?.[1] : undefined;
  if (code && own !== undefined) return `${own} (${code})`;
  return e instanceof Error ? e.message : String(e);
}

/**
 * Why `out` cannot be written, checked before a long build or a charged job: its folder
 * exists and is writable, and `out` is not itself a folder; null when nothing stands in the
 * way (the write's own errors still have to be caught).
 */
export function outputPathProblem(out: string): string | null {
  const dir = path.dirname(path.resolve(out));
  const folder = fs.statSync(dir, { throwIfNoEntry: false });
  if (folder === undefined) return `${out}: the folder ${dir} does not exist`;
  if (!folder.isDirectory()) return `${out}: ${dir} is not a folder`;
  try {
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (e) {
    return `${out}: cannot write in the folder ${dir}: ${ioReason(e)}`;
  }
  if (fs.statSync(out, { throwIfNoEntry: false })?.isDirectory()) return `${out} is a folder; give the path of a file to write`;
  return null;
}
