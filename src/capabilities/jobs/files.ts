/**
 * A job's files under <data dir>/jobs/<id>/: input.txt (the names as submitted, one per
 * line; read back by the runner, removed when the job ends) and results.ndjson.gz (NDJSON
 * as concatenated gzip members, one per chunk).
 *
 * Crash safety of the results file: a member is written at the committed length, then
 * fsynced, and only then is the chunk committed in SQLite. A process killed between the
 * two leaves bytes past the committed length; opening the file for writing truncates it
 * back, so the redone chunk is written once. Readers never read past the committed length.
 */
import fs from "node:fs";
import path from "node:path";
import { ApiError } from "../../http/errors.ts";

/** The errors that say the disk (or the user's quota on it) is full, SQLite's included. */
export function isNoSpace(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === "ENOSPC" || code === "EDQUOT" || code === "SQLITE_FULL") return true;
  return e instanceof Error && /\b(ENOSPC|EDQUOT)\b|no space left on device|database or disk is full/i.test(e.message);
}

/** The 507 a submission gets when its names or its job row do not fit on disk; nothing is kept or charged. */
export const noSpaceForJob = () =>
  new ApiError(
    "insufficient_storage",
    "the server's disk is full: the job's names could not be stored; nothing was charged, try again later or send fewer names",
  );

export interface ResultsWriter {
  /** Writes one member at the end of the committed bytes and fsyncs it; returns its offset. */
  append(member: Uint8Array): number;
  close(): void;
}

export class JobFiles {
  constructor(readonly root: string) {}

  dir(id: string): string {
    return path.join(this.root, id);
  }
  inputPath(id: string): string {
    return path.join(this.root, id, "input.txt");
  }
  resultsPath(id: string): string {
    return path.join(this.root, id, "results.ndjson.gz");
  }

  /**
   * Writes the submitted names durably before the job row exists. On any failure the job's
   * folder is removed before the error leaves, so a refused submission leaves no file (a
   * partial input left on a full disk would refuse every later submission too); a full
   * disk is the 507 of `noSpaceForJob`.
   */
  writeInput(id: string, names: readonly string[]): void {
    try {
      fs.mkdirSync(this.dir(id), { recursive: true });
      const fd = fs.openSync(this.inputPath(id), "w");
      try {
        // Names hold no newline (validated), so lines are the list; written in slices to cap memory.
        for (let i = 0; i < names.length; i += 100_000) {
          fs.writeSync(fd, names.slice(i, i + 100_000).join("\n") + "\n");
        }
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    } catch (e) {
      this.tryRemove(id);
      throw isNoSpace(e) ? noSpaceForJob() : e;
    }
  }

  /**
   * `writeInput` for names already joined (a name per line, final newline), written and
   * fsynced off the main thread: a million names are 25 MB. Same cleanup and 507.
   */
  async writeInputBytes(id: string, bytes: Uint8Array): Promise<void> {
    try {
      await fs.promises.mkdir(this.dir(id), { recursive: true });
      const fh = await fs.promises.open(this.inputPath(id), "w");
      try {
        await fh.writeFile(bytes);
        await fh.sync();
      } finally {
        await fh.close();
      }
    } catch (e) {
      this.tryRemove(id);
      throw isNoSpace(e) ? noSpaceForJob() : e;
    }
  }

  readInput(id: string): string[] {
    const text = fs.readFileSync(this.inputPath(id), "utf8");
    const names = text.split("\n");
    names.pop();
    return names;
  }

  removeInput(id: string): void {
    fs.rmSync(this.inputPath(id), { force: true });
  }

  /** Opens the results file for appending after `committed` bytes (truncating anything past it). */
  openWriter(id: string, committed: number): ResultsWriter {
    fs.mkdirSync(this.dir(id), { recursive: true });
    const p = this.resultsPath(id);
    const fd = fs.openSync(p, fs.existsSync(p) ? "r+" : "w+");
    fs.ftruncateSync(fd, committed);
    let end = committed;
    return {
      append(member) {
        let off = 0;
        while (off < member.byteLength) off += fs.writeSync(fd, member, off, member.byteLength - off, end + off);
        fs.fsyncSync(fd);
        const at = end;
        end += member.byteLength;
        return at;
      },
      close() {
        fs.closeSync(fd);
      },
    };
  }

  /** Removes everything of a job (results included). */
  remove(id: string): void {
    fs.rmSync(this.dir(id), { recursive: true, force: true });
  }

  /** `remove` that reports instead of throwing: null when the folder is gone, else why not. */
  tryRemove(id: string): unknown {
    try {
      this.remove(id);
      return null;
    } catch (e) {
      return e;
    }
  }

  /** `removeInput` that reports instead of throwing. */
  tryRemoveInput(id: string): unknown {
    try {
      this.removeInput(id);
      return null;
    } catch (e) {
      return e;
    }
  }

  /** The job folders on disk (for the start-up check that every folder has a job). */
  listDirs(): string[] {
    try {
      return fs.readdirSync(this.root).filter((n) => n.startsWith("job_"));
    } catch {
      return [];
    }
  }
}
