/**
 * External sort with de-duplication for the builder's keys ("name ext", a space between:
 * space sorts below every name character, so keys come out ordered by name, then extension).
 * Keys are gathered in memory up to `chunkKeys`, sorted, de-duplicated and spilled as a
 * run file (latin1 text, one key per line) to a private temp folder; `drain` k-way merges
 * the runs with a binary heap and hands each distinct key to a callback exactly once, in
 * order. Memory is bounded by one chunk plus one read buffer per run, whatever the input size.
 */
import fs from "node:fs";
import path from "node:path";

export const DEFAULT_CHUNK_KEYS = 4_000_000;
const READ_BYTES = 4 << 20;

export class ExternalSorter {
  private keys: string[] = [];
  private runs: string[] = [];
  private dir: string | null = null;
  spilledBytes = 0;

  constructor(private readonly tmpRoot: string, private readonly chunkKeys = DEFAULT_CHUNK_KEYS) {}

  add(key: string): void {
    this.keys.push(key);
    if (this.keys.length >= this.chunkKeys) this.spill();
  }

  get runCount(): number {
    return this.runs.length;
  }

  private sortedChunk(): string[] {
    const k = this.keys;
    this.keys = [];
    k.sort();
    let w = 0;
    for (let i = 0; i < k.length; i++) if (w === 0 || k[i] !== k[w - 1]) k[w++] = k[i];
    k.length = w;
    return k;
  }

  private spill(): void {
    const chunk = this.sortedChunk();
    if (this.dir === null) this.dir = fs.mkdtempSync(path.join(this.tmpRoot, "zonewise-sort-"));
    const file = path.join(this.dir, `run-${this.runs.length}.txt`);
    const text = chunk.join("\n") + "\n";
    fs.writeFileSync(file, text, "latin1");
    this.spilledBytes += text.length;
    this.runs.push(file);
    // The chunk's strings are garbage now: collecting here keeps the heap at one chunk.
    Bun.gc(true);
  }

  /** Emits every distinct key in order, then removes the temp files. */
  drain(emit: (key: string) => void): void {
    try {
      if (this.runs.length === 0) {
        for (const k of this.sortedChunk()) emit(k);
        return;
      }
      if (this.keys.length > 0) this.spill();
      mergeRuns(this.runs.map((f) => new RunReader(f)), emit);
    } finally {
      this.cleanup();
    }
  }

  cleanup(): void {
    if (this.dir !== null) fs.rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
    this.runs = [];
  }
}

class RunReader {
  private fd: number;
  private lines: string[] = [];
  private pos = 0;
  private carry = "";
  private eof = false;
  private buf = Buffer.allocUnsafe(READ_BYTES);
  current: string | null = null;

  constructor(file: string) {
    this.fd = fs.openSync(file, "r");
    this.advance();
  }

  advance(): void {
    while (this.pos >= this.lines.length) {
      if (this.eof) {
        this.current = null;
        fs.closeSync(this.fd);
        return;
      }
      const n = fs.readSync(this.fd, this.buf, 0, READ_BYTES, null);
      if (n === 0) {
        this.eof = true;
        this.lines = this.carry.length > 0 ? [this.carry] : [];
        this.carry = "";
      } else {
        const parts = (this.carry + this.buf.toString("latin1", 0, n)).split("\n");
        this.carry = parts.pop() as string;
        this.lines = parts;
      }
      this.pos = 0;
    }
    this.current = this.lines[this.pos++];
  }
}

function mergeRuns(readers: RunReader[], emit: (key: string) => void): void {
  const heap = readers.filter((r) => r.current !== null);
  const less = (a: RunReader, b: RunReader) => (a.current as string) < (b.current as string);
  const down = (i: number) => {
    const n = heap.length;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) return;
      const r = l + 1;
      const m = r < n && less(heap[r], heap[l]) ? r : l;
      if (!less(heap[m], heap[i])) return;
      [heap[m], heap[i]] = [heap[i], heap[m]];
      i = m;
    }
  };
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(i);
  let last: string | null = null;
  while (heap.length > 0) {
    const top = heap[0];
    const k = top.current as string;
    if (k !== last) {
      emit(k);
      last = k;
    }
    top.advance();
    if (top.current === null) {
      const end = heap.pop() as RunReader;
      if (heap.length === 0) break;
      heap[0] = end;
    }
    down(0);
  }
}
