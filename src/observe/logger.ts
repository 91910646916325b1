/**
 * The service's log: pino, one JSON object a line (or pino-pretty on a terminal).
 *
 * Nothing secret reaches a line: the per-request line is built from fixed fields (the key's
 * name, never the key), and every message and error text passes through `scrub`, which
 * masks API keys (`zw_live_...`), webhook secrets (`whsec_...`) and `Bearer` credentials
 * wherever they appear (an upstream's error text, a URL, an exception message).
 */
import fs from "node:fs";
import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import type { Config } from "../config.ts";

export type { Logger };

const SECRET_RE = /\b(?:zw_live_|whsec_)[0-9A-Za-z]+|\b(Bearer|Basic)\s+[^\s"',;]+/gi;

/** The text with keys, webhook secrets and Authorization credentials masked. */
export function scrub(text: string): string {
  return text.replace(SECRET_RE, (m, scheme: string | undefined) => (scheme ? `${scheme} [redacted]` : `${m.slice(0, m.indexOf("_", 3) + 1)}[redacted]`));
}

/** An error (or anything thrown) as log fields: type, message and stack, scrubbed. */
export function errorFields(e: unknown): { err: { type: string; message: string; stack?: string } } {
  if (e instanceof Error) {
    return { err: { type: e.name, message: scrub(e.message), stack: e.stack === undefined ? undefined : scrub(e.stack) } };
  }
  return { err: { type: typeof e, message: scrub(typeof e === "string" ? e : safeString(e)) } };
}

function safeString(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

export interface LoggerHandle {
  logger: Logger;
  /** Writes out what is buffered (at stop: the last lines must not be lost at exit). */
  flush(): void;
}

/**
 * The logger for a server. `stream` (tests) takes the lines instead of the configured
 * destination. Standard output and ZW_LOG_FILE are written through pino's own asynchronous
 * destination (sonic-boom), flushed at stop.
 */
export function createLogger(config: Pick<Config, "logLevel" | "logFormat" | "logFile">, stream?: DestinationStream): LoggerHandle {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    messageKey: "msg",
  };
  if (stream) return { logger: pino(options, stream), flush() {} };
  const toTerminal = config.logFile === null && (config.logFormat === "pretty" || (config.logFormat === "auto" && process.stdout.isTTY === true));
  if (toTerminal) {
    const out = pretty({ colorize: process.stdout.isTTY === true, sync: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid" });
    return { logger: pino(options, out), flush() {} };
  }
  if (config.logFile !== null) fs.closeSync(fs.openSync(config.logFile, "a"));
  // Asynchronous: a line is written at once when no write is under way, and lines that come
  // while one is are joined into the next write (under load, one write carries many lines).
  const dest = pino.destination({ dest: config.logFile ?? 1, sync: false, minLength: 0, append: true, mkdir: false });
  return {
    logger: pino(options, dest),
    flush() {
      try {
        dest.flushSync();
      } catch {
        // nothing buffered, or the destination is gone: nothing more can be written anyway
      }
    },
  };
}
