/**
 * Callback delivery (docs/jobs.md). State lives on the job row, so it survives a restart:
 * callback_status (pending -> retrying* -> delivered | gave_up), attempts, last_error, and
 * callback_next_at (attempt k is due at finished + ZW_CALLBACK_DELAYS_S[k]). The body is
 * fixed when the job ends; each attempt signs it afresh:
 *   Zonewise-Signature: t=<unix s>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>
 *   Zonewise-Delivery: <job id>.<event>, the same on every attempt of the delivery, so a
 *   receiver can drop a repeat; receivers refuse a t more than 300 s from their clock
 *   (docs/jobs.md), so a captured request cannot be replayed later.
 * An attempt is counted (and the next one scheduled) BEFORE it is sent, so a crash during
 * an attempt cannot make the service forget it or loop on it; the next start carries on
 * from the row (a last attempt cut off by a crash ends as gave_up).
 * Deliveries run concurrently with a 10 s timeout each and never block the runner.
 */
import { observerOf } from "../../observe/observer.ts";
import { createHmac, X509Certificate } from "node:crypto";
import fs from "node:fs";
import { rootCertificates } from "node:tls";
import { ConfigError } from "../../config.ts";
import { ioReason } from "../../file-problems.ts";
import { callbackTarget, type Resolver } from "./callback-url.ts";
import type { JobsCore } from "./core.ts";
import type { JobRow } from "./types.ts";

export const CALLBACK_TIMEOUT_MS = 10_000;

/** The id of a job's one delivery: stable across its attempts (and restarts). */
export const deliveryId = (j: Pick<JobRow, "id" | "callback_event">) => `${j.id}.${j.callback_event ?? ""}`;

export function signature(secret: string, t: number, body: string): string {
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}

const PEM_CERT = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/**
 * The certificates of ZW_CALLBACK_CA_FILE. Checked when the service starts: a missing file
 * was a stack trace that did not name the setting, and a file with no usable certificate
 * was taken silently, so every callback to the operator's own CA failed much later.
 */
export function readCaFile(file: string): string[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    throw new ConfigError(`ZW_CALLBACK_CA_FILE: ${file}: ${ioReason(e)}`);
  }
  const certs = text.match(PEM_CERT) ?? [];
  if (certs.length === 0) throw new ConfigError(`ZW_CALLBACK_CA_FILE: ${file}: holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  certs.forEach((pem, i) => {
    try {
      new X509Certificate(pem);
    } catch (e) {
      throw new ConfigError(`ZW_CALLBACK_CA_FILE: ${file}: certificate ${i + 1} of ${certs.length} does not parse (${e instanceof Error ? e.message : e})`);
    }
  });
  return certs;
}

export class CallbackDeliverer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sending = new Map<string, Promise<void>>();
  private stopped = false;
  /** Aborts attempts in flight when the service stops (they were counted; they are retried). */
  private abort = new AbortController();
  private ca: string[] | undefined;

  /** resolve: how a callback host name is looked up (the system's resolver; tests give their own). */
  constructor(
    private core: JobsCore,
    private resolve?: Resolver,
  ) {
    const file = core.config.callbackCaFile;
    if (file) this.ca = [...rootCertificates, ...readCaFile(file)];
  }

  start(): void {
    this.schedule(0);
  }

  /** Look for due callbacks now (a job just ended). */
  poke(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.abort.abort();
    await Promise.allSettled(this.sending.values());
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), ms);
    this.timer.unref?.();
  }

  private tick(): void {
    this.timer = null;
    const now = Date.now();
    try {
      for (const j of this.core.store.callbacksDue(now)) {
        if (this.sending.has(j.id)) continue;
        const p = this.attempt(j, now).finally(() => this.sending.delete(j.id));
        this.sending.set(j.id, p);
      }
    } finally {
      this.schedule(250);
    }
  }

  private async attempt(j: JobRow, now: number): Promise<void> {
    const delays = this.core.config.callbackDelaysS;
    if (j.callback_attempts >= delays.length) {
      // The last attempt was under way when the process died: it counts as failed.
      this.core.store.setCallbackState(j.id, "gave_up", j.callback_attempts, j.callback_last_error ?? "the service stopped during the attempt", null);
      return;
    }
    const attempts = j.callback_attempts + 1;
    const last = attempts >= delays.length;
    const nextAt = last ? null : j.finished! + delays[attempts]! * 1000;
    // Counted before sending (status unchanged): a crash mid-attempt leaves it counted and
    // due again at the next slot (after the last one: due soon, to be closed as gave_up).
    // Compare-and-set, so two processes sharing the database never send the same attempt.
    if (!this.core.store.takeCallbackAttempt(j.id, j.callback_attempts, nextAt ?? now + 2 * CALLBACK_TIMEOUT_MS)) return;
    const error = await this.send(j, now);
    if (error === null) this.core.store.setCallbackState(j.id, "delivered", attempts, null, null);
    else this.core.store.setCallbackState(j.id, last ? "gave_up" : "retrying", attempts, error, nextAt);
    observerOf(this.core.services).callback(j.id, error === null ? "delivered" : last ? "gave_up" : "retrying", attempts, error);
  }

  /** One POST; null when the receiver answered 2xx, else what went wrong. */
  private async send(j: JobRow, now: number): Promise<string | null> {
    const secret = this.core.store.webhookSecret(j.key_id);
    if (secret === null) return "key no longer exists";
    const body = j.callback_body ?? "";
    try {
      const target = await callbackTarget(j.callback_url!, this.core.config.callbackAllowPrivate, this.resolve);
      const t = Math.floor(now / 1000);
      const init = {
        method: "POST",
        body,
        redirect: "manual",
        headers: {
          "content-type": "application/json",
          "user-agent": "Zonewise-Callbacks/1",
          "Zonewise-Event": j.callback_event ?? "",
          "Zonewise-Signature": signature(secret, t, body),
          "Zonewise-Delivery": deliveryId(j),
          ...(target.hostHeader ? { host: target.hostHeader } : {}),
        },
        // one deadline for the attempt, whichever address answers
        signal: AbortSignal.any([AbortSignal.timeout(CALLBACK_TIMEOUT_MS), this.abort.signal]),
        tls: { ...(this.ca ? { ca: this.ca } : {}), ...(target.serverName ? { serverName: target.serverName } : {}) },
      } as RequestInit;
      const r = await firstToConnect(target.connectTo, init);
      await r.arrayBuffer().catch(() => undefined);
      return r.status >= 200 && r.status < 300 ? null : `receiver answered HTTP ${r.status}`;
    } catch (e) {
      if (this.abort.signal.aborted) return "the service stopped during the attempt";
      if (e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError")) return `no answer within ${CALLBACK_TIMEOUT_MS / 1000} s`;
      return e instanceof Error ? e.message : String(e);
    }
  }
}

/**
 * Errors that say no connection was made, so nothing was sent: only these move an attempt on
 * to the next address. Any other (a reset, which may come after the receiver read the signed
 * body) ends the attempt, so one attempt is never delivered twice.
 */
const NOT_CONNECTED = new Set(["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH", "EADDRNOTAVAIL", "ConnectionRefused", "FailedToOpenSocket"]);

/** fetch to each URL in turn until one connects (an answer of any status ends it; so do the deadline and a stop). */
export async function firstToConnect(urls: readonly string[], init: RequestInit): Promise<Response> {
  for (let i = 0; ; i++) {
    try {
      return await fetch(urls[i]!, init);
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (i === urls.length - 1 || init.signal?.aborted || typeof code !== "string" || !NOT_CONNECTED.has(code)) throw e;
    }
  }
}
