/**
 * ZoneIndexHolder: the zone index a thread serves from, and the move to a new file without
 * downtime. Guarantees:
 * - A new file is picked up when it is renamed over the configured path (fs.watch on the
 *   folder, plus a periodic stat of inode/mtime/size where watch is unreliable), or when
 *   reload() or reloadInBackground() is called (the latter on SIGHUP in the server; workers
 *   hold no holder: they map the file the "zone.swap" broadcast names, thread-index.ts).
 * - A candidate is opened and, by default, fully verified (every section's crc32) before it
 *   replaces the current one: a change the watcher (or SIGHUP) sees is checked a slice per
 *   event-loop turn while the current index serves (reloadInBackground); reload() checks in
 *   one go. A missing, truncated, corrupt or foreign file is refused with
 *   a message (onEvent), and the index in use keeps serving. A refused file is not retried
 *   until its inode/mtime/size change.
 * - Queries are synchronous (and a worker handles one message at a time), so a query never
 *   sees two indexes and finishes on the one it started with. A retired index is not
 *   closed: a caller still holding it (across an await) keeps a working index, and its
 *   pages are unmapped by the garbage collector once nothing refers to them, never under a
 *   reader (files are only ever replaced by rename: Bun maps them read-write, and a
 *   truncated mapped file crashes the process).
 * - A new index derives its in-memory structures (ZoneIndex.prepareInBackground) one
 *   slice per event-loop turn once it serves (about 1 s of work at 20 M domains, 12 s at
 *   100 M): requests keep being answered, exactly, through slower paths until it is done.
 * - The holder may start empty (no file yet): current is null until a good file appears.
 * - What is verified is what is served: a candidate is first hard-linked to a private name
 *   beside the path (".zone.idx.serving-<pid>-<n>"), and that link is opened, verified and
 *   handed to the workers, so a rename racing with the check cannot slip an unverified file
 *   in. The link is removed when the index is retired (the mapping keeps the pages alive);
 *   links left by a dead process are swept at start. Where links are refused, the path is
 *   opened directly.
 */
import fs from "node:fs";
import path from "node:path";
import { fileIdentity, snapshot, sweepSnapshots } from "./files.ts";
import { ZoneIndex, ZoneIndexError } from "./index.ts";
import { finishInBackground } from "./steps.ts";

export type SwapEvent =
  | { type: "loaded"; path: string; file: string; builtAt: string; previousBuiltAt: string | null; identity: string }
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

/**
 * A retired index's private link stays for this long, so that a worker still busy with
 * earlier work (or still starting) can open an announcement that a newer one replaced.
 * Its mappings keep the data alive after the link goes; a worker never serves a file it
 * could not open (it keeps what it had, and the newest announcement always exists).
 */
export const RETIRED_LINK_GRACE_MS = 60_000;

/** A file opened to replace the one in use, not yet checked. */
interface Candidate {
  index: ZoneIndex;
  identity: string;
  file: string;
  /** The private link made for it (removed if it is refused), or null when the path itself was opened. */
  snap: string | null;
}

interface Slot {
  index: ZoneIndex;
  identity: string;
  /** The file mapped: a private hard link beside the path (or the path itself). */
  file: string;
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
    sweepSnapshots(opts.path);
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

  /** The file actually mapped (a private link to what was verified), or null. */
  get file(): string | null {
    return this.slot?.file ?? null;
  }

  private scheduleCheck(): void {
    if (this.debounce !== null || this.closed) return;
    this.debounce = setTimeout(() => {
      this.debounce = null;
      this.checkForChange();
    }, 50);
    this.debounce.unref?.();
  }

  /**
   * Reloads when the file at the path is not the one in use (nor one already refused), with
   * the check in slices between requests (reloadInBackground).
   */
  checkForChange(): void {
    if (this.closed) return;
    const id = fileIdentity(this.opts.path);
    if (id === "" || id === this.identity || id === this.refusedIdentity) return;
    void this.reloadInBackground();
  }

  /** Opens the file at the path now, checking it in one go; true when it was swapped in. */
  reload(): boolean {
    const c = this.candidate();
    if (c === null) return false;
    return this.settle(c, this.opts.verify !== false ? c.index.verify() : null);
  }

  private loading = false;
  private again = false;

  /**
   * reload(), but the check runs a slice per event-loop turn (steps.ts), the index in use
   * serving meanwhile: at 100 M domains the check takes 2-6 s, which the serving thread would
   * otherwise spend with every request waiting. One runs at a time; a change seen meanwhile
   * is looked at again once it ends.
   */
  async reloadInBackground(): Promise<boolean> {
    if (this.loading) {
      this.again = true;
      return false;
    }
    this.loading = true;
    let c: Candidate | null = null;
    try {
      c = this.candidate();
      if (c === null) return false;
      const before = this.slot;
      const problem = this.opts.verify !== false ? await finishInBackground(c.index.verifySteps(), undefined, () => this.closed) : null;
      if (this.closed || this.slot !== before) {
        // closed, or reload() swapped another file in meanwhile: this one may be older
        this.discard(c);
        this.again = !this.closed;
        return false;
      }
      return this.settle(c, problem);
    } catch (e) {
      // the check itself failed (not a finding about the file): the candidate is let go, and
      // the file is looked at again on its next change
      if (c !== null && this.slot?.index !== c.index) this.discard(c);
      console.error(`zone index: ${this.opts.path}: checking a new file failed:`, e);
      return false;
    } finally {
      this.loading = false;
      if (this.again && !this.closed) {
        this.again = false;
        this.checkForChange();
      }
    }
  }

  /**
   * The file at the path frozen under a private name first (what is verified is what is
   * served, and workers told about it open that very file even if the path moves on in
   * between), and opened; null when it cannot be (refused, with its event).
   */
  private candidate(): Candidate | null {
    if (this.closed) return null;
    const p = this.opts.path;
    const snap = snapshot(p, (this.seq += 1));
    const file = snap ?? p;
    const identity = fileIdentity(file);
    try {
      // the checks open() can leave out run with the crc32s (settle's problem), in slices when in the background
      return { index: ZoneIndex.open(file, { checkLater: this.opts.verify !== false }), identity, file, snap };
    } catch (e) {
      this.refuse({ identity, file, snap }, e);
      return null;
    }
  }

  /** Swaps the candidate in when its check found no problem, else refuses it; true when swapped. */
  private settle(c: Candidate, problem: string | null): boolean {
    if (problem !== null) {
      c.index.close();
      this.refuse(c, new ZoneIndexError(problem.replace(c.file, this.opts.path)));
      return false;
    }
    const p = this.opts.path;
    const old = this.slot;
    this.slot = { index: c.index, identity: c.identity, file: c.file };
    // this thread answers zone/count: derive its structures while the index already serves
    c.index.prepareInBackground().catch((e) => console.error(`zone index: ${p}: deriving its in-memory structures failed:`, e));
    this.refusedIdentity = null;
    this.opts.onEvent?.({ type: "loaded", path: p, file: c.file, builtAt: c.index.builtAt, previousBuiltAt: old?.index.builtAt ?? null, identity: c.identity });
    if (old !== null) this.retire(old, RETIRED_LINK_GRACE_MS);
    return true;
  }

  /** Closes a candidate that will not serve and removes its private link. */
  private discard(c: Candidate): void {
    c.index.close();
    dropLink(c);
  }

  /** Removes the candidate's private link and remembers its file as refused, with the event. */
  private refuse(c: Omit<Candidate, "index">, e: unknown): void {
    const p = this.opts.path;
    dropLink(c);
    this.refusedIdentity = c.identity;
    this.opts.onEvent?.({ type: "refused", path: p, error: (e instanceof Error ? e.message : String(e)).replace(c.file, p) });
  }

  private seq = 0;
  /** Private links of retired indexes, removed after the grace period (or at close). */
  private readonly retiring = new Map<ReturnType<typeof setTimeout>, () => void>();

  private retire(slot: Slot, graceMs: number): void {
    slot.index.stopPreparing();
    if (slot.file === this.opts.path) return;
    const rm = () => fs.rmSync(slot.file, { force: true });
    if (graceMs <= 0) return rm();
    const timer: ReturnType<typeof setTimeout> = setTimeout(() => {
      this.retiring.delete(timer);
      rm();
    }, graceMs);
    timer.unref?.();
    this.retiring.set(timer, rm);
  }

  /** Stops watching; the current index closes once work in flight releases it. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.watcher?.close();
    if (this.timer !== null) clearInterval(this.timer);
    if (this.debounce !== null) clearTimeout(this.debounce);
    if (this.slot !== null) this.retire(this.slot, 0);
    this.slot = null;
    for (const [timer, rm] of this.retiring) {
      clearTimeout(timer);
      rm();
    }
    this.retiring.clear();
  }
}

/** Removes a candidate's private link, when one was made for it. */
function dropLink(c: { snap: string | null }): void {
  if (c.snap !== null) fs.rmSync(c.snap, { force: true });
}
