/**
 * The server under test for bench/mcp, in its own process: the real service (startServer,
 * the whole pipeline, SQLite, the tests' zone index) with a pool of keys so that a long run
 * stays under the per-key rate limits. Prints one JSON line {port, keys} when ready.
 *   node scripts/bun.cjs bench/mcp/server.ts <keys>
 */
import path from "node:path";
import { sharedZoneInputs } from "../../test-data/support/shared-data.ts";
import { placeFixtureIndex } from "../../test/zone/fixture-index.ts";
import { serveForBench } from "../support/serve.ts";

// The tests' zone index: real names from ../shared/data, built once per machine and cached.
await serveForBench({
  name: "mcp",
  keys: Number(process.argv[2] ?? "200"),
  before: (dir) => placeFixtureIndex(path.join(dir, "zone.idx"), sharedZoneInputs()),
});
