/**
 * The real service for bench/hostile, in its own process: the sample zone index (built on
 * first start), the worker pool, 64 keys (the attack rotates over them so no per-minute
 * limit hides a request). Prints {port, keys, pid} when ready.
 */
import { serveForBench } from "../support/serve.ts";

await serveForBench({ name: "hostile", keys: 64 });
