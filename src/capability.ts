/**
 * What a capability plugs into the service: its metered endpoints (run through the
 * pipeline), raw routes that read their own request (job submit, results streaming, MCP),
 * their OpenAPI entries, pool tasks, and resources it starts and stops (zone index,
 * lookup clients, job runner). src/routes.ts lists every capability once; nothing else
 * registers a route.
 */
import type { RatedRoute, RawRoute } from "./app.ts";
import type { Endpoint } from "./http/endpoint.ts";
import type { ExtraPath } from "./http/openapi.ts";
import type { Services } from "./services.ts";

export interface Capability {
  name: string;
  endpoints?: Endpoint[];
  raw?: RawRoute[];
  /** Per-minute limits of the raw routes, checked before their body is read (app.ts). */
  rated?: RatedRoute[];
  openapi?: ExtraPath[];
  /**
   * Start what the capability holds and put its service on `services` (under its own
   * name). Runs in list order, after the store and the worker pool exist; returns what
   * stops it (called in reverse order).
   */
  start?(services: Services): Promise<(() => Promise<void> | void) | void> | (() => Promise<void> | void) | void;
  /** Facts for GET /healthz (e.g. the zone index in use). */
  health?(services: Services): Record<string, unknown>;
}

export function defineCapability(c: Capability): Capability {
  return c;
}
