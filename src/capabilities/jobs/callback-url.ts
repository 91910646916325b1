/**
 * callback_url rules (decisions §8): HTTPS only, and every address the host resolves to
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
  return V4_BLOCKED.some(([base, bits]) => (n >>> (32 - bits)) === (base >>> (32 - bits)));
}

function expandV6(a: string): number[] {
  const [head, tail = ""] = a.toLowerCase().split("::") as [string, string?];
  const parse = (s: string) => (s === "" ? [] : s.split(":"));
  let h = parse(head);
  let t = parse(tail ?? "");
  const v4 = (parts: string[]) => {
    const last = parts[parts.length - 1];
    if (last && last.includes(".")) {
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

function blockedV6(a: string): boolean {
  const w = expandV6(a.split("%")[0]!);
  if (w.length !== 8) return true;
  const zeroPrefix = (k: number) => w.slice(0, k).every((x) => x === 0);
  if (zeroPrefix(7) && (w[7] === 0 || w[7] === 1)) return true; // :: and ::1
  if (zeroPrefix(5) && w[5] === 0xffff) return blockedV4(`${w[6]! >> 8}.${w[6]! & 255}.${w[7]! >> 8}.${w[7]! & 255}`); // v4-mapped
  if (w[0] === 0x64 && w[1] === 0xff9b) return blockedV4(`${w[6]! >> 8}.${w[6]! & 255}.${w[7]! >> 8}.${w[7]! & 255}`); // NAT64
  const first = w[0]!;
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local (fd00:ec2::254 metadata)
  if ((first & 0xffc0) === 0xfe80) return true; // link-local
  if ((first & 0xff00) === 0xff00) return true; // multicast
  if (first === 0x2001 && w[1] === 0x0db8) return true; // documentation
  return false;
}

export function isPublicAddress(a: string): boolean {
  const kind = isIP(a);
  if (kind === 4) return !blockedV4(a);
  if (kind === 6) return !blockedV6(a);
  return false;
}

/** The URL, normalised; throws 400 naming `field` when it breaks a rule. */
export async function checkCallbackUrl(raw: string, allowPrivate: boolean, field = "callback_url"): Promise<string> {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ApiError(400, `${field}: ${JSON.stringify(raw.slice(0, 200))} is not a valid URL`);
  }
  if (u.protocol !== "https:") throw new ApiError(400, `${field} must be an https:// URL`);
  if (u.username || u.password) throw new ApiError(400, `${field} must not carry credentials`);
  if (raw.length > 2048) throw new ApiError(400, `${field} must be at most 2048 characters`);
  if (allowPrivate) return u.href;
  const host = u.hostname.replace(/^\[|\]$/g, "");
  let addrs: string[];
  if (isIP(host)) addrs = [host];
  else {
    try {
      addrs = (await lookup(host, { all: true, verbatim: true })).map((r) => r.address);
    } catch {
      throw new ApiError(400, `${field}: host "${host}" does not resolve`);
    }
  }
  if (addrs.length === 0 || !addrs.every(isPublicAddress)) {
    throw new ApiError(400, `${field}: host "${host}" resolves to a private, loopback or link-local address`);
  }
  return u.href;
}
