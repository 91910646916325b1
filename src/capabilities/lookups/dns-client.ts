/**
 * A stub resolver speaking the DNS wire format (RFC 1035) itself, because Bun's node:dns
 * cannot tell NXDOMAIN from NODATA and splits TXT records into several.
 *
 * Guarantees for one question:
 *  - UDP first, from a fresh socket (random source port) with a random 16-bit id; an answer
 *    is taken only from the resolver's port, with our id and our exact question (name
 *    case-insensitively, type, class), so stray or spoofed datagrams are ignored;
 *  - a truncated answer (TC bit) is asked again over TCP (2-byte length framing);
 *  - each attempt has its own time-out; resolvers are tried in order, for `rounds` rounds,
 *    and never past the caller's deadline;
 *  - SERVFAIL / REFUSED or an undecodable packet (lengths that lie, in the header or in a
 *    record, records of the wrong size for their type, junk: dns-decode.ts) moves on to the
 *    next resolver; when all fail the error is an UpstreamError naming the last reasons.
 * NOERROR and NXDOMAIN are answers and are returned as such.
 */
import { randomInt } from "node:crypto";
import dgram from "node:dgram";
import net from "node:net";
import dnsPacket from "dns-packet";
import type { HostPort } from "../../config.ts";
import { decodeReply } from "./dns-decode.ts";
import { remaining, UpstreamError } from "./upstream.ts";

export type RecordType = "A" | "AAAA" | "MX" | "TXT" | "NS" | "CNAME" | "SOA";

export interface DnsReply {
  rcode: string;
  answers: dnsPacket.Answer[];
  authorities: dnsPacket.Answer[];
}

export interface DnsClientOptions {
  attemptMs: number;
  rounds: number;
}

type Attempt = { ok: true; packet: dnsPacket.DecodedPacket } | { ok: false; reason: string };

export async function resolve(name: string, type: RecordType, servers: readonly HostPort[], deadline: number, o: DnsClientOptions): Promise<DnsReply> {
  const reasons: string[] = [];
  for (let round = 0; round < o.rounds; round++) {
    for (const server of servers) {
      const ms = Math.min(o.attemptMs, remaining(deadline));
      if (ms <= 0) break;
      let a = await exchange("udp", server, name, type, ms);
      if (a.ok && a.packet.flag_tc) a = await exchange("tcp", server, name, type, Math.min(o.attemptMs, remaining(deadline)));
      const label = `${server.host}:${server.port}`;
      if (!a.ok) {
        reasons.push(`${label} ${a.reason}`);
        continue;
      }
      const rcode = rcodeOf(a.packet);
      if (rcode === "NOERROR" || rcode === "NXDOMAIN") {
        return { rcode, answers: a.packet.answers ?? [], authorities: a.packet.authorities ?? [] };
      }
      reasons.push(`${label} answered ${rcode}`);
    }
  }
  const last = [...new Set(reasons)].slice(-2).join("; ");
  throw new UpstreamError("timeout", `${type}: no resolver answered (${last || "no time left"})`);
}

function rcodeOf(p: dnsPacket.DecodedPacket): string {
  return String((p as unknown as { rcode?: string }).rcode ?? "NOERROR").toUpperCase();
}

function query(name: string, type: RecordType): { id: number; packet: dnsPacket.Packet } {
  const id = randomInt(0, 65536);
  return { id, packet: { type: "query", id, flags: dnsPacket.RECURSION_DESIRED, questions: [{ type, name, class: "IN" }] } };
}

/** The decoded answer if it is the answer to our question; a reason otherwise. */
function check(buf: Buffer, id: number, name: string, type: RecordType): Attempt | null {
  let p: dnsPacket.DecodedPacket;
  try {
    p = decodeReply(buf);
  } catch {
    return { ok: false, reason: "sent an undecodable packet" };
  }
  if (p.id !== id || !p.flag_qr) return null;
  const q = p.questions?.[0];
  if (!q || p.questions!.length !== 1 || q.type !== type || q.name.toLowerCase() !== name.toLowerCase() || (q.class ?? "IN") !== "IN") return null;
  return { ok: true, packet: p };
}

function exchange(proto: "udp" | "tcp", server: HostPort, name: string, type: RecordType, ms: number): Promise<Attempt> {
  return new Promise<Attempt>((done) => {
    const { id, packet } = query(name, type);
    let settled = false;
    let closer: () => void = () => {};
    const finish = (a: Attempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      closer();
      done(a);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: `timed out after ${ms} ms${proto === "tcp" ? " (TCP)" : ""}` }), ms);
    if (proto === "udp") {
      const sock = dgram.createSocket(net.isIPv6(server.host) ? "udp6" : "udp4");
      closer = () => {
        try {
          sock.close();
        } catch {
          /* already closed after an error */
        }
      };
      const fromResolver = (addr: string, port: number) => port === server.port && (!net.isIP(server.host) || addr === server.host);
      sock.on("message", (msg: Buffer, rinfo: dgram.RemoteInfo) => {
        if (!fromResolver(rinfo.address, rinfo.port)) return;
        const a = check(msg, id, name, type);
        if (a) finish(a);
      });
      sock.on("error", (e: Error) => finish({ ok: false, reason: e.message }));
      sock.send(dnsPacket.encode(packet), server.port, server.host, (e) => e && finish({ ok: false, reason: e.message }));
      return;
    }
    const sock = net.connect({ host: server.host, port: server.port });
    closer = () => sock.destroy();
    let buf = Buffer.alloc(0);
    sock.on("connect", () => sock.write(dnsPacket.streamEncode(packet)));
    sock.on("data", (b: Buffer) => {
      buf = Buffer.concat([buf, b]);
      if (buf.length < 2) return;
      const len = buf.readUInt16BE(0);
      if (buf.length < 2 + len) return;
      finish(check(buf.subarray(2, 2 + len), id, name, type) ?? { ok: false, reason: "answered another question over TCP" });
    });
    sock.on("end", () => finish({ ok: false, reason: "closed the TCP connection mid-answer" }));
    sock.on("error", (e: Error) => finish({ ok: false, reason: e.message }));
  });
}
