/**
 * The appraisal environment of the calling thread: the shipped lexicon (loaded once per
 * thread) and the zone index this thread maps (the main thread's watched holder, or a
 * worker's own mapping that follows the "zone.swap" broadcast), null when none is loaded.
 */
import type { Config } from "../../config.ts";
import { zoneIndexHere } from "../zone/thread-index.ts";
import type { AppraiseEnv } from "./appraiser.ts";
import { lexiconView } from "./lexicon-view.ts";

export function envHere(config: Config): AppraiseEnv {
  return { lex: lexiconView(), zone: zoneIndexHere(config) };
}
