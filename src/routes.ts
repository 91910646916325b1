/**
 * The one explicit list of what the server serves: every capability, in start order.
 * A capability that serves nothing yet contributes nothing (and the shared suites skip
 * its operations).
 */
import type { RatedRoute, RawRoute } from "./app.ts";
import { account } from "./capabilities/account/index.ts";
import { appraise } from "./capabilities/appraise/index.ts";
import { classify } from "./capabilities/classify/index.ts";
import { jobs } from "./capabilities/jobs/index.ts";
import { lookups } from "./capabilities/lookups/index.ts";
import { mcp } from "./capabilities/mcp/index.ts";
import { zone } from "./capabilities/zone/index.ts";
import type { Capability } from "./capability.ts";
import type { Endpoint } from "./http/endpoint.ts";
import type { ExtraPath } from "./http/openapi.ts";

/** Start order: the zone index and the lexicon before what uses them, jobs and MCP last. */
export const CAPABILITIES: readonly Capability[] = [account, zone, classify, appraise, lookups, jobs, mcp];

export const ENDPOINTS: Endpoint[] = CAPABILITIES.flatMap((c) => c.endpoints ?? []);

/** Routes that read their own request (job submit, results streaming, MCP). */
export const RAW_ROUTES: RawRoute[] = CAPABILITIES.flatMap((c) => c.raw ?? []);

/** Per-minute limits of the raw routes (POST /v1/jobs, POST /mcp). */
export const RAW_RATED: RatedRoute[] = CAPABILITIES.flatMap((c) => c.rated ?? []);

/** OpenAPI entries for the raw routes. */
export const RAW_OPENAPI: ExtraPath[] = CAPABILITIES.flatMap((c) => c.openapi ?? []);
