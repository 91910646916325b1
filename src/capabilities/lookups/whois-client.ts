/**
 * One WHOIS exchange over TCP (RFC 3912): connect, send the query and CRLF, read until the
 * server closes. Strict on time (one time-out from connect to close, never past the
 * caller's deadline) and on size (more than the cap is refused, not truncated silently).
 * Bytes are decoded as UTF-8 with replacement, so binary junk becomes text the parser
 * rejects rather than an exception.
 */
import net from "node:net";
import type { HostPort } from "../../config.ts";
import { remaining, UpstreamError } from "./upstream.ts";

export interface WhoisLimits {
  attemptMs: number;
  maxBytes: number;
}

export function whoisQuery(server: HostPort, query: string, deadline: number, limits: WhoisLimits): Promise<string> {
  const label = `${server.host}:${server.port}`;
  const budget = Math.min(limits.attemptMs, remaining(deadline));
  if (budget <= 0) return Promise.reject(new UpstreamError("timeout", `WHOIS ${label}: no answer within the time budget`));
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const finish = (err: UpstreamError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      sock.destroy();
      if (err) reject(err);
      else resolve(new TextDecoder("utf-8").decode(Buffer.concat(chunks)));
    };
    const timer = setTimeout(() => finish(new UpstreamError("timeout", `WHOIS ${label}: no complete answer within ${budget} ms`)), budget);
    const sock = net.connect({ host: server.host, port: server.port });
    sock.on("connect", () => sock.write(`${query}\r\n`));
    sock.on("data", (b: Buffer) => {
      total += b.length;
      if (total > limits.maxBytes) {
        finish(new UpstreamError("garbage", `WHOIS ${label} sent more than ${Math.round(limits.maxBytes / 1024)} KB`));
        return;
      }
      chunks.push(b);
    });
    sock.on("end", () => finish(null));
    sock.on("close", () => finish(null));
    sock.on("error", (e: Error) => finish(new UpstreamError("unreachable", `WHOIS ${label}: ${e.message}`)));
  });
}
