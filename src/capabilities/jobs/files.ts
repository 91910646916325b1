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

  /** Writes the submitted names durably before the job row exists. */
  writeInput(id: string, names: readonly string[]): void {
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
}
