/**
 * The server under test for bench/zone-swap/run.ts, in its own process: the real service on
 * ZW_ZONE_INDEX (ZW_WORKERS workers, default 2). Beside the ready line it prints, on stdout,
 * one JSON line per event the client times:
 * - {"swapped": file} when the main thread moves to another index file (polled every 10 ms);
 * - {"checked": ms, "problem": ...} after SIGUSR2, which runs the whole check at once
 *   (open the file in use afresh and crc32 every section, ZoneIndex.verify) in one go on
 *   the serving thread: the peer the sliced check is measured against.
 */
import { zoneServiceOf } from "../../src/capabilities/zone/service.ts";
import { ZoneIndex } from "../../src/zone-index/index.ts";
import { serveForBench } from "../support/serve.ts";

await serveForBench({
  name: "zone-swap",
  keys: Number(process.argv[2] ?? 100),
  env: { ZW_WORKERS: process.env.ZW_WORKERS ?? "2", ZW_ZONE_INDEX: process.env.ZW_ZONE_INDEX! },
  after: (s) => {
    const zone = zoneServiceOf(s.services)!;
    let last = zone.current()?.path;
    setInterval(() => {
      const now = zone.current()?.path;
      if (now !== last) console.log(JSON.stringify({ swapped: (last = now) }));
    }, 10);
    process.on("SIGUSR2", () => {
      const t0 = performance.now();
      const index = ZoneIndex.open(zone.current()!.path);
      const problem = index.verify();
      index.close();
      console.log(JSON.stringify({ checked: performance.now() - t0, problem }));
    });
  },
});
