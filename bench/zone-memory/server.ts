/**
 * The server under test for bench/zone-memory/run.ts, in its own process: the real service
 * (startServer) serving the index at ZW_ZONE_INDEX with ZW_WORKERS workers (default 2) and
 * `keys` keys. Prints one JSON line {port, keys} when ready.
 */
import { serveForBench } from "../support/serve.ts";

await serveForBench({
  name: "zone-memory",
  keys: Number(process.argv[2] ?? 300),
  env: { ZW_WORKERS: process.env.ZW_WORKERS ?? "2", ZW_ZONE_INDEX: process.env.ZW_ZONE_INDEX! },
});
