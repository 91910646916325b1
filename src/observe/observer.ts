/**
 * What the rest of the service reports to: the logger and, when ZW_METRICS_PORT is set, the
 * metrics. One per running server, on `services.observe`; code that runs without one (unit
 * tests that build their own services) gets a silent stand-in from `observerOf`, so a hook
 * is always one line: `observerOf(services).jobFinished(...)`.
 */
import pino from "pino";
import { errorFields, scrub, type Logger } from "./logger.ts";
import type { Metrics } from "./metrics.ts";

export interface JobFacts {
  id: string;
  type: string;
  status: string;
  names?: number;
  request_id?: string | null;
}

export class Observer {
  constructor(
    readonly logger: Logger,
    readonly metrics: Metrics | null,
    /** Where the access log lines go: the logger's own destination (see accessLine). */
    readonly accessOut: { write(line: string): void } | null = null,
  ) {}

  /** Something that went wrong inside the service (a 500, a failed sweep): logged with its stack. */
  fault(e: unknown, msg = "internal error"): void {
    this.logger.error(errorFields(e), msg);
  }

  /** A job changed state (queued, running, or a final state). */
  job(j: JobFacts, extra?: Record<string, unknown>): void {
    this.logger.info({ job: j.id, type: j.type, status: j.status, names: j.names, request_id: j.request_id ?? undefined, ...extra }, `job ${j.status}`);
    if (j.status !== "queued" && j.status !== "running") this.metrics?.jobsFinished.inc({ type: j.type, status: j.status });
  }

  /** A job chunk written: its names, and how many row attempts the worker made after the first. */
  chunkDone(type: string, names: number, retried: number): void {
    if (this.metrics === null) return;
    this.metrics.jobNames.inc({ type }, names);
    if (retried > 0) this.metrics.chunkRetries.inc({ type }, retried);
  }

  /** A callback attempt ended: delivered, retrying (failed, another attempt later) or gave_up. */
  callback(job: string, outcome: "delivered" | "retrying" | "gave_up", attempt: number, error: string | null): void {
    this.metrics?.callbacks.inc({ outcome });
    const fields = { job, outcome, attempt, error: error === null ? undefined : scrub(error) };
    if (outcome === "delivered") this.logger.info(fields, "callback delivered");
    else this.logger.warn(fields, outcome === "gave_up" ? "callback gave up" : "callback failed, will retry");
  }

  /** The zone index holder loaded or refused a file. */
  zoneIndex(e: { type: "loaded"; path: string; builtAt: string; previousBuiltAt: string | null } | { type: "refused"; path: string; error: string }): void {
    if (e.type === "loaded") {
      this.metrics?.zoneSwaps.inc();
      this.logger.info(
        { path: e.path, built_at: e.builtAt, previous_built_at: e.previousBuiltAt },
        e.previousBuiltAt === null ? "zone index loaded" : "zone index swapped",
      );
    } else {
      this.metrics?.zoneRefusals.inc();
      this.logger.warn({ path: e.path, error: scrub(e.error) }, "zone index refused");
    }
  }

  /** A lookup cache hit or miss (kind: registration or dns). */
  lookupCache(kind: "registration" | "dns", hit: boolean): void {
    this.metrics?.lookupCache.inc({ kind, result: hit ? "hit" : "miss" });
  }

  /** An upstream registry or resolver did not answer usably. */
  upstreamError(kind: "registration" | "dns", registry: string, message: string): void {
    this.metrics?.upstreamErrors.inc({ kind, registry });
    this.logger.warn({ kind, registry, error: scrub(message) }, "upstream failed");
  }
}

const SILENT = new Observer(pino({ level: "silent" }), null);

/** The server's observer, or a silent one where none was set up. */
export function observerOf(services: { observe?: unknown }): Observer {
  return (services.observe as Observer | undefined) ?? SILENT;
}
