/**
 * "classify.jobChunk": one chunk of a categorize job (the job chunk contract in the common
 * brief). Names arrive as submitted and already validated; each is normalised again here so
 * its row is exactly what POST /v1/categorize answers for it. A name that does not normalise
 * (it should not happen) becomes an error row {"domain", "error"} instead of failing the chunk.
 */
import { normaliseDomain, splitName as parseName } from "../../domain/name.ts";
import { categorizeOne } from "./results.ts";

import type { JobChunkInput, JobChunkOutput } from "../../pool/protocol.ts";

export type { JobChunkInput, JobChunkOutput };

export function categorizeJobChunk(input: JobChunkInput): JobChunkOutput {
  let ndjson = "";
  let errors = 0;
  for (const name of input.names) {
    const ascii = typeof name === "string" ? normaliseDomain(name) : null;
    if (ascii === null) {
      errors++;
      ndjson += JSON.stringify({ domain: name, error: "not a valid domain name" }) + "\n";
    } else {
      ndjson += JSON.stringify(categorizeOne(parseName(ascii))) + "\n";
    }
  }
  return { ndjson, errors };
}
