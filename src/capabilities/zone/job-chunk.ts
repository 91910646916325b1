/**
 * "zone.jobChunk": one chunk of a zone_lookup job (the job chunk contract in
 * docs/CONVENTIONS.md). Names arrive as submitted (already validated at submit); each is normalised
 * again here so the row equals what POST /v1/zone/lookup answers for it. A name that does
 * not normalise (it should not happen) becomes an error row instead of failing the chunk.
 */
import { normaliseDomain, splitName, type ParsedName } from "../../domain/name.ts";
import type { ZoneIndex } from "../../zone-index/index.ts";
import { lookupCompact, lookupRow } from "./rows.ts";

import type { JobChunkInput, JobChunkOutput } from "../../pool/protocol.ts";

export type { JobChunkInput, JobChunkOutput };

export function zoneJobChunk(index: ZoneIndex, input: JobChunkInput): JobChunkOutput {
  const includeCounts = input.options?.include_counts === true;
  const parsed: (ParsedName | null)[] = input.names.map((s) => {
    const ascii = typeof s === "string" ? normaliseDomain(s) : null;
    return ascii === null ? null : splitName(ascii);
  });
  const good = parsed.filter((p): p is ParsedName => p !== null);
  const { rows } = lookupCompact(
    index,
    good.map((p) => p.ascii),
    includeCounts,
  );
  const lines: string[] = new Array(input.names.length);
  let errors = 0;
  let k = 0;
  for (let i = 0; i < input.names.length; i++) {
    const p = parsed[i];
    if (p === null) {
      errors++;
      lines[i] = JSON.stringify({ input: input.names[i], error: "not a valid domain name" });
    } else {
      lines[i] = JSON.stringify(lookupRow(input.names[i], p, rows, k++, includeCounts));
    }
  }
  return { ndjson: lines.length === 0 ? "" : lines.join("\n") + "\n", errors };
}
