/**
 * Turning a submission into a checked request: the JSON body (schema, then every name like
 * the synchronous twin, the first bad one naming its index) or a text/plain body (one name
 * per line; \r dropped; blank lines skipped but counted, so messages name the line), with
 * the options, callback and idempotency settings from the query string. The fingerprint
 * identifies the request for idempotency: the same type, options, callback and names give
 * the same fingerprint whatever the encoding (JSON or text, gzip or not).
 */
import { ApiError } from "../../http/errors.ts";
import { checkParams } from "../../http/query.ts";
import { validator, type Validator } from "../../http/validate.ts";
import { isJobType, JOB_LIMITS, JOB_OPTIONS, JOB_TYPES, jobTypesPhrase, type JobOptionName, type JobType } from "../../operations.ts";
import { normaliseDomain, parseDomain, parseDomainList } from "../../domain/name.ts";
import { IDEMPOTENCY_KEY_MAX, SubmitSchema, typesAccepting } from "./schema.ts";
import type { JobOptions } from "./types.ts";

export interface Submission {
  type: JobType;
  /** Names as submitted (validated). */
  names: string[];
  /**
   * The same names as one UTF-8 text, a name per line with a final newline, in place of
   * `names` (then empty) when the submission was checked on the parse worker; `count` names.
   */
  namesBytes?: Uint8Array;
  count?: number;
  options: JobOptions;
  callbackUrl: string | null;
  idempotencyKey: string | null;
  fingerprint: string;
}

interface SubmitBody {
  type: JobType;
  domains: string[];
  options?: JobOptions;
  callback_url?: string;
  idempotency_key?: string;
}

const validators = new Map<number, Validator<SubmitBody>>();
function validatorFor(limit: number): Validator<SubmitBody> {
  let v = validators.get(limit);
  if (!v) validators.set(limit, (v = validator<SubmitBody>(SubmitSchema(limit))));
  return v;
}

const OPTION_NAMES = Object.keys(JOB_OPTIONS) as JobOptionName[];

/** The options the type accepts (JOB_TYPES[type].options), the set ones only, in table order. */
function checkOptions(type: JobType, options: JobOptions, where: string): JobOptions {
  const out: JobOptions = {};
  for (const name of OPTION_NAMES) {
    if (options[name] === undefined) continue;
    if (!JOB_TYPES[type].options.includes(name)) {
      throw new ApiError("invalid_request", `${where}${name} is only accepted for type ${typesAccepting(name).join(" or ")}`);
    }
    out[name] = options[name];
  }
  return out;
}

function fingerprint(type: JobType, options: JobOptions, callbackUrl: string | null, names: readonly string[]): string {
  const h = new Bun.CryptoHasher("sha256");
  h.update(JSON.stringify([type, ...OPTION_NAMES.map((n) => options[n] === true), callbackUrl]));
  for (let i = 0; i < names.length; i += 100_000) h.update("\n" + names.slice(i, i + 100_000).join("\n"));
  return h.digest("hex");
}

/**
 * A string the job row keeps must come back as it was sent: SQLite stores UTF-8, where a
 * lone surrogate becomes U+FFFD, so two different idempotency keys would name one job
 * (the second submission answered with the first job) and a callback URL would change.
 */
function storable(value: string | null, field: string): string | null {
  if (value !== null && !value.isWellFormed()) throw new ApiError("invalid_request", `${field} must be valid Unicode text (it holds a lone surrogate)`);
  return value;
}

/**
 * A setting that may come in the query string and names or shapes the request (the
 * idempotency key, the callback URL, both in the fingerprint): storable, and no U+FFFD.
 * Bun reads a request line's raw bytes that are not UTF-8 as U+FFFD before our code sees
 * the URL, so there a U+FFFD may stand for any such byte: were it allowed,
 * `?idempotency_key=<0xFF>` and `<0xFE>` would name one job. The JSON form has the same
 * rule, so a value means the same request in either form.
 */
function exactText(value: string | null, field: string): string | null {
  if (value?.includes("\ufffd")) {
    throw new ApiError(
      "invalid_request",
      `${field} must not contain U+FFFD (the replacement character): it cannot be told apart from bytes that were not UTF-8`,
    );
  }
  return storable(value, field);
}

/** idempotency_key, in both forms: 1 to 255 characters (UTF-16 code units, as the schema counts) of exactText. */
function idempotencyKey(value: string | null): string | null {
  if (value === null) return null;
  if (value.length < 1 || value.length > IDEMPOTENCY_KEY_MAX)
    throw new ApiError("invalid_request", `idempotency_key must be 1 to ${IDEMPOTENCY_KEY_MAX} characters`);
  return exactText(value, "idempotency_key");
}

export function fromJson(raw: unknown, listLimit: number): Submission {
  const body = validatorFor(listLimit).parse(raw);
  parseDomainList(body.domains, "domains", { requireExtension: JOB_TYPES[body.type].requireExtension });
  const options = checkOptions(body.type, body.options ?? {}, "options.");
  const callbackUrl = exactText(body.callback_url ?? null, "callback_url");
  return {
    type: body.type,
    names: body.domains,
    options,
    callbackUrl,
    idempotencyKey: idempotencyKey(body.idempotency_key ?? null),
    fingerprint: fingerprint(body.type, options, callbackUrl, body.domains),
  };
}

/** The settings a text/plain submission takes in its query string. */
export const TEXT_PARAMS: readonly string[] = ["type", ...OPTION_NAMES, "callback_url", "idempotency_key"];

export function fromText(text: string, query: URLSearchParams, listLimit: number): Submission {
  // Each setting once: read first-wins, `k=a&k=b` and `k=a&k=c` would be one request.
  checkParams(query, TEXT_PARAMS);
  const typeRaw = query.get("type");
  if (typeRaw === null) throw new ApiError("invalid_request", `type is required: add ?type=${jobTypesPhrase("or")}`);
  if (!isJobType(typeRaw)) throw new ApiError("invalid_request", `type must be one of ${jobTypesPhrase()}`);
  const type = typeRaw as JobType;
  const given: JobOptions = {};
  for (const name of OPTION_NAMES) {
    const v = query.get(name);
    if (v !== null && v !== "true" && v !== "false") throw new ApiError("invalid_request", `${name} must be true or false`);
    if (v !== null) given[name] = v === "true";
  }
  const options = checkOptions(type, given, "");
  const idem = idempotencyKey(query.get("idempotency_key"));
  const callbackUrl = exactText(query.get("callback_url"), "callback_url");
  if (callbackUrl !== null && callbackUrl.length > 2048) throw new ApiError("invalid_request", "callback_url must be at most 2048 characters");

  const needExt = JOB_TYPES[type].requireExtension;
  const names: string[] = [];
  let line = 0;
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte-order mark is not part of line 1
  const n = text.length;
  while (start < n) {
    // Blank lines (\n or \r\n) are counted and skipped in a tight loop, without a search
    // or a string each: a body of 256 MB of newlines takes about a second, not minutes.
    const c = text.charCodeAt(start);
    if (c === 10 || (c === 13 && text.charCodeAt(start + 1) === 10)) {
      line++;
      start += c === 10 ? 1 : 2;
      continue;
    }
    let end = text.indexOf("\n", start);
    if (end < 0) end = n;
    line++;
    const stop = text.charCodeAt(end - 1) === 13 ? end - 1 : end; // drop one \r
    const s = text.slice(start, stop);
    start = end + 1;
    if (s === "") continue; // a lone \r at the very end
    const ascii = normaliseDomain(s);
    // Messages (and their string building) only on failure: this loop runs a million times.
    if (ascii === null || (needExt && !ascii.includes("."))) parseDomain(s, `line ${line}`, { requireExtension: needExt });
    names.push(s);
    if (names.length > listLimit) throw new ApiError("invalid_request", `the list must contain at most ${listLimit} names (more at line ${line})`);
  }
  if (names.length === 0) throw new ApiError("invalid_request", "the body holds no names: send one name per line");
  return { type, names, options, callbackUrl, idempotencyKey: idem, fingerprint: fingerprint(type, options, callbackUrl, names) };
}

/** The names-in-flight cap per key (JOB_LIMITS, docs/api-rules.md). */
export function checkInFlight(inFlight: number, adding: number): void {
  if (inFlight + adding > JOB_LIMITS.namesInFlightCap) {
    throw new ApiError(
      "in_flight_exceeded",
      `names in flight would exceed the cap of ${JOB_LIMITS.namesInFlightCap} per key (${inFlight} in flight, ${adding} submitted)`,
      {
        names_in_flight: inFlight,
        names_in_flight_cap: JOB_LIMITS.namesInFlightCap,
        retry_after_seconds: 60,
      },
      { "Retry-After": "60" },
    );
  }
}
