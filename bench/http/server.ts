/**
 * The server under test, in its own process: `full` is the real service (startServer, every
 * hook of the pipeline, SQLite, a real key); `bare` is an Elysia route with no pipeline.
 * Prints one JSON line {port, key} when ready.
 */
import { Elysia } from "elysia";
import { serveForBench } from "../support/serve.ts";

const mode = process.argv[2] ?? "full";
if (mode === "bare") {
  const app = new Elysia().get("/v1/ping", () => ({ ok: true, key: "bare" })).listen({ hostname: "127.0.0.1", port: 0 });
  console.log(JSON.stringify({ port: app.server!.port, key: "none" }));
} else {
  await serveForBench({ name: "http", keys: 1, env: { ZW_WORKERS: "0" } });
}
