/**
 * The composition Elysia makes of our hook and routes (SYNC_SOURCE in app.ts): a GET route
 * whose service answers synchronously must be composed without an await, and the auth hook
 * must not make the request handler async. Elysia reads the functions' source text to decide
 * this, so an innocent edit (a `return f(...)` in the hook) would silently cost every request
 * a promise and a microtask; this test names the place instead.
 */
import { afterAll, expect, test } from "bun:test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { ENDPOINTS, RAW_OPENAPI } from "./routes.ts";
import type { Services } from "./services.ts";
import { openStore } from "./store/sqlite.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-app-"));
const store = openStore(dir);
afterAll(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface ComposedRoute {
  method: string;
  path: string;
  compile(): (...args: unknown[]) => unknown;
}

test("GET routes and the request handler are composed without await", () => {
  const services = { config: loadConfig({ ZW_DATA_DIR: dir }), store, pool: null, log: () => {} } as unknown as Services;
  const app = buildApp(services, { endpoints: ENDPOINTS, rawPaths: RAW_OPENAPI });
  app.compile();
  const routes = (app as unknown as { routes: ComposedRoute[] }).routes;
  const gets = ENDPOINTS.filter((e) => e.op.method === "GET").map((e) => e.op.path);
  expect(gets).toContain("/v1/ping");
  expect(gets).toContain("/v1/usage");
  for (const p of gets) {
    const route = routes.find((r) => r.method === "GET" && r.path === p);
    expect(route).toBeDefined();
    const composed = route!.compile();
    expect(`${p}: ${composed.constructor.name}`).toBe(`${p}: Function`);
  }
  expect(`request handler: ${(app.fetch as () => unknown).constructor.name}`).toBe("request handler: Function");
});
