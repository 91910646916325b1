/**
 * A server must have its port to itself. Elysia asks Bun for SO_REUSEPORT unless told
 * otherwise, and a second server on a port in use then started without a word while the
 * kernel shared the connections between the two.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../src/config.ts";
import { startServer } from "../src/main.ts";
import { startTestServer, tempDir, type TestServer } from "./support/harness.ts";

let first: TestServer;
beforeAll(async () => {
  first = await startTestServer();
});
afterAll(() => first.stop());

test("a second server on a port in use does not start: a configuration error names the port", async () => {
  const port = String(first.server.port);
  const config = loadConfig({ ZW_HOST: "127.0.0.1", ZW_PORT: port, ZW_DATA_DIR: tempDir(), ZW_WORKERS: "1", ZW_DNS_SERVERS: "127.0.0.1:9" });
  const second = startServer(config, { log: () => {} });
  await expect(second).rejects.toThrow(ConfigError);
  await expect(second).rejects.toThrow(`cannot listen on 127.0.0.1:${port} (ZW_HOST, ZW_PORT)`);
  // the first still answers every request itself
  for (let i = 0; i < 20; i++) expect((await first.fetch("/v1/ping")).status).toBe(200);
});
