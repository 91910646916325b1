/**
 * ZoneIndexHolder: the zone index a thread serves from, and the move to a new file without
 * downtime. Guarantees:
 * - A new file is picked up when it is renamed over the configured path (fs.watch on the
 *   folder, plus a periodic stat of inode/mtime/size where watch is unreliable), or when
 *   reload() is called (SIGHUP in the server, the "zone.swap" broadcast in workers).
 * - A candidate is opened and, by default, fully verified (every section's crc32) before it
 *   replaces the current one. A missing, truncated, corrupt or foreign file is refused with
 *   a message (onEvent), and the index in use keeps serving. A refused file is not retried
 *   until its inode/mtime/size change.
 * - Queries are synchronous, so a query never sees two indexes; acquire() hands out the
 *   current index with a release function for work that spans await points. The old index
 *   is closed once the holder let go of it and the last acquirer released it. Its pages are
 *   unmapped by the garbage collector, never under a reader (files are only ever replaced
 *   by rename, PLATFORM.md note 11).
 * - The holder may start empty (no file yet): current is null until a good file appears.
 */
import fs from "node:fs";
import path from "node:path";
import { ZoneIndex, ZoneIndexError } from "./index.ts";

export type SwapEvent =
  | { type: "loaded"; path: string; builtAt: string; previousBuiltAt: string | null; identity: string }
  | { type: "refused"; path: string; error: string };

export interface HolderOptions {
  path: string;
  /** stat fallback period; 0 disables polling. Default 5000 ms. */
  pollMs?: number;
  /** fs.watch on the folder. Default true. */
  watch?: boolean;
  /** full crc32 check of a new file before swapping. Default true. */
  verify?: boolean;
  onEvent?: (e: SwapEvent) => void;
}

interface Slot {
  index: ZoneIndex;
  refs: number;
  identity: string;
}

/** inode, mtime and size of the file at p ("" when it does not exist). */
export function fileIdentity(p: string): string {
  try {
    const st = fs.statSync(p);
    return `${st.ino}:${st.mtimeMs}:${st.size}`;
  } catch {
    return "";
  }
}

export class ZoneIndexHolder {
  private slot: Slot | null = null;
  private refusedIdentity: string | null = null;
  private watcher: fs.FSWatcher | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private debounce: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  /** Opens the file if it is there (a bad or missing file leaves the holder empty). */
  constructor(private readonly opts: HolderOptions) {
    this.reload();
    if (opts.watch !== false) {
      try {
        const base = path.basename(opts.path);
        this.watcher = fs.watch(path.dirname(path.resolve(opts.path)), { persistent: false }, (_ev, file) => {
          if (file === null || file.toString() === base) this.scheduleCheck();
        });
        this.watcher.on("error", () => undefined);
      } catch {
        this.watcher = null; // polling still covers it
      }
    }
    const poll = opts.pollMs ?? 5000;
    if (poll > 0) {
      this.timer = setInterval(() => this.checkForChange(), poll);
      this.timer.unref?.();
    }
  }

  get path(): string {
    return this.opts.path;
  }

  /** The index in use, or null when none could be loaded yet. */
  get current(): ZoneIndex | null {
    return this.slot?.index ?? null;
  }

  /** inode:mtime:size of the file in use ("" when none). */
  get identity(): string {
    return this.slot?.identity ?? "";
  }

  /** The current index plus a release function to call exactly once; null when empty. */
  acquire(): { index: ZoneIndex; release: () => void } | null {
    const slot = this.slot;
    if (slot === null) return null;
    slot.refs++;
    let released = false;
    return {
      index: slot.index,
      release: () => {
        if (released) return;
        released = true;
        unref(slot);
      },
    };
  }

  private scheduleCheck(): void {
    if (this.debounce !== null || this.closed) return;
    this.debounce = setTimeout(() => {
      this.debounce = null;
      this.checkForChange();
    }, 50);
    this.debounce.unref?.();
  }

  /** Reloads when the file at the path is not the one in use (nor one already refused). */
  checkForChange(): void {
    if (this.closed) return;
    const id = fileIdentity(this.opts.path);
    if (id === "" || id === this.identity || id === this.refusedIdentity) return;
    this.reload();
  }

  /** Opens the file at the path now; true when it was swapped in. */
  reload(): boolean {
    if (this.closed) return false;
    const p = this.opts.path;
    const identity = fileIdentity(p);
    let index: ZoneIndex;
    let raced = false;
    try {
      index = ZoneIndex.open(p);
      if (this.opts.verify !== false) {
        const problem = index.verify();
        if (problem !== null) {
          index.close();
          throw new ZoneIndexError(problem);
        }
      }
      // A rename during the open would mix two files: refuse and let the next check retry.
      if (fileIdentity(p) !== identity) {
        raced = true;
        index.close();
        throw new ZoneIndexError(`${p}: the file was replaced while it was being opened; retrying at the next change`);
      }
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      if (!raced) this.refusedIdentity = identity;
      this.opts.onEvent?.({ type: "refused", path: p, error });
      return false;
    }
    const old = this.slot;
    this.slot = { index, refs: 1, identity };
    this.refusedIdentity = null;
    this.opts.onEvent?.({ type: "loaded", path: p, builtAt: index.builtAt, previousBuiltAt: old?.index.builtAt ?? null, identity });
    if (old !== null) unref(old);
    return true;
  }

  /** Stops watching; the current index closes once work in flight releases it. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.watcher?.close();
    if (this.timer !== null) clearInterval(this.timer);
    if (this.debounce !== null) clearTimeout(this.debounce);
    if (this.slot !== null) unref(this.slot);
    this.slot = null;
  }
}

function unref(slot: Slot): void {
  if (--slot.refs === 0) slot.index.close();
}
