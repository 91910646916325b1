/**
 * Helpers for the observing suites: a server whose log lines are kept in memory, a scrape
 * of GET /metrics over HTTP parsed with a Prometheus text parser, and raw HTTP requests
 * (fetch refuses the header bytes a hostile client can send).
 */
import { expect } from "bun:test";
import net from "node:net";
import parsePrometheusTextFormat, { type Family } from "parse-prometheus-text-format";
import { startTestServer, type TestServer } from "../support/harness.ts";

export interface LoggedServer extends TestServer {
  lines: Record<string, unknown>[];
  raw: string[];
  metricsUrl: string | null;
}

export async function startLoggedServer(env: Record<string, string> = {}): Promise<LoggedServer> {
  const raw: string[] = [];
  const lines: Record<string, unknown>[] = [];
  const logStream = {
    write(s: string) {
      for (const l of s.split("\n")) {
        if (l === "") continue;
        raw.push(l);
        lines.push(JSON.parse(l) as Record<string, unknown>);
      }
    },
  };
  const t = await startTestServer({ ZW_LOG_LEVEL: "info", ...env }, { logStream });
  const mp = t.server.metricsPort;
  return Object.assign(t, { lines, raw, metricsUrl: mp === null ? null : `http://127.0.0.1:${mp}/metrics` });
}

/**
 * GET /metrics parsed. The parser folds a histogram's series into one sample and loses
 * their labels, so histograms are read as their plain series (`NAME_bucket`, `NAME_count`,
 * `NAME_sum`, each with its labels) by declaring them untyped first; `types` keeps what
 * each family was declared as.
 */
export async function scrape(url: string): Promise<Family[] & { types: Map<string, string> }> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
  expect(res.headers.get("content-type")).toStartWith("text/plain");
  const text = await res.text();
  const types = new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!] as [string, string]));
  return Object.assign(parsePrometheusTextFormat(text.replace(/^# TYPE (\S+) histogram$/gm, "# TYPE $1 untyped")), { types });
}

/** The value of one sample (0 when absent); a name may head several runs of lines (histogram series). */
export function value(families: Family[], name: string, labels: Record<string, string> = {}): number {
  const want = Object.keys(labels).length;
  for (const f of families) {
    if (f.name !== name) continue;
    const m = f.metrics.find((s) => Object.entries(labels).every(([k, v]) => s.labels?.[k] === v) && Object.keys(s.labels ?? {}).length === want);
    if (m) return Number(m.value ?? m.count ?? 0);
  }
  return 0;
}

export function family(families: Family[], name: string): Family | undefined {
  return families.find((x) => x.name === name);
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One HTTP/1.1 request written byte for byte (header values as given, latin1 or not). */
export function rawRequest(port: number, lines: string[], encoding: BufferEncoding = "utf8"): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    sock.on("data", (d: Buffer) => chunks.push(d));
    sock.on("error", reject);
    sock.on("end", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const [head = "", body = ""] = text.split("\r\n\r\n", 2);
      const [statusLine = "", ...hs] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const h of hs) {
        const i = h.indexOf(":");
        headers[h.slice(0, i).trim().toLowerCase()] = h.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body });
    });
    sock.write(Buffer.from([...lines, "Connection: close", "", ""].join("\r\n"), encoding));
  });
}
