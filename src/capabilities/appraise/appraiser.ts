/**
 * The appraisal service: the response rows of POST /v1/appraise (single), POST
 * /v1/appraise/bulk (rows) and appraise job chunks, built from the model (model.ts) over
 * the signals gather.ts collects. Pure given its environment (a lexicon view and a zone
 * view or null), so it runs the same on the HTTP thread, in a worker and in tests.
 */
import { normaliseDomain, splitName, type ParsedName } from "../../domain/name.ts";
import { gather, type LexiconView, type ZoneView } from "./gather.ts";
import { appraiseSignals, MODEL_VERSION } from "./model.ts";
import type { ExplainEntry } from "./signals.ts";
import type { JobChunkInput, JobChunkOutput } from "../../pool/protocol.ts";

export interface AppraiseEnv {
  lex: LexiconView;
  /** null when no zone index is loaded: the model then widens its range and zone reads false/0. */
  zone: ZoneView | null;
}

export interface ClassificationObject {
  split: string;
  vertical: string;
  subcategory: string;
  domain_type: string;
}

/** The single appraisal's body; explanation only when asked. */
export interface AppraisalBody {
  domain: string;
  final: { value: number; low: number; high: number; version: string };
  classification: ClassificationObject;
  zone: { indexed: boolean; exact_count: number };
  explain?: ExplainEntry[];
}

/** One row of a bulk appraisal. */
export interface AppraisalRow {
  domain: string;
  value: number;
  low: number;
  high: number;
  version: string;
  classification: ClassificationObject;
  explain?: ExplainEntry[];
}

/** final.version: the model and the lexicon that produced the number. */
export function versionOf(env: AppraiseEnv): string {
  return `${MODEL_VERSION}+${env.lex.version}`;
}

/** The parsed name must carry an extension (validation guarantees it for every caller). */
function withExt(p: ParsedName): { ascii: string; name: string; ext: string } {
  return { ascii: p.ascii, name: p.name, ext: p.ext ?? "" };
}

/** Signals, model and the classification object of one name: what both row shapes are built from. */
function evaluate(p: ParsedName, env: AppraiseEnv, explain: boolean) {
  const g = gather(withExt(p), env.lex, env.zone);
  const c = g.signals.classification;
  const classification: ClassificationObject = { split: g.split, vertical: c.vertical, subcategory: c.subcategory, domain_type: c.type };
  return { a: appraiseSignals(g.signals, explain), classification, zone: g.signals.zone };
}

export function appraiseOne(p: ParsedName, env: AppraiseEnv, explain = false): AppraisalBody {
  const { a, classification, zone } = evaluate(p, env, explain);
  const body: AppraisalBody = {
    domain: p.ascii,
    final: { value: a.value, low: a.low, high: a.high, version: versionOf(env) },
    classification,
    zone: { indexed: zone?.indexed ?? false, exact_count: zone?.exactCount ?? 0 },
  };
  if (a.explain !== null) body.explain = a.explain;
  return body;
}

export function appraiseRow(p: ParsedName, env: AppraiseEnv, explain = false, version = versionOf(env)): AppraisalRow {
  const { a, classification } = evaluate(p, env, explain);
  const row: AppraisalRow = { domain: p.ascii, value: a.value, low: a.low, high: a.high, version, classification };
  if (a.explain !== null) row.explain = a.explain;
  return row;
}

/** Task input of "appraise.bulk": normalised full domains (validated by the caller). */
export interface BulkInput {
  domains: string[];
  explain: boolean;
}

export function appraiseBulk(input: BulkInput, env: AppraiseEnv): AppraisalRow[] {
  const version = versionOf(env);
  const rows = new Array<AppraisalRow>(input.domains.length);
  for (let i = 0; i < rows.length; i++) rows[i] = appraiseRow(splitName(input.domains[i]!), env, input.explain, version);
  return rows;
}

export type { JobChunkInput };

/**
 * "appraise.jobChunk": names as submitted (validated at submit) -> one bulk row per name as
 * NDJSON, in input order. A name that does not normalise to a full domain (it should not
 * happen) becomes {"domain", "error"} instead of failing the chunk.
 */
export function appraiseJobChunk(input: JobChunkInput, env: AppraiseEnv): JobChunkOutput {
  const version = versionOf(env);
  let out = "";
  let errors = 0;
  for (const name of input.names) {
    const ascii = typeof name === "string" ? normaliseDomain(name) : null;
    if (ascii === null || !ascii.includes(".")) {
      errors++;
      out += JSON.stringify({ domain: name, error: ascii === null ? "not a valid domain name" : "needs an extension" }) + "\n";
      continue;
    }
    out += JSON.stringify(appraiseRow(splitName(ascii), env, false, version)) + "\n";
  }
  return { ndjson: out, errors };
}
