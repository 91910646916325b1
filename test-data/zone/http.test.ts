/** The zone endpoints over HTTP on an index of the full .nu and .ee lists and the small zone walks (~500k domains). */
import { zoneHttpSuite } from "../../test/zone/http-suite.ts";
import { sharedZoneInputs } from "../support/shared-data.ts";

zoneHttpSuite(sharedZoneInputs());
