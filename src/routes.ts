/**
 * The one explicit list of what the server serves. A capability that is not built is not
 * listed (and the shared suites skip its operations).
 */
import type { RawRoute } from "./app.ts";
import { ping, usage } from "./capabilities/account/routes.ts";
import type { Endpoint } from "./http/endpoint.ts";
import type { ExtraPath } from "./http/openapi.ts";

export const ENDPOINTS: Endpoint[] = [ping, usage];

/** Routes that read their own request (job submit, results streaming, MCP). */
export const RAW_ROUTES: RawRoute[] = [];

/** OpenAPI entries for the raw routes. */
export const RAW_OPENAPI: ExtraPath[] = [];
