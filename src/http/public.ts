/** Outside /v1 and needing no key: /healthz, /openapi.json, /docs. */
import type { RawRoute } from "../app.ts";
import type { Endpoint } from "./endpoint.ts";
import { jsonResponse } from "./errors.ts";
import { buildOpenApi, type ExtraPath } from "./openapi.ts";
import { renderDocs } from "./docs-page.ts";

export function publicRoutes(endpoints: Endpoint[], extra: ExtraPath[] = [], health: () => Record<string, unknown> = () => ({})): RawRoute {
  let doc: unknown;
  let page: string;
  const healthz: ExtraPath = {
    method: "get",
    path: "/healthz",
    summary: "Health of the process (no key)",
    description:
      "For load balancers and process managers: the worker pool, the zone index in use and the capabilities' own figures. Needs no key; costs nothing.",
    security: [],
    responses: {
      "200": { description: "OK", content: { "application/json": { schema: { type: "object", required: ["ok"], properties: { ok: { type: "boolean" } } } } } },
    },
  };
  const openapi = () => (doc ??= buildOpenApi(endpoints, [...extra, healthz]));
  return (app) => {
    app.get("/healthz", () => jsonResponse(200, { ok: true, ...health() }));
    app.get("/openapi.json", () => jsonResponse(200, openapi()));
    app.get("/docs", () => new Response((page ??= renderDocs(openapi())), { headers: { "content-type": "text/html; charset=utf-8" } }));
  };
}
