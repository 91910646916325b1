/**
 * The engine's counts against brute force on the committed sample of real names (~14,700
 * domains, test/fixtures/SOURCES.md); the full lists run the same suite in
 * test-data/zone/counts.test.ts.
 */
import { countsSuite } from "./counts-suite.ts";
import { testInputs } from "./real-domains.ts";

countsSuite({
  inputs: testInputs(),
  chunkKeys: 5_000,
  floors: { anMatches: 1_000, anExtensions: 20, longTerms: null, registered: 3000, held: 3 },
});
