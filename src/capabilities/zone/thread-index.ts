/**
 * The zone index of the calling thread. The main thread installs the holder it watches the
 * file with (capability start); a worker thread opens its own holder on first use, without
 * watching and without re-verifying (the main thread verified the file before announcing
 * it), and moves when the "zone.swap" broadcast arrives. Every thread maps the same file,
 * so the pages are shared. Pool tasks and other capabilities (appraise) read the index
 * through `zoneIndexHere`, so they work the same in a worker and inline.
 */
import type { Config } from "../../config.ts";
import { ApiError } from "../../http/errors.ts";
import type { ZoneIndex } from "../../zone-index/index.ts";
import { fileIdentity, ZoneIndexHolder } from "../../zone-index/swap.ts";

/** Holders of this thread by index path (one per path: a test process may run several servers). */
const holders = new Map<string, ZoneIndexHolder>();

/** Main thread: the holder callers on this thread read the file at h.path from, until removed. */
export function installHolder(h: ZoneIndexHolder): () => void {
  holders.set(h.path, h);
  return () => {
    if (holders.get(h.path) === h) holders.delete(h.path);
  };
}

function holderFor(config: Config): ZoneIndexHolder {
  let h = holders.get(config.zoneIndex);
  if (h === undefined) {
    h = new ZoneIndexHolder({ path: config.zoneIndex, watch: false, pollMs: 0, verify: false });
    holders.set(config.zoneIndex, h);
  }
  return h;
}

/** The index this thread serves from, or null when none is loaded. */
export function zoneIndexHere(config: Config): ZoneIndex | null {
  return holderFor(config).current;
}

export const NO_INDEX_MESSAGE = "the zone index is not available on this server (no index file is loaded); try again later";

/** The index this thread serves from; a 502 when none is loaded. */
export function requireZoneIndex(config: Config): ZoneIndex {
  const index = zoneIndexHere(config);
  if (index === null) throw new ApiError(502, NO_INDEX_MESSAGE);
  return index;
}

/** Data of the "zone.swap" broadcast: the file identity the main thread verified. */
export interface SwapNotice {
  path: string;
  identity: string;
}

/**
 * "zone.swap" handler: reopen when this thread's file is not the announced one. On the main
 * thread (which announced it) this is a no-op; a worker that finds yet another file at the
 * path keeps its index and waits for the announcement of that one.
 */
export function onSwapNotice(n: SwapNotice, config: Config): void {
  if (n.path !== config.zoneIndex) return;
  const h = holderFor(config);
  if (h.identity === n.identity || fileIdentity(n.path) !== n.identity) return;
  h.reload();
}
