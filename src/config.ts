/**
 * Every ZW_* setting (README, "Settings"), parsed once, with defaults and a clear
 * error naming the variable when a value is bad. Nothing else reads process.env for ZW_*.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ioReason } from "./file-problems.ts";
import { JOB_LIMITS } from "./operations.ts";

export interface HostPort {
  host: string;
  port: number;
}

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  zoneIndex: string;
  workers: number;
  rdapBootstrap: string | null;
  whoisServers: Map<string, HostPort>;
  dnsServers: HostPort[];
  callbackAllowPrivate: boolean;
  callbackCaFile: string | null;
  resultsTtlS: number;
  jobDeadlineS: number;
  jobBudgetS: number;
  callbackDelaysS: number[];
  chunkSize: number;
  /** Queued names a job lane holds before submissions get 503 "job queue is full". */
  jobLaneCapNames: number;
  /** Seconds a stopping server lets requests in flight finish before it closes their connections. */
  shutdownDrainS: number;
  baseUrl: string;
  apiKey: string | null;
  /**
   * PostgreSQL shared by several nodes for keys, usage and rate windows
   * (src/store/postgres/); null: the SQLite file in the data directory.
   */
  databaseUrl: string | null;
  /** Port of the separate /metrics listener; null = no metrics (0 = any free port). */
  metricsPort: number | null;
  metricsHost: string;
  /** pino level: trace, debug, info, warn, error, fatal or silent. */
  logLevel: LogLevel;
  /** json, pretty, or auto (pretty on a terminal, JSON otherwise). */
  logFormat: "json" | "pretty" | "auto";
  /** File the log lines are appended to; null = standard output. */
  logFile: string | null;
  /** Days of per-day usage rows kept for GET /v1/usage/history and `keys usage`. */
  usageRetentionDays: number;
}

export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function choice<T extends string>(env: Env, name: string, allowed: readonly T[], def: T): T {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return def;
  if (!(allowed as readonly string[]).includes(raw)) throw new ConfigError(`${name}: "${env[name]}" is not one of ${allowed.join(", ")}`);
  return raw as T;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

type Env = Record<string, string | undefined>;

/**
 * The data directory, made on first use. What stands in its way (a file of that name, a
 * path that cannot be created or written) is a configuration error naming ZW_DATA_DIR:
 * a raw mkdir error would be a stack trace that does not say which setting is wrong.
 */
export function ensureDataDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK | fs.constants.X_OK);
  } catch (e) {
    throw new ConfigError(`ZW_DATA_DIR: ${dir} cannot be used as the data directory: ${ioReason(e)}`);
  }
}

function intSetting(env: Env, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return def;
  const t = raw.trim();
  if (!/^\d+$/.test(t)) throw new ConfigError(`${name}: "${raw}" is not a whole number`);
  const n = Number(t);
  if (n < min || n > max) throw new ConfigError(`${name}: ${n} is outside ${min}..${max}`);
  return n;
}

function boolSetting(env: Env, name: string, def: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return def;
  if (["1", "true", "yes", "on"].includes(raw)) return true;
  if (["0", "false", "no", "off"].includes(raw)) return false;
  throw new ConfigError(`${name}: "${env[name]}" is not a boolean (use 1 or 0)`);
}

/** "host[:port]" with IPv6 as "[::1]:53". */
export function parseHostPort(raw: string, defPort: number, name: string): HostPort {
  const s = raw.trim();
  let host = s;
  let port = defPort;
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(s);
  if (v6) {
    host = v6[1]!;
    if (v6[2]) port = Number(v6[2]);
  } else if (/^[^:]+:\d+$/.test(s)) {
    const i = s.lastIndexOf(":");
    host = s.slice(0, i);
    port = Number(s.slice(i + 1));
  } else if (s.includes(":") && !/^[0-9a-fA-F:]+$/.test(s)) {
    throw new ConfigError(`${name}: "${raw}" is not host[:port]`);
  }
  if (!host || !/^[A-Za-z0-9.:-]+$/.test(host)) throw new ConfigError(`${name}: "${raw}" has no valid host`);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new ConfigError(`${name}: port of "${raw}" is outside 1..65535`);
  return { host, port };
}

function listSetting(env: Env, name: string): string[] | null {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return null;
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/** A postgres:// URL with its password hidden, for messages and logs. */
export function redactUrl(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparseable URL)";
  }
}

/** ZW_DATABASE_URL: postgres://[user[:password]@]host[:port]/database, or unset. */
function databaseUrlSetting(env: Env): string | null {
  const raw = env.ZW_DATABASE_URL?.trim();
  if (!raw) return null;
  const refuse = (why: string) => new ConfigError(`ZW_DATABASE_URL: ${why} (expected postgres://user:password@host:5432/database)`);
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw refuse("not a URL");
  }
  if (u.protocol !== "postgres:" && u.protocol !== "postgresql:") throw refuse(`"${u.protocol}" is not postgres: or postgresql:`);
  if (!u.hostname) throw refuse(`${redactUrl(raw)} names no host`);
  if (u.pathname.replace(/^\//, "") === "") throw refuse(`${redactUrl(raw)} names no database`);
  return raw;
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(env.ZW_DATA_DIR?.trim() || "./data");
  const whoisServers = new Map<string, HostPort>();
  for (const item of listSetting(env, "ZW_WHOIS_SERVERS") ?? []) {
    const eq = item.indexOf("=");
    if (eq <= 0) throw new ConfigError(`ZW_WHOIS_SERVERS: "${item}" is not tld=host:port`);
    const tld = item.slice(0, eq).trim().toLowerCase().replace(/^\./, "");
    whoisServers.set(tld, parseHostPort(item.slice(eq + 1), 43, "ZW_WHOIS_SERVERS"));
  }
  const dns = (listSetting(env, "ZW_DNS_SERVERS") ?? ["1.1.1.1", "8.8.8.8"]).map((s) => parseHostPort(s, 53, "ZW_DNS_SERVERS"));
  const delays = (listSetting(env, "ZW_CALLBACK_DELAYS_S") ?? ["0", "60", "300", "1800", "7200", "14400"]).map((s) => {
    if (!/^\d+(\.\d+)?$/.test(s)) throw new ConfigError(`ZW_CALLBACK_DELAYS_S: "${s}" is not a number of seconds`);
    return Number(s);
  });
  if (delays.length === 0) throw new ConfigError("ZW_CALLBACK_DELAYS_S: needs at least one delay");
  const port = intSetting(env, "ZW_PORT", 8080, 0, 65535);
  const host = env.ZW_HOST?.trim() || "127.0.0.1";
  return {
    host,
    port,
    dataDir,
    zoneIndex: path.resolve(env.ZW_ZONE_INDEX?.trim() || path.join(dataDir, "zone.idx")),
    workers: intSetting(env, "ZW_WORKERS", os.availableParallelism?.() ?? os.cpus().length, 0, 256),
    rdapBootstrap: env.ZW_RDAP_BOOTSTRAP?.trim() || null,
    whoisServers,
    dnsServers: dns,
    callbackAllowPrivate: boolSetting(env, "ZW_CALLBACK_ALLOW_PRIVATE", false),
    callbackCaFile: env.ZW_CALLBACK_CA_FILE?.trim() || null,
    resultsTtlS: intSetting(env, "ZW_RESULTS_TTL_S", 86_400, 1, 365 * 86_400),
    jobDeadlineS: intSetting(env, "ZW_JOB_DEADLINE_S", 7_200, 1, 30 * 86_400),
    jobBudgetS: intSetting(env, "ZW_JOB_BUDGET_S", 3_600, 1, 30 * 86_400),
    shutdownDrainS: intSetting(env, "ZW_SHUTDOWN_DRAIN_S", 10, 0, 3_600),
    callbackDelaysS: delays,
    chunkSize: intSetting(env, "ZW_CHUNK_SIZE", 10_000, 1, 1_000_000),
    // At least one job of the largest size: a job no empty lane could hold would be told
    // "job queue is full, retry" forever.
    jobLaneCapNames: intSetting(env, "ZW_JOB_LANE_CAP", 20_000_000, JOB_LIMITS.maxNames, 1_000_000_000),
    baseUrl: (env.ZW_BASE_URL?.trim() || `http://${host.includes(":") ? `[${host}]` : host}:${port}`).replace(/\/+$/, ""),
    apiKey: env.ZW_API_KEY?.trim() || null,
    databaseUrl: databaseUrlSetting(env),
    metricsPort: env.ZW_METRICS_PORT?.trim() ? intSetting(env, "ZW_METRICS_PORT", 0, 0, 65535) : null,
    metricsHost: env.ZW_METRICS_HOST?.trim() || "127.0.0.1",
    logLevel: choice(env, "ZW_LOG_LEVEL", LOG_LEVELS, "info"),
    logFormat: choice(env, "ZW_LOG_FORMAT", ["json", "pretty", "auto"] as const, "auto"),
    logFile: env.ZW_LOG_FILE?.trim() || null,
    usageRetentionDays: intSetting(env, "ZW_USAGE_RETENTION_DAYS", 90, 1, 3_650),
  };
}

/** The documented settings, for the README and `cli help`. */
export const SETTINGS_DOC: [string, string, string][] = [
  ["ZW_HOST", "127.0.0.1", "address the server listens on"],
  ["ZW_PORT", "8080", "port (0 = any free port)"],
  ["ZW_DATA_DIR", "./data", "database, job results and the sample index"],
  ["ZW_ZONE_INDEX", "<data dir>/zone.idx", "zone index file; a file renamed over it (or SIGHUP) is swapped in"],
  ["ZW_WORKERS", "number of cores", "worker threads for CPU batches (0 = run everything inline)"],
  ["ZW_RDAP_BOOTSTRAP", "shipped copy", "IANA RDAP bootstrap file: a URL or a file path"],
  ["ZW_WHOIS_SERVERS", "none", "WHOIS overrides: tld=host:port,..."],
  ["ZW_DNS_SERVERS", "1.1.1.1,8.8.8.8", "resolvers: host[:port],..."],
  ["ZW_CALLBACK_ALLOW_PRIVATE", "0", "1 lets callback URLs resolve to loopback/private addresses"],
  ["ZW_CALLBACK_CA_FILE", "none", "extra CA certificates trusted for callbacks (PEM)"],
  ["ZW_RESULTS_TTL_S", "86400", "seconds a job's results file lives after it finishes"],
  ["ZW_JOB_DEADLINE_S", "7200", "a job still queued this long after submit expires (and the start horizon at submit)"],
  ["ZW_JOB_BUDGET_S", "3600", "runtime budget of a job; past it the job ends as partial"],
  ["ZW_CALLBACK_DELAYS_S", "0,60,300,1800,7200,14400", "callback attempt schedule, seconds after the job ended"],
  ["ZW_CHUNK_SIZE", "10000", "names per job chunk"],
  ["ZW_SHUTDOWN_DRAIN_S", "10", "on SIGTERM/SIGINT, seconds requests in flight get to finish (a request cut after it is refunded)"],
  ["ZW_JOB_LANE_CAP", "20000000", "queued names a job lane holds before submissions get 503; at least 1,000,000, one job of the largest size"],
  ["ZW_BASE_URL", "http://ZW_HOST:ZW_PORT", "service address for `cli jobs ...`"],
  ["ZW_API_KEY", "none", "key for `cli jobs ...`"],
  [
    "ZW_DATABASE_URL",
    "none (SQLite)",
    "postgres://user:password@host:5432/db: keys, usage and rate windows shared by several nodes (jobs are not served then; docs/deploy.md)",
  ],
  ["ZW_METRICS_PORT", "none (off)", "serve Prometheus metrics at GET /metrics on this port, no key (0 = any free port); never on the API port"],
  ["ZW_METRICS_HOST", "127.0.0.1", "address of the metrics listener"],
  ["ZW_LOG_LEVEL", "info", "trace, debug, info (one line per request), warn, error, fatal or silent"],
  ["ZW_LOG_FORMAT", "auto", "json, pretty, or auto: pretty on a terminal, JSON lines otherwise"],
  ["ZW_LOG_FILE", "standard output", "append the log lines to this file instead"],
  ["ZW_USAGE_RETENTION_DAYS", "90", "days of per-day credit usage kept (GET /v1/usage/history, `keys usage`)"],
];
