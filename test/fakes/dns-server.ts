/**
 * A fake DNS resolver speaking the wire format over UDP and TCP on one 127.0.0.1 port,
 * answering from a small zone table. Names not in the table are NXDOMAIN (with an SOA in
 * the authority section, as real resolvers send). The first label picks a misbehaviour:
 *   silent*   never answers          garbage*  answers with random bytes
 *   liar*     a header claiming 3 answers, then nothing (lengths that lie)
 *   overrun*  an A record declaring 0xFFFF bytes of data, carrying 2
 *   a2bytes*  an A record of 2 bytes     aaaa4bytes* an AAAA record of 4 bytes
 *   ptrloop*  a record whose name is a compression pointer to itself
 *   wrongid*  answers with another id (must be ignored)
 *   servfail* SERVFAIL               bigtxt*   TC over UDP, the full answer over TCP
 *   slow*     answers after 300 ms (UDP)
 *   spoofed*  a forged answer (6.6.6.6) from another port first, the real one 50 ms later
 * `mode: "silent"` makes the whole server silent (for time-budget tests).
 * Every question is counted, by "name|type".
 */
import dgram from "node:dgram";
import net from "node:net";
import dnsPacket from "dns-packet";
import { overrunReply, pointerLoopReply, shortAaaaReply, shortAReply } from "./dns-packets.ts";

type Rec = dnsPacket.Answer;
const soa = (zone: string): Rec => ({
  type: "SOA",
  name: zone,
  ttl: 300,
  data: { mname: `ns1.${zone}`, rname: `hostmaster.${zone}`, serial: 2026112201, refresh: 7200, retry: 3600, expire: 1209600, minimum: 300 },
});

export const ZONE: Record<string, Rec[]> = {
  "example.com": [
    { type: "A", name: "example.com", ttl: 300, data: "93.184.215.14" },
    { type: "AAAA", name: "example.com", ttl: 300, data: "2606:2800:21f:cb07:6820:80da:af6b:8b2c" },
    { type: "MX", name: "example.com", ttl: 300, data: { preference: 20, exchange: "mx2.example.com" } },
    { type: "MX", name: "example.com", ttl: 300, data: { preference: 10, exchange: "mx1.example.com" } },
    { type: "TXT", name: "example.com", ttl: 300, data: ["v=spf1 -all"] },
    { type: "TXT", name: "example.com", ttl: 300, data: ["google-site-verification=", "abc123", " and more"] },
    { type: "NS", name: "example.com", ttl: 300, data: "a.iana-servers.net" },
    { type: "NS", name: "example.com", ttl: 300, data: "b.iana-servers.net" },
    soa("example.com"),
  ],
  "www.example.com": [{ type: "CNAME", name: "www.example.com", ttl: 300, data: "example.com" }],
  "slow.com": [{ type: "A", name: "slow.com", ttl: 60, data: "192.0.2.99" }],
  "spoofed.com": [{ type: "A", name: "spoofed.com", ttl: 60, data: "192.0.2.53" }],
  "bigtxt.com": [
    ...Array.from({ length: 12 }, (_, i): Rec => ({ type: "TXT", name: "bigtxt.com", ttl: 60, data: [`record-${i}-${"k".repeat(90)}`] })),
    { type: "A", name: "bigtxt.com", ttl: 60, data: "192.0.2.7" },
  ],
};
for (const i of Array.from({ length: 60 }, (_, k) => k)) {
  ZONE[`host${i}.com`] = [
    { type: "A", name: `host${i}.com`, ttl: 300, data: `192.0.2.${i + 1}` },
    { type: "NS", name: `host${i}.com`, ttl: 300, data: "ns1.example.com" },
  ];
}

export interface FakeDns {
  port: number;
  address: string;
  asked: Map<string, number>;
  stop(): void;
}

const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3 } as const;

function answerFor(q: dnsPacket.Question): { rcode: number; answers: Rec[]; authorities: Rec[] } {
  const name = q.name.toLowerCase();
  if (name.startsWith("servfail")) return { rcode: RCODE.SERVFAIL, answers: [], authorities: [] };
  const records = ZONE[name];
  if (!records) return { rcode: RCODE.NXDOMAIN, answers: [], authorities: [soa(name.split(".").slice(-1)[0]!)] };
  const answers = records.filter((r) => r.type === q.type);
  const cname = records.find((r) => r.type === "CNAME");
  if (answers.length === 0 && cname && q.type !== "CNAME") {
    const target = String((cname as { data: unknown }).data);
    return { rcode: 0, answers: [cname, ...(ZONE[target] ?? []).filter((r) => r.type === q.type)], authorities: [] };
  }
  return { rcode: 0, answers, authorities: answers.length === 0 ? [soa(name)] : [] };
}

function reply(query: dnsPacket.DecodedPacket, overUdp: boolean): Buffer | null {
  const q = query.questions![0]!;
  const label = q.name.toLowerCase().split(".")[0]!;
  if (label.startsWith("silent")) return null;
  if (label.startsWith("garbage")) return Buffer.from(Array.from({ length: 40 }, () => Math.floor(Math.random() * 256)));
  if (label.startsWith("liar")) {
    const b = Buffer.alloc(12);
    b.writeUInt16BE(query.id!, 0);
    b.writeUInt16BE(0x8180, 2);
    b.writeUInt16BE(1, 4); // one question ... that is not there
    b.writeUInt16BE(3, 6); // three answers ... that are not there either
    return b;
  }
  if (label.startsWith("overrun")) return overrunReply(query.id!, q);
  if (label.startsWith("a2bytes")) return shortAReply(query.id!, q);
  if (label.startsWith("aaaa4bytes")) return shortAaaaReply(query.id!, q);
  if (label.startsWith("ptrloop")) return pointerLoopReply(query.id!, q);
  const { rcode, answers, authorities } = answerFor(q);
  const id = label.startsWith("wrongid") ? (query.id! + 1) & 0xffff : query.id;
  const flags = dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcode;
  const full = dnsPacket.encode({ type: "response", id, flags, questions: [q], answers, authorities });
  if (overUdp && full.length > 512) return dnsPacket.encode({ type: "response", id, flags: flags | dnsPacket.TRUNCATED_RESPONSE, questions: [q], answers: [] });
  return full;
}

export async function startFakeDns(mode: "normal" | "silent" = "normal"): Promise<FakeDns> {
  const asked = new Map<string, number>();
  const count = (p: dnsPacket.DecodedPacket) => {
    const q = p.questions?.[0];
    if (q) asked.set(`${q.name.toLowerCase()}|${q.type}`, (asked.get(`${q.name.toLowerCase()}|${q.type}`) ?? 0) + 1);
  };
  const decode = (b: Buffer) => {
    try {
      return dnsPacket.decode(b);
    } catch {
      return null;
    }
  };
  const tcp = net.createServer((sock) => {
    sock.on("error", () => {});
    let buf = Buffer.alloc(0);
    sock.on("data", (b: Buffer) => {
      buf = Buffer.concat([buf, b]);
      if (buf.length < 2 || buf.length < 2 + buf.readUInt16BE(0)) return;
      const p = decode(buf.subarray(2, 2 + buf.readUInt16BE(0)));
      if (!p) return;
      count(p);
      if (mode === "silent") return;
      const out = reply(p, false);
      if (!out) return;
      const len = Buffer.alloc(2);
      len.writeUInt16BE(out.length);
      sock.end(Buffer.concat([len, out]));
    });
  });
  await new Promise<void>((r) => tcp.listen(0, "127.0.0.1", () => r()));
  const port = (tcp.address() as net.AddressInfo).port;
  const udp = dgram.createSocket("udp4");
  await new Promise<void>((r) => udp.bind(port, "127.0.0.1", () => r()));
  udp.on("message", (msg, rinfo) => {
    const p = decode(msg);
    if (!p) return;
    count(p);
    if (mode === "silent") return;
    const out = reply(p, true);
    if (!out) return;
    const name = p.questions?.[0]?.name.toLowerCase() ?? "";
    if (name.startsWith("spoofed")) {
      // An off-path attacker's forgery (right id and question, wrong source port) arrives first.
      const q = p.questions![0]!;
      const forged = dnsPacket.encode({
        type: "response",
        id: p.id,
        flags: dnsPacket.RECURSION_AVAILABLE,
        questions: [q],
        answers: [{ type: "A", name: q.name, ttl: 86400, data: "6.6.6.6" }],
      });
      spoofer.send(forged, rinfo.port, rinfo.address);
    }
    setTimeout(() => udp.send(out, rinfo.port, rinfo.address), name.startsWith("slow") ? 300 : name.startsWith("spoofed") ? 50 : 0);
  });
  const spoofer = dgram.createSocket("udp4");
  await new Promise<void>((r) => spoofer.bind(0, "127.0.0.1", () => r()));
  return {
    port,
    address: `127.0.0.1:${port}`,
    asked,
    stop() {
      udp.close();
      spoofer.close();
      tcp.close();
    },
  };
}
