/**
 * The classify capability: POST /v1/camelcase, POST /v1/categorize, GET /v1/taxonomy,
 * services.classify (service.ts) and the pool tasks (tasks.ts). Start loads the lexicon on
 * this thread, shares its tables with every worker (one copy for the whole server, not one
 * a thread) and has each worker build its splitter, so no request pays for either.
 */
import { defineCapability } from "../../capability.ts";
import { classifyVersion } from "./api.ts";
import { camelcase, categorize, taxonomy } from "./routes.ts";
import { ClassifyService } from "./service.ts";
import { getLexicon, LEXICON_SHARE } from "./lexicon.ts";
import { getSplitter } from "./splitter.ts";

export const classify = defineCapability({
  name: "classify",
  endpoints: [camelcase, categorize, taxonomy],
  start(services) {
    getSplitter();
    services.pool.share(LEXICON_SHARE, getLexicon().tables);
    services.classify = new ClassifyService(services.pool);
    services.pool.broadcast("classify.warm", null).catch((e) => process.stderr.write(`classify: warming the workers failed: ${String(e)}\n`));
  },
  health: () => ({ classify: { version: classifyVersion() } }),
});
