/**
 * callback_url rules (docs/jobs.md): HTTPS only, and every address the host resolves to
 * must be public. Loopback, private, shared (CGNAT), link-local (cloud metadata sits
 * there), multicast, reserved and unspecified addresses are refused unless the operator
 * allows private targets (ZW_CALLBACK_ALLOW_PRIVATE). Checked at submit (400) and again
 * before each delivery (a name may be re-pointed after submit).
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { ApiError } from "../../http/errors.ts";

const V4_BLOCKED: [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8 "this network"
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10 shared address space
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // 169.254/16 link-local, 169.254.169.254 metadata
  [0xac100000, 12], // 172.16/12
  [0xc0000000, 24], // 192.0.0/24 protocol assignments
  [0xc0000200, 24], // 192.0.2/24 documentation
  [0xc0a80000, 16], // 192.168/16
  [0xc6120000, 15], // 198.18/15 benchmarking
  [0xc6336400, 24], // 198.51.100/24 documentation
  [0xcb007100, 24], // 203.0.113/24 documentation
  [0xe0000000, 4], // multicast
  [0xf0000000, 4], // reserved, broadcast
];

function v4ToInt(a: string): number {
  return a.split(".").reduce((n, p) => n * 256 + Number(p), 0);
}

function blockedV4(a: string): boolean {
  const n = v4ToInt(a);
  return V4_BLOCKED.some(([base, bits]) => n >>> (32 - bits) === base >>> (32 - bits));
}

function expandV6(a: string): number[] {
  const [head, tail = ""] = a.toLowerCase().split("::") as [string, string?];
  const parse = (s: string) => (s === "" ? [] : s.split(":"));
  let h = parse(head);
  let t = parse(tail ?? "");
  const v4 = (parts: string[]) => {
    const last = parts[parts.length - 1];
    if (last?.includes(".")) {
      const n = v4ToInt(last);
      parts.splice(parts.length - 1, 1, ((n >>> 16) & 0xffff).toString(16), (n & 0xffff).toString(16));
    }
    return parts;
  };
  h = v4(h);
  t = v4(t);
  const fill = a.includes("::") ? 8 - h.length - t.length : 0;
  return [...h, ...Array(fill).fill("0"), ...t].map((x) => parseInt(x, 16));
}

/** The IPv4 address held in words i and i + 1 of an expanded IPv6 address. */
function v4At(w: number[], i: number): string {
  return `${w[i]! >> 8}.${w[i]! & 255}.${w[i + 1]! >> 8}.${w[i + 1]! & 255}`;
}

interface V6Prefix {
  words: number[];
  bits: number;
}
const v6Prefix = (text: string, bits: number): V6Prefix => ({ words: expandV6(text), bits });

/** Whether the expanded address w lies in the prefix. */
function inV6Prefix(w: number[], { words: p, bits }: V6Prefix): boolean {
  for (let i = 0; bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if ((w[i]! & mask) !== (p[i]! & mask)) return false;
  }
  return true;
}

/**
 * Forms that carry an IPv4 address and reach that host: a callback to one goes where the
 * IPv4 address goes, so the IPv4 rules judge it.
 */
const V6_EMBEDDING_V4: [prefix: V6Prefix, v4Word: number][] = [
  [v6Prefix("::ffff:0:0", 96), 6], // v4-mapped (RFC 4291)
  [v6Prefix("64:ff9b::", 96), 6], // NAT64 well-known prefix (RFC 6052)
  [v6Prefix("2002::", 16), 1], // 6to4 (RFC 3056): the IPv4 address is bits 16-47
];

/**
 * Inside global unicast 2000::/3, the special-purpose blocks of the IANA registry (RFC 6890,
 * RFC 9637) that a callback must never reach.
 */
const V6_BLOCKED: V6Prefix[] = [
  // IETF protocol assignments: Teredo 2001::/32 (a tunnel whose obfuscated IPv4 server and
  // client addresses may be anything, private included), benchmarking 2001:2::/48, ORCHID
  // 2001:10::/28 and ORCHIDv2 2001:20::/28 (identifiers, not locators), AMT and anycast
  // services. No receiver of a callback lives there.
  v6Prefix("2001::", 23),
  v6Prefix("2001:db8::", 32), // documentation
  v6Prefix("3fff::", 20), // documentation (RFC 9637)
];

const GLOBAL_UNICAST = v6Prefix("2000::", 3);

/**
 * Only 2000::/3 is global unicast: everything else is unspecified, loopback, IPv4-compatible
 * ::/96 (deprecated; a stack that still honours it sends to the IPv4 address inside),
 * IPv4-translated, discard-only 100::/64, NAT64 local-use 64:ff9b:1::/48 (the local network's
 * own translator), unique local fc00::/7 (fd00:ec2::254 metadata), link-local fe80::/10,
 * site-local fec0::/10 (deprecated, still routed inside some sites), multicast ff00::/8, SRv6
 * SIDs 5f00::/16, or unallocated. Refusing all of it leaves no range to forget.
 */
function blockedV6(a: string): boolean {
  const w = expandV6(a.split("%")[0]!);
  if (w.length !== 8 || w.some((x) => !(x >= 0 && x <= 0xffff))) return true;
  for (const [prefix, at] of V6_EMBEDDING_V4) if (inV6Prefix(w, prefix)) return blockedV4(v4At(w, at));
  if (!inV6Prefix(w, GLOBAL_UNICAST)) return true;
  return V6_BLOCKED.some((prefix) => inV6Prefix(w, prefix));
}

export function isPublicAddress(a: string): boolean {
  const kind = isIP(a);
  if (kind === 4) return !blockedV4(a);
  if (kind === 6) return !blockedV6(a);
  return false;
}

/** Every address a host name resolves to, as the system resolver answers (A and AAAA). */
export type Resolver = (host: string) => Promise<string[]>;
const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((r) => r.address);

/** The URL's own rules (https, no credentials, length); throws 400 naming `field`. */
function parseCallbackUrl(raw: string, field: string): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ApiError("invalid_request", `${field}: ${JSON.stringify(raw.slice(0, 200))} is not a valid URL`);
  }
  if (u.protocol !== "https:") throw new ApiError("invalid_request", `${field} must be an https:// URL`);
  if (u.username || u.password) throw new ApiError("invalid_request", `${field} must not carry credentials`);
  if (raw.length > 2048) throw new ApiError("invalid_request", `${field} must be at most 2048 characters`);
  return u;
}

/** The addresses the URL's host stands for (itself when it is one), each public unless allowPrivate. */
async function checkedAddresses(u: URL, allowPrivate: boolean, field: string, resolve: Resolver): Promise<{ host: string; addrs: string[] }> {
  const host = u.hostname.replace(/^\[|\]$/g, "");
  let addrs: string[];
  if (isIP(host)) addrs = [host];
  else {
    try {
      addrs = await resolve(host);
    } catch {
      throw new ApiError("invalid_request", `${field}: host "${host}" does not resolve`);
    }
  }
  if (addrs.length === 0 || (!allowPrivate && !addrs.every(isPublicAddress))) {
    throw new ApiError("invalid_request", `${field}: host "${host}" resolves to a private, loopback or link-local address`);
  }
  return { host, addrs };
}

/**
 * The URL, normalised; throws 400 naming `field` when it breaks a rule. Runs at submit; a
 * delivery checks again through callbackTarget.
 */
export async function checkCallbackUrl(raw: string, allowPrivate: boolean, field = "callback_url", resolve: Resolver = systemResolver): Promise<string> {
  const u = parseCallbackUrl(raw, field);
  if (!allowPrivate) await checkedAddresses(u, false, field, resolve);
  return u.href;
}

/** Where one delivery goes: the addresses that were checked, not a name looked up again. */
export interface CallbackTarget {
  /**
   * The URLs to connect to, in the resolver's order, to be tried in turn until one connects
   * (as fetch tries a name's addresses): the callback URL with its host name replaced by
   * each checked address, or the callback URL itself when its host is an address.
   */
  connectTo: string[];
  /** The callback URL's host (and port): the Host header, when connectTo names an address. */
  hostHeader: string | null;
  /** The name the TLS handshake asks for and the certificate must match (SNI). */
  serverName: string | null;
}

/**
 * The callback URL resolved and checked for one delivery, pinned to an address that passed.
 * Checking a name and then letting fetch look it up again left a gap: a name re-pointed in
 * between (DNS rebinding, a TTL of 0) would send the signed body to a private address after
 * a public one had passed. The connection now goes to the checked address, with the name
 * kept for the Host header, SNI and the certificate check.
 */
export async function callbackTarget(raw: string, allowPrivate: boolean, resolve: Resolver = systemResolver): Promise<CallbackTarget> {
  const u = parseCallbackUrl(raw, "callback_url");
  const { host, addrs } = await checkedAddresses(u, allowPrivate, "callback_url", resolve);
  if (isIP(host)) return { connectTo: [u.href], hostHeader: null, serverName: null };
  const connectTo = addrs.map((address) => {
    const pinned = new URL(u.href);
    pinned.hostname = isIP(address) === 6 ? `[${address}]` : address;
    return pinned.href;
  });
  return { connectTo, hostHeader: u.host, serverName: host };
}
