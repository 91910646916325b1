/**
 * "classify.jobChunk": one chunk of a categorize job (the job chunk contract in
 * docs/CONVENTIONS.md). Names arrive as submitted and already validated; each is normalised again here so
 * its row is exactly what POST /v1/categorize answers for it. A name that does not normalise
 * (it should not happen) becomes an error row {"domain", "error"} instead of failing the chunk.
 */
import { normaliseDomain, splitName as parseName, type ParsedName } from "../../domain/name.ts";
import { categorizeRows } from "./results.ts";

import type { JobChunkInput, JobChunkOutput } from "../../pool/protocol.ts";

export type { JobChunkInput, JobChunkOutput };

export function categorizeJobChunk(input: JobChunkInput): JobChunkOutput {
  const asciis = input.names.map((name) => (typeof name === "string" ? normaliseDomain(name) : null));
  const valid: ParsedName[] = [];
  for (const ascii of asciis) if (ascii !== null) valid.push(parseName(ascii));
  // The rows of the valid names as one batch (batch-stages.ts), then every name's line in order.
  const rows = categorizeRows(valid);
  let ndjson = "",
    errors = 0,
    next = 0;
  for (let i = 0; i < asciis.length; i++) {
    if (asciis[i] === null) {
      errors++;
      ndjson += JSON.stringify({ domain: input.names[i], error: "not a valid domain name" }) + "\n";
    } else {
      ndjson += JSON.stringify(rows[next++]) + "\n";
    }
  }
  return { ndjson, errors };
}
