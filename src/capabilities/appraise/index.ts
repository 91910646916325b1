/**
 * The appraise capability: POST /v1/appraise and POST /v1/appraise/bulk over the model in
 * this folder. It holds no resources of its own: the lexicon loads per thread on first use
 * and the zone index is the zone capability's (started before this one).
 */
import { defineCapability } from "../../capability.ts";
import { appraise as appraiseEndpoint, appraiseBulk } from "./routes.ts";

export const appraise = defineCapability({ name: "appraise", endpoints: [appraiseEndpoint, appraiseBulk] });
