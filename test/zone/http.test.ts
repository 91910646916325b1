/** The zone endpoints over HTTP on an index of the committed sample of real names (test/fixtures). */
import { zoneHttpSuite } from "./http-suite.ts";
import { testInputs } from "./real-domains.ts";

zoneHttpSuite(testInputs());
