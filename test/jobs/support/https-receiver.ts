/**
 * An HTTPS callback receiver on 127.0.0.1 with a self-signed certificate made here by
 * openssl (its PEM is what the service gets through ZW_CALLBACK_CA_FILE). `answer` decides
 * each response: a status, or "hang" to never answer.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { tempDir } from "../../support/harness.ts";

export interface Received {
  headers: Headers;
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  caFile: string;
  received: Received[];
  answer: (r: Received) => number | "hang";
  stop(): void;
}

export function selfSignedCert(san = "IP:127.0.0.1"): { certFile: string; keyFile: string } {
  const dir = tempDir("zw-cert-");
  const certFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  const r = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      `subjectAltName=${san}`,
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { stdio: "pipe" },
  );
  if (r.status !== 0) throw new Error(`openssl failed: ${r.stderr}`);
  return { certFile, keyFile };
}

export function startReceiver(cert = selfSignedCert()): Receiver {
  const received: Received[] = [];
  const rec: Receiver = {
    url: "",
    caFile: cert.certFile,
    received,
    answer: () => 200,
    stop: () => server.stop(true),
  };
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    tls: { cert: fs.readFileSync(cert.certFile, "utf8"), key: fs.readFileSync(cert.keyFile, "utf8") },
    async fetch(req) {
      const r = { headers: req.headers, body: await req.text(), at: Date.now() };
      received.push(r);
      const a = rec.answer(r);
      if (a === "hang") return new Promise<Response>(() => {});
      return new Response("ok", { status: a });
    },
  });
  rec.url = `https://127.0.0.1:${server.port}/hook`;
  return rec;
}
