/**
 * The zone index of the calling thread. The main thread installs the holder that watches
 * the file (capability start). A worker thread serves exactly the file the main thread
 * verified and announced with the "zone.swap" broadcast (a private link that never changes
 * under it; the pool replays the last announcement to workers started later, before any
 * task). Every thread maps the same file, so the pages are shared. Pool tasks and other
 * capabilities (appraise) read the index through `zoneIndexHere`, so they work the same in
 * a worker and inline (ZW_WORKERS=0, where the main holder answers).
 */
import type { Config } from "../../config.ts";
import { ApiError } from "../../http/errors.ts";
import { ZoneIndex } from "../../zone-index/index.ts";
import type { ZoneIndexHolder } from "../../zone-index/swap.ts";

/** Main thread: holders by index path (a test process may run several servers). */
const holders = new Map<string, ZoneIndexHolder>();
/** Worker thread: the announced index by index path. */
const announced = new Map<string, { file: string; index: ZoneIndex }>();

/** Main thread: the holder that callers on this thread read the file at h.path from, until removed. */
export function installHolder(h: ZoneIndexHolder): () => void {
  holders.set(h.path, h);
  return () => {
    if (holders.get(h.path) === h) holders.delete(h.path);
  };
}

/** The index this thread serves from, or null when none is loaded. */
export function zoneIndexHere(config: Config): ZoneIndex | null {
  const h = holders.get(config.zoneIndex);
  if (h !== undefined) return h.current;
  return announced.get(config.zoneIndex)?.index ?? null;
}

/** The one answer (502, nothing charged) of a zone call while no index is loaded. */
export const noIndex = () => new ApiError("index_unavailable", "the zone index is not available on this server (no index file is loaded); try again later");

/** The index this thread serves from; a 502 when none is loaded. */
export function requireZoneIndex(config: Config): ZoneIndex {
  const index = zoneIndexHere(config);
  if (index === null) throw noIndex();
  return index;
}

/** Data of the "zone.swap" broadcast: the configured path and the verified file to map. */
export interface SwapNotice {
  path: string;
  file: string;
}

/**
 * "zone.swap" handler. On the thread that owns the holder it is a no-op. A worker maps the
 * announced file (its header checked on open, nothing more: the main thread's verify ran the
 * crc32s and the record checks); if that file is already gone, a newer announcement is on
 * its way and the worker keeps what it has.
 */
export function onSwapNotice(n: SwapNotice, config: Config): void {
  if (n.path !== config.zoneIndex || holders.has(n.path)) return;
  const cur = announced.get(n.path);
  if (cur?.file === n.file) return;
  let index: ZoneIndex;
  try {
    index = ZoneIndex.open(n.file, { checkLater: true });
  } catch {
    return;
  }
  announced.set(n.path, { file: n.file, index }); // the old one is left to the garbage collector (see swap.ts)
}
