/**
 * A resolver's reply -> the DNS result's shape (docs/lookups.md): one array
 * per record type (MX as {exchange, priority}, TXT records whole with their strings
 * joined), SOA as {nsname, hostmaster, serial, refresh, retry, expire, minttl} or null.
 * Only records of the asked type are kept, so a CNAME chain in an A answer gives the
 * addresses it leads to.
 */
import type dnsPacket from "dns-packet";
import type { DnsReply, RecordType } from "./dns-client.ts";

export interface Mx {
  exchange: string;
  priority: number;
}
export interface Soa {
  nsname: string;
  hostmaster: string;
  serial: number;
  refresh: number;
  retry: number;
  expire: number;
  minttl: number;
}
export type Records = string[] | Mx[] | Soa | null;

/** What one question produced, as cached: the records and whether the name exists. */
export interface TypeAnswer {
  nxdomain: boolean;
  records: Records;
}

const host = (s: unknown) =>
  String(s ?? "")
    .toLowerCase()
    .replace(/\.$/, "");
const u32 = (n: unknown) => (typeof n === "number" && Number.isFinite(n) ? n >>> 0 : 0);

function txt(data: unknown): string {
  const parts = Array.isArray(data) ? data : [data];
  return Buffer.concat(parts.map((p) => (Buffer.isBuffer(p) ? p : Buffer.from(String(p ?? ""))))).toString("utf8");
}

export function recordsOf(type: RecordType, reply: DnsReply): TypeAnswer {
  const nxdomain = reply.rcode === "NXDOMAIN";
  const mine = reply.answers.filter((a) => a.type === type) as Array<dnsPacket.Answer & { data?: unknown }>;
  switch (type) {
    case "SOA": {
      const d = mine[0]?.data as Partial<dnsPacket.SoaData> | undefined;
      if (!d) return { nxdomain, records: null };
      return {
        nxdomain,
        records: {
          nsname: host(d.mname),
          hostmaster: host(d.rname),
          serial: u32(d.serial),
          refresh: u32(d.refresh),
          retry: u32(d.retry),
          expire: u32(d.expire),
          minttl: u32(d.minimum),
        },
      };
    }
    case "MX":
      return {
        nxdomain,
        records: mine
          .map((a) => a.data as Partial<dnsPacket.MxData>)
          .map((d) => ({ exchange: host(d?.exchange), priority: u32(d?.preference) }))
          .sort((a, b) => a.priority - b.priority || a.exchange.localeCompare(b.exchange)),
      };
    case "TXT":
      return { nxdomain, records: mine.map((a) => txt(a.data)) };
    case "NS":
    case "CNAME":
      return { nxdomain, records: mine.map((a) => host(a.data)) };
    default:
      return { nxdomain, records: mine.map((a) => String(a.data ?? "")) };
  }
}

/** What an absent answer looks like for a type: [] (SOA: null). */
export const emptyRecords = (type: RecordType): Records => (type === "SOA" ? null : []);

/** Seconds to keep an answer: the smallest TTL of its records, else the zone's negative TTL. */
export function replyTtlSeconds(reply: DnsReply, fallback = 60): number {
  const ttls = reply.answers.map((a) => (a as { ttl?: number }).ttl).filter((t): t is number => typeof t === "number");
  if (ttls.length > 0) return Math.min(...ttls);
  const soa = reply.authorities.find((a) => a.type === "SOA") as { ttl?: number; data?: Partial<dnsPacket.SoaData> } | undefined;
  if (soa) return Math.min(soa.ttl ?? fallback, soa.data?.minimum ?? fallback);
  return fallback;
}
