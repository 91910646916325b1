/**
 * The server under test for bench/classify/http.ts, in its own process: the real service
 * (startServer) with ZW_WORKERS workers (default 2), no zone index unless ZW_ZONE_INDEX names one, and `keys` keys with a
 * huge quota (the per-key rate limits are the real ones, so the load rotates over many keys).
 * Prints one JSON line {port, keys} when ready.
 *   node scripts/bun.cjs run bench/classify/server.ts [keys=100]
 */
import { serveForBench } from "../support/serve.ts";

// ZW_ZONE_INDEX (optional): every thread maps that index too, as in a production server,
// which is what sizes the launcher's heap bound (scripts/bun.cjs)
const zone: Record<string, string> = process.env.ZW_ZONE_INDEX ? { ZW_ZONE_INDEX: process.env.ZW_ZONE_INDEX } : {};
await serveForBench({ name: "classify", keys: Number(process.argv[2] ?? 100), env: { ZW_WORKERS: process.env.ZW_WORKERS ?? "2", ...zone } });
