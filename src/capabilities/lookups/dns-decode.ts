/**
 * A resolver's reply decoded strictly. dns-packet reads a record's data by its type, not by the
 * length the record declares (RDLENGTH): an A record is read as 4 bytes whatever it says, past
 * the end of the packet too ("1.2.undefined.undefined"), and the next record is then read from
 * wherever that left off. Here the packet is first walked by its declared lengths: every
 * question and record must lie inside the packet, and each record's data must be read to
 * exactly its declared end (A 4 bytes, AAAA 16, MX a preference and a name, a name that ends
 * where the data ends...). A packet that fails this is malformed and decoding throws, like any
 * other undecodable reply. Names are read by dns-packet, which refuses labels past the end and
 * compression pointers that do not point backwards (so a pointer loop is refused too).
 */
import dnsPacket from "dns-packet";

/** dns-packet's per-part decoders: exported by the library, left out of its type definitions. */
type Decoder<T> = { (buf: Buffer, offset: number): T; bytes: number };
const parts = dnsPacket as unknown as {
  name: { decode: Decoder<string> };
  answer: { decode: Decoder<dnsPacket.Answer> };
};

const HEADER_BYTES = 12;
/** TYPE, CLASS, TTL and RDLENGTH, between a record's name and its data. */
const RECORD_FIXED_BYTES = 10;

/** The decoded reply; throws when any length in it lies. */
export function decodeReply(buf: Buffer): dnsPacket.DecodedPacket {
  checkLengths(buf);
  return dnsPacket.decode(buf);
}

function checkLengths(buf: Buffer): void {
  if (buf.length < HEADER_BYTES) throw new Error("shorter than a DNS header");
  const questions = buf.readUInt16BE(4);
  const records = buf.readUInt16BE(6) + buf.readUInt16BE(8) + buf.readUInt16BE(10);
  let offset = HEADER_BYTES;
  for (let i = 0; i < questions; i++) offset = questionEnd(buf, offset);
  for (let i = 0; i < records; i++) offset = recordEnd(buf, offset);
}

/** Bytes a name takes where it is written (a compression pointer counts 2, not the name it points to). */
function nameBytes(buf: Buffer, offset: number): number {
  parts.name.decode(buf, offset);
  return parts.name.decode.bytes;
}

function questionEnd(buf: Buffer, start: number): number {
  const end = start + nameBytes(buf, start) + 4; // QTYPE, QCLASS
  if (end > buf.length) throw new Error("a question runs past the end of the packet");
  return end;
}

/** Where the record starting at `start` ends, by its RDLENGTH; throws when its data is not exactly that long. */
function recordEnd(buf: Buffer, start: number): number {
  const fixed = start + nameBytes(buf, start);
  if (fixed + RECORD_FIXED_BYTES > buf.length) throw new Error("a record runs past the end of the packet");
  const dataStart = fixed + RECORD_FIXED_BYTES;
  const rdlength = buf.readUInt16BE(fixed + 8);
  const end = dataStart + rdlength;
  if (end > buf.length) throw new Error("a record's data runs past the end of the packet");
  const record = parts.answer.decode(buf, start);
  if (start + parts.answer.decode.bytes !== end) throw new Error(`${record.type} record data of ${rdlength} bytes is not the size its type requires`);
  // dns-packet takes an NS record's RDLENGTH as the bytes it read; the name must fill it exactly.
  if (record.type === "NS" && nameBytes(buf, dataStart) !== rdlength) throw new Error(`NS record data of ${rdlength} bytes is not one name`);
  return end;
}
