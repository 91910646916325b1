/**
 * A fake WHOIS server (TCP) on 127.0.0.1. `answers` maps a query (lower-cased) to what the
 * server does: a text to send then close, or a misbehaviour. Unknown queries get the
 * answer of `fallback` (a not-found text by default). Every query is counted.
 */
import net from "node:net";

export type WhoisBehaviour =
  | string
  | { silent: true }
  | { slowMs: number; text: string }
  | { bytes: Buffer }
  /** Sends the text and keeps the connection open without ever closing it. */
  | { neverCloses: string };

export interface FakeWhois {
  port: number;
  address: string;
  queries: string[];
  count(q: string): number;
  stop(): void;
}

export async function startFakeWhois(answers: Record<string, WhoisBehaviour>, fallback: WhoisBehaviour = "No match for domain.\r\n"): Promise<FakeWhois> {
  const queries: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((sock) => {
    sockets.add(sock);
    sock.on("close", () => sockets.delete(sock));
    sock.on("error", () => {});
    let buf = "";
    sock.on("data", (b) => {
      buf += b.toString("latin1");
      const nl = buf.indexOf("\n");
      if (nl < 0) return;
      const q = buf.slice(0, nl).trim().toLowerCase();
      queries.push(q);
      const how = answers[q] ?? fallback;
      if (typeof how === "string") sock.end(how);
      else if ("silent" in how) return;
      else if ("slowMs" in how) setTimeout(() => sock.end(how.text), how.slowMs);
      else if ("bytes" in how) sock.end(how.bytes);
      else sock.write(how.neverCloses);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    address: `127.0.0.1:${port}`,
    queries,
    count: (q) => queries.filter((x) => x === q).length,
    stop() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}
