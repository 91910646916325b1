/**
 * DNS replies written byte by byte, for what dns-packet's encoder will not produce: records
 * whose RDLENGTH lies or whose data is the wrong size for its type, names compressed with
 * pointers (as real resolvers send them), and a pointer that points at itself. Used by the
 * fake resolver and by the decoder's unit tests.
 */
import dnsPacket from "dns-packet";

const TYPE_CODES = { A: 1, NS: 2, CNAME: 5, SOA: 6, MX: 15, TXT: 16, AAAA: 28 } as const;
export type RawType = keyof typeof TYPE_CODES;

/** A compression pointer to the question's name, which always starts right after the header. */
export const QUESTION_NAME = Buffer.from([0xc0, 0x0c]);

/** A name as labels, ending in the root or, compressed, in a pointer to a name written earlier. */
export function rawName(labels: string, then: Buffer = Buffer.from([0])): Buffer {
  const parts = labels === "" ? [] : labels.split(".").map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)]));
  return Buffer.concat([...parts, then]);
}

/** One record: owner name (the question's by default), type, class IN, TTL 60, RDLENGTH (the data's unless given), data. */
export function rawRecord(type: RawType, data: Buffer | number[], o: { rdlength?: number; owner?: Buffer } = {}): Buffer {
  const rdata = Buffer.from(data);
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(TYPE_CODES[type], 0);
  fixed.writeUInt16BE(1, 2);
  fixed.writeUInt32BE(60, 4);
  fixed.writeUInt16BE(o.rdlength ?? rdata.length, 8);
  return Buffer.concat([o.owner ?? QUESTION_NAME, fixed, rdata]);
}

/** The header and question of a reply to `q`, counting `answers` answer records (to be appended). */
export function replyHead(id: number, q: dnsPacket.Question, answers: number): Buffer {
  const head = dnsPacket.encode({ type: "response", id, flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE, questions: [q] });
  head.writeUInt16BE(answers, 6);
  return head;
}

export const rawReply = (id: number, q: dnsPacket.Question, records: Buffer[]): Buffer => Buffer.concat([replyHead(id, q, records.length), ...records]);

/** An A record declaring 0xFFFF bytes of data and carrying 2: it runs past the end of the packet. */
export const overrunReply = (id: number, q: dnsPacket.Question) => rawReply(id, q, [rawRecord("A", [1, 2], { rdlength: 0xffff })]);

/** An A record of 2 bytes (an address is 4). */
export const shortAReply = (id: number, q: dnsPacket.Question) => rawReply(id, q, [rawRecord("A", [1, 2])]);

/** An AAAA record of 4 bytes (an address is 16). */
export const shortAaaaReply = (id: number, q: dnsPacket.Question) => rawReply(id, q, [rawRecord("AAAA", [0x20, 0x01, 0x0d, 0xb8])]);

/** An A record whose owner name is a compression pointer to itself. */
export function pointerLoopReply(id: number, q: dnsPacket.Question): Buffer {
  const head = replyHead(id, q, 1);
  const self = Buffer.from([0xc0 | (head.length >> 8), head.length & 0xff]);
  return Buffer.concat([head, rawRecord("A", [192, 0, 2, 1], { owner: self })]);
}
