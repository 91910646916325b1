import { expect, test } from "bun:test";
import dnsPacket from "dns-packet";
import { overrunReply, pointerLoopReply, QUESTION_NAME, rawName, rawRecord, rawReply, shortAaaaReply, shortAReply } from "../../../test/fakes/dns-packets.ts";
import { decodeReply } from "./dns-decode.ts";

const q: dnsPacket.Question = { type: "A", name: "example.com", class: "IN" };
const u16 = (n: number) => [n >> 8, n & 0xff];
const u32 = (n: number) => [...u16(n >>> 16), ...u16(n & 0xffff)];

test("a reply as dns-packet writes it, every type the lookups read (and an EDNS OPT record), decodes as before", () => {
  const packet: dnsPacket.Packet = {
    type: "response",
    id: 7,
    questions: [q],
    answers: [
      { type: "A", name: "example.com", ttl: 60, data: "192.0.2.1" },
      { type: "AAAA", name: "example.com", ttl: 60, data: "2001:db8::1" },
      { type: "CNAME", name: "www.example.com", ttl: 60, data: "example.com" },
      { type: "NS", name: "example.com", ttl: 60, data: "ns1.example.com" },
      { type: "MX", name: "example.com", ttl: 60, data: { preference: 10, exchange: "mx.example.com" } },
      { type: "TXT", name: "example.com", ttl: 60, data: ["v=spf1", " -all"] },
    ],
    authorities: [
      {
        type: "SOA",
        name: "example.com",
        ttl: 60,
        data: { mname: "ns1.example.com", rname: "hostmaster.example.com", serial: 1, refresh: 2, retry: 3, expire: 4, minimum: 5 },
      },
    ],
    additionals: [{ type: "OPT", name: ".", udpPayloadSize: 1232, flags: 0, options: [] } as unknown as dnsPacket.Answer],
  };
  const buf = dnsPacket.encode(packet);
  expect(decodeReply(buf)).toEqual(dnsPacket.decode(buf));
});

test("names compressed with pointers, as resolvers send them, are read", () => {
  const buf = rawReply(7, q, [
    rawRecord("A", [192, 0, 2, 1]),
    rawRecord("NS", rawName("ns1", QUESTION_NAME)),
    rawRecord("MX", [...u16(10), ...rawName("mx", QUESTION_NAME)]),
    rawRecord("CNAME", QUESTION_NAME, { owner: rawName("www", QUESTION_NAME) }),
    rawRecord("SOA", [
      ...rawName("ns1", QUESTION_NAME),
      ...rawName("hostmaster", QUESTION_NAME),
      ...u32(2026),
      ...u32(7200),
      ...u32(3600),
      ...u32(1209600),
      ...u32(300),
    ]),
  ]);
  const p = decodeReply(buf);
  expect(p.answers!.map((a) => [a.type, a.name, (a as { data: unknown }).data])).toEqual([
    ["A", "example.com", "192.0.2.1"],
    ["NS", "example.com", "ns1.example.com"],
    ["MX", "example.com", { preference: 10, exchange: "mx.example.com" }],
    ["CNAME", "www.example.com", "example.com"],
    [
      "SOA",
      "example.com",
      { mname: "ns1.example.com", rname: "hostmaster.example.com", serial: 2026, refresh: 7200, retry: 3600, expire: 1209600, minimum: 300 },
    ],
  ]);
});

test("lengths that lie are malformed, where dns-packet would make up the missing bytes", () => {
  // What dns-packet alone makes of the first two: an address with "undefined" in it.
  const firstData = (buf: Buffer) => (dnsPacket.decode(buf).answers![0] as { data?: unknown }).data;
  expect(firstData(overrunReply(7, q))).toBe("1.2.undefined.undefined");
  expect(firstData(shortAReply(7, q))).toBe("1.2.undefined.undefined");
  expect(() => decodeReply(overrunReply(7, q))).toThrow(/past the end/);
  expect(() => decodeReply(shortAReply(7, q))).toThrow(/A record data of 2 bytes/);
  expect(() => decodeReply(shortAaaaReply(7, q))).toThrow(/AAAA record data of 4 bytes/);
});

test("record data of the wrong size is malformed even when the packet goes on", () => {
  const next = rawRecord("A", [192, 0, 2, 9]);
  const malformed: Array<[string, Buffer[]]> = [
    ["A of 2 bytes, read on into the next record", [rawRecord("A", [1, 2]), next]],
    ["A of 8 bytes", [rawRecord("A", [1, 2, 3, 4, 5, 6, 7, 8]), next]],
    ["AAAA of 4 bytes", [rawRecord("AAAA", [0x20, 0x01, 0x0d, 0xb8]), next]],
    ["MX whose name runs on past its data", [rawRecord("MX", [...u16(10), ...rawName("mx", QUESTION_NAME)], { rdlength: 4 }), next]],
    ["NS with bytes after its name", [rawRecord("NS", [...rawName("ns1", QUESTION_NAME), 0, 0]), next]],
    ["NS shorter than its name", [rawRecord("NS", rawName("ns1", QUESTION_NAME), { rdlength: 3 }), next]],
    ["TXT whose string runs past its data", [rawRecord("TXT", [9, 0x61, 0x62]), next]],
    ["SOA without its numbers", [rawRecord("SOA", [...QUESTION_NAME, ...QUESTION_NAME, ...u32(1)]), next]],
  ];
  for (const [what, records] of malformed) expect(() => decodeReply(rawReply(7, q, records)), what).toThrow();
});

test("a header promising more than the packet holds, a cut record and a pointer loop are malformed", () => {
  const ok = rawReply(7, q, [rawRecord("A", [192, 0, 2, 1])]);
  expect(() => decodeReply(ok.subarray(0, ok.length - 1))).toThrow();
  expect(() => decodeReply(ok.subarray(0, ok.length - 8))).toThrow(/past the end/);
  expect(() => decodeReply(ok.subarray(0, 11))).toThrow(/header/);
  const promisesTwo = Buffer.from(ok);
  promisesTwo.writeUInt16BE(2, 6);
  expect(() => decodeReply(promisesTwo)).toThrow();
  expect(() => decodeReply(pointerLoopReply(7, q))).toThrow();
});
