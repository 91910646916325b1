/**
 * Zone lookup rows (docs/zone.md, "What each figure means"), built in one place for POST /v1/zone/lookup and for
 * zone_lookup job chunks so both give the same row for the same name. The index answers a
 * whole batch as a compact Uint32Array (ZoneIndex.lookupDomains); that array is what crosses
 * the thread boundary, and the JSON rows are made from it next to the inputs.
 */
import type { ParsedName } from "../../domain/name.ts";
import {
  LOOKUP_NO_EXTENSION,
  LOOKUP_REGISTERED,
  LOOKUP_STRIDE_COUNTS,
  LOOKUP_STRIDE_PLAIN,
  LOOKUP_UNSUPPORTED,
  type ZoneIndex,
} from "../../zone-index/index.ts";

export interface LookupRow {
  input: string;
  name: string;
  extension: string | null;
  registered: boolean | null;
  extensions_registered: number | null;
  containing_domains?: number | null;
  containing_names?: number | null;
  starting_domains?: number | null;
  ending_domains?: number | null;
  supported: boolean;
}

/**
 * Input of the "zone.lookup" task: normalised ASCII names (full domains or bare names), one
 * per line. One string crosses to a worker by structured clone in microseconds; an array of
 * 5,000 went through msgpackr name by name, which cost the pool path 40 % of its lookups
 * and left its buffers piling up (bench/zone-memory/RESULTS.md). Normalised names hold no
 * newline. Classify's tasks take their names the same way.
 */
export interface LookupTaskInput {
  domains: string;
  includeCounts: boolean;
}

/** Output of the "zone.lookup" task: compact rows and the build time of the index used. */
export interface LookupTaskOutput {
  rows: Uint32Array;
  builtAt: string;
}

export function lookupCompact(index: ZoneIndex, domains: readonly string[], includeCounts: boolean): LookupTaskOutput {
  return { rows: index.lookupDomains(domains, includeCounts), builtAt: index.builtAt };
}

/** Row i of a compact answer, for the input as sent and its parsed form. */
export function lookupRow(input: string, p: ParsedName, rows: Uint32Array, i: number, includeCounts: boolean): LookupRow {
  const o = i * (includeCounts ? LOOKUP_STRIDE_COUNTS : LOOKUP_STRIDE_PLAIN);
  const flags = rows[o];
  const supported = (flags & LOOKUP_UNSUPPORTED) === 0;
  const registered = (flags & LOOKUP_NO_EXTENSION) !== 0 ? null : (flags & LOOKUP_REGISTERED) !== 0;
  const count = (k: number) => (supported ? rows[o + k] : null);
  if (!includeCounts) {
    return { input, name: p.name, extension: p.ext, registered, extensions_registered: count(1), supported };
  }
  return {
    input,
    name: p.name,
    extension: p.ext,
    registered,
    extensions_registered: count(1),
    containing_domains: count(2),
    containing_names: count(3),
    starting_domains: count(4),
    ending_domains: count(5),
    supported,
  };
}
