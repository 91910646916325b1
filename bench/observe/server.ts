/**
 * A bench server for bench/observe/run.ts: the real service of the checkout at ROOT (this
 * one by default) with the settings given as JSON, KEYS keys.
 *   bun bench/observe/server.ts ROOT KEYS '{"ZW_LOG_LEVEL":"info",...}'
 */
import path from "node:path";

const [root = path.resolve(import.meta.dir, "../.."), keys = "1", env = "{}"] = process.argv.slice(2);
const { serveForBench } = (await import(path.join(root, "bench/support/serve.ts"))) as typeof import("../support/serve.ts");
await serveForBench({ name: "observe", keys: Number(keys), env: { ZW_WORKERS: "0", ...(JSON.parse(env) as Record<string, string>) } });
