/**
 * The zone capability: the index holder (watching ZW_ZONE_INDEX for a file renamed over
 * it), services.zone, the three endpoints, and the "zone.swap" notice (pool.share) that
 * moves the worker threads to each newly verified file. A missing or bad file leaves the endpoints
 * answering 502 until a good one arrives; it never stops the server.
 */
import { observerOf } from "../../observe/observer.ts";
import { defineCapability } from "../../capability.ts";
import fs from "node:fs";
import { staleHeapBoundWarning } from "../../zone-index/heap-bound.ts";
import { ZoneIndexHolder } from "../../zone-index/swap.ts";
import { zoneCount, zoneLookup, zoneStats } from "./routes.ts";
import { ZoneService, zoneServiceOf, type PoolLike } from "./service.ts";
import { installHolder, type SwapNotice } from "./thread-index.ts";

export const zone = defineCapability({
  name: "zone",
  endpoints: [zoneCount, zoneLookup, zoneStats],
  start(services) {
    const pool: PoolLike = services.pool;
    const path = services.config.zoneIndex;
    const holder = new ZoneIndexHolder({
      path,
      onEvent: (e) => {
        observerOf(services).zoneIndex(e);
        if (e.type === "refused") return;
        const stale = staleHeapBoundWarning(fileBytes(e.file));
        if (stale !== null) observerOf(services).logger.warn(`zone index: note: ${stale}`);
        // Shared, not broadcast: a broadcast also runs on this thread, and the first load
        // happens inside the holder's constructor, before installHolder marks this thread as
        // its owner, so the handler here mapped the index a second time (and JSC, counting
        // both mappings as live heap, let twice the garbage pile up on the serving thread).
        const notice: SwapNotice = { path: e.path, file: e.file };
        pool.share("zone.swap", notice);
      },
    });
    const uninstall = installHolder(holder);
    services.zone = new ZoneService(holder, pool);
    return () => {
      uninstall();
      holder.close();
    };
  },
  /** Public (no key): whether an index is loaded and its size, never a path or an error text. */
  health(services) {
    const index = zoneServiceOf(services)?.current() ?? null;
    return {
      zone_index:
        index === null
          ? { loaded: false }
          : { loaded: true, built_at: index.builtAt, total_domains: index.totalDomains, sample: index.sample, complete_tlds: index.stats().complete_tlds },
    };
  },
});

/** The size of the file now served (0 when it cannot be read, which warns of nothing). */
function fileBytes(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}
