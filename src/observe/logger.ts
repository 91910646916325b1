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

/** Longest a buffered log line waits before it is written. */
const FLUSH_MS = 200;
/** Buffered characters that trigger a write at once. */
const BATCH_CHARS = 64 * 1024;

/**
 * pino's destination for standard output and ZW_LOG_FILE: lines are gathered and written
 * with one synchronous write per 64 KB, and at least every FLUSH_MS, so a quiet server's
 * lines are not held back. pino's own asynchronous destination (sonic-boom) cost about
 * 2.7 us of CPU per line under Bun (bench/observe/RESULTS.md), more than a whole ping;
 * this costs an array push per line and a write per few hundred lines. Writes are
 * synchronous, in order, and whole (a short write is continued; a full pipe is waited on).
 */
class BatchedWriter {
  private parts: string[] = [];
  private chars = 0;
  private timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly fd: number,
    private readonly ownsFd: boolean,
  ) {
    this.timer = setInterval(() => this.flush(), FLUSH_MS);
    this.timer.unref?.();
  }

  write(line: string): void {
    this.parts.push(line);
    this.chars += line.length;
    if (this.chars >= BATCH_CHARS) this.flush();
  }

  flush(): void {
    if (this.chars === 0) return;
    const buf = Buffer.from(this.parts.join(""));
    this.parts = [];
    this.chars = 0;
    let off = 0;
    while (off < buf.length) {
      try {
        off += fs.writeSync(this.fd, buf, off);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EAGAIN") return; // the destination is gone: nothing more can be written
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
      }
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
    if (this.ownsFd) fs.closeSync(this.fd);
  }
}

export interface LoggerHandle {
  logger: Logger;
  /** The logger's own destination: takes whole JSON lines in pino's format (the access log). */
  out: { write(line: string): void };
  /** Writes out what is buffered (at stop: the last lines must not be lost at exit). */
  flush(): void;
}

/**
 * The logger for a server. `stream` (tests) takes the lines instead of the configured
 * destination. Standard output and ZW_LOG_FILE are written in batches (BatchedWriter), the
 * rest flushed at stop. Levels are pino's numbers (30 info, 40 warn, 50
 * error): a level name formatter cost a serialised object per line.
 */
export function createLogger(config: Pick<Config, "logLevel" | "logFormat" | "logFile">, stream?: DestinationStream): LoggerHandle {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    messageKey: "msg",
  };
  if (stream) return { logger: pino(options, stream), out: stream, flush() {} };
  const toTerminal = config.logFile === null && (config.logFormat === "pretty" || (config.logFormat === "auto" && process.stdout.isTTY === true));
  if (toTerminal) {
    const out = pretty({ colorize: process.stdout.isTTY === true, sync: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid", singleLine: true });
    return { logger: pino(options, out), out, flush() {} };
  }
  const fd = config.logFile === null ? 1 : fs.openSync(config.logFile, "a");
  const out = new BatchedWriter(fd, fd !== 1);
  return {
    logger: pino(options, out),
    out,
    flush: () => out.close(),
  };
}

export interface AccessFields {
  id: string;
  key: string | null;
  op: string;
  method: string;
  status: number;
  code: string | undefined;
  ms: number;
  credits: number;
  bytesIn: number | undefined;
  bytesOut: number | undefined;
}

const PID = process.pid;
const METHODS = new Map(["GET", "POST", "DELETE", "HEAD", "OPTIONS", "PUT", "PATCH"].map((m) => [m, `"${m}"`]));
const SAFE_NAME = /^[A-Za-z0-9._-]*$/;

/** The time as pino's isoTime writes it, made once per millisecond. */
let lastMs = 0;
let lastIso = "";
function isoNow(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastIso = new Date(now).toISOString();
  }
  return lastIso;
}

/**
 * The access log line of one request, in the format pino writes (level 30, time, pid, the
 * fields, msg "request"), built as one template string: pino's generic serialiser cost
 * about 3.5 us of CPU per request in the server (bench/observe/RESULTS.md), a third of a
 * whole ping. Every value is a number, an id that is well-formed by construction (request
 * ids, operation ids, error codes), or JSON-encoded (key name, method), so the line is
 * always valid JSON.
 */
export function accessLine(f: AccessFields): string {
  const key = f.key === null ? "null" : SAFE_NAME.test(f.key) ? `"${f.key}"` : JSON.stringify(f.key);
  return (
    `{"level":30,"time":"${isoNow()}","pid":${PID},"id":"${f.id}","key":${key},"op":"${f.op}",` +
    `"method":${METHODS.get(f.method) ?? JSON.stringify(f.method)},"status":${f.status}${f.code === undefined ? "" : `,"code":"${f.code}"`},"ms":${f.ms},"credits":${f.credits}` +
    `${f.bytesIn === undefined ? "" : `,"bytes_in":${f.bytesIn}`}${f.bytesOut === undefined ? "" : `,"bytes_out":${f.bytesOut}`},"msg":"request"}\n`
  );
}
