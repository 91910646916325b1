/** The engine's counts against brute force on the full .nu and .ee lists and the small zone walks (~500k domains). */
import { countsSuite } from "../../test/zone/counts-suite.ts";
import { sharedZoneInputs } from "../support/shared-data.ts";

countsSuite({
  inputs: sharedZoneInputs(),
  chunkKeys: 150_000,
  floors: { anMatches: 10_000, anExtensions: 20, longTerms: 10, registered: 3000, held: 40 },
});
