import { describe, expect, test } from "bun:test";
import { ApiError } from "../../http/errors.ts";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import { rootCertificates } from "node:tls";
import { selfSignedCert, startReceiver } from "../../../test/jobs/support/https-receiver.ts";
import { callbackTarget, checkCallbackUrl, isPublicAddress } from "./callback-url.ts";
import { firstToConnect } from "./callbacks.ts";

test("public and non-public addresses", () => {
  for (const a of ["1.1.1.1", "8.8.8.8", "93.184.216.34", "2606:4700::1111", "2001:4860:4860::8888", "::ffff:8.8.8.8"]) expect(isPublicAddress(a)).toBe(true);
  for (const a of [
    "127.0.0.1",
    "10.0.0.1",
    "172.16.5.4",
    "172.31.255.255",
    "192.168.0.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fd00:ec2::254",
    "fc00::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "ff02::1",
    "2001:db8::1",
    "not-an-ip",
  ])
    expect(isPublicAddress(a)).toBe(false);
  expect(isPublicAddress("172.32.0.1")).toBe(true);
});

describe("IPv6 special-purpose ranges (IANA registry, RFC 6890 / RFC 9637)", () => {
  const refused: [string, string[]][] = [
    ["IPv4-compatible ::/96 (deprecated)", ["::7f00:1", "::127.0.0.1", "::a00:1", "::a9fe:a9fe", "::8.8.8.8"]],
    ["6to4 2002::/16 with a non-public IPv4 inside", ["2002:7f00:1::", "2002:7f00:1::1", "2002:a00:1::1", "2002:a9fe:a9fe::", "2002:c0a8:101:1::1", "2002::1"]],
    ["Teredo 2001::/32", ["2001::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2"]],
    [
      "the rest of the IETF protocol block 2001::/23 (benchmarking, ORCHID, ORCHIDv2, AMT)",
      ["2001:2::1", "2001:10::1", "2001:20::1", "2001:3::1", "2001:1ff::1"],
    ],
    ["documentation 2001:db8::/32 and 3fff::/20", ["2001:db8::1", "2001:db8:ffff::1", "3fff::1", "3fff:fff::1"]],
    ["discard-only 100::/64", ["100::", "100::1"]],
    ["site-local fec0::/10", ["fec0::1", "feff::1"]],
    ["multicast ff00::/8", ["ff02::1", "ff05::2", "ff0e::1"]],
    ["NAT64 local-use 64:ff9b:1::/48 and a NAT64 well-known address with a non-public IPv4", ["64:ff9b:1::808:808", "64:ff9b::7f00:1", "64:ff9b::a00:1"]],
    [
      "IPv4-translated ::ffff:0:0:0/96, SRv6 SIDs 5f00::/16, unallocated space outside 2000::/3",
      ["::ffff:0:7f00:1", "::ffff:0:808:808", "5f00::1", "4000::1", "e000::1"],
    ],
  ];
  for (const [what, addrs] of refused) {
    test(`refused: ${what}`, () => {
      for (const a of addrs) expect([a, isPublicAddress(a)]).toEqual([a, false]);
    });
  }

  test("still public: global unicast, and embedded IPv4 forms of public addresses", () => {
    for (const a of ["2001:200::1", "2400:cb00::1", "2a00:1450:4001::200e", "2620:fe::fe", "2002:808:808::1", "64:ff9b::808:808", "::ffff:1.1.1.1"]) {
      expect([a, isPublicAddress(a)]).toEqual([a, true]);
    }
  });
});

/** The 400's message of a refused URL. */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError && e.status === 400) return e.message;
    throw e;
  }
  throw new Error("accepted");
}

describe("checkCallbackUrl", () => {
  test("an IPv6 literal in the new ranges is refused at submit", async () => {
    for (const host of ["[::7f00:1]", "[2002:7f00:1::]", "[2001::1]", "[fec0::1]", "[100::1]"]) {
      expect(await refusal(checkCallbackUrl(`https://${host}/hook`, false))).toContain("resolves to a private, loopback or link-local address");
    }
  });

  test("the same check holds for every address a name resolves to (as before each delivery)", async () => {
    const resolvingTo = (addrs: string[]) => async () => addrs;
    for (const addrs of [["::7f00:1"], ["2002:7f00:1::"], ["2606:4700::1111", "2002:a9fe:a9fe::"], ["1.1.1.1", "2001:0:4136:e378:8000:63bf:3fff:fdd2"]]) {
      const msg = await refusal(checkCallbackUrl("https://hooks.example/cb", false, "callback_url", resolvingTo(addrs)));
      expect([addrs, msg]).toEqual([addrs, 'callback_url: host "hooks.example" resolves to a private, loopback or link-local address']);
    }
    expect(await checkCallbackUrl("https://hooks.example/cb", false, "callback_url", resolvingTo(["2606:4700::1111", "1.1.1.1"]))).toBe(
      "https://hooks.example/cb",
    );
  });
});

describe("callbackTarget: a delivery connects to the address it checked", () => {
  const resolver = (answers: Record<string, string[]>) => async (host: string) => answers[host] ?? [];

  test("a host name is pinned to each checked address, the name kept for Host and TLS", async () => {
    const t = await callbackTarget(
      "https://hooks.example:8443/h?x=1",
      false,
      resolver({ "hooks.example": ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"] }),
    );
    expect(t).toEqual({
      connectTo: ["https://93.184.216.34:8443/h?x=1", "https://[2606:2800:220:1:248:1893:25c8:1946]:8443/h?x=1"],
      hostHeader: "hooks.example:8443",
      serverName: "hooks.example",
    });
  });

  test("an address in the URL is used as it is", async () => {
    expect(await callbackTarget("https://93.184.216.34/h", false)).toEqual({ connectTo: ["https://93.184.216.34/h"], hostHeader: null, serverName: null });
  });

  test("a name re-pointed since submit is refused at delivery: the check and the connection use one answer", async () => {
    let calls = 0;
    const rebinding = async () => (calls++ === 0 ? ["93.184.216.34"] : ["127.0.0.1"]);
    expect(await checkCallbackUrl("https://hooks.example/h", false, "callback_url", rebinding)).toBe("https://hooks.example/h");
    expect(await refusal(callbackTarget("https://hooks.example/h", false, rebinding))).toBe(
      'callback_url: host "hooks.example" resolves to a private, loopback or link-local address',
    );
  });

  test("a delivery reaches the pinned address with the name's Host, SNI and certificate; a dead address is skipped", async () => {
    // hooks.invalid resolves nowhere: only a connection to the pinned address can reach the receiver
    const rec = startReceiver(selfSignedCert("DNS:hooks.invalid"));
    try {
      const port = new URL(rec.url).port;
      // 127.0.0.2 is loopback too, but nothing listens there: refused, so the next address is tried
      const t = await callbackTarget(`https://hooks.invalid:${port}/hook`, true, resolver({ "hooks.invalid": ["127.0.0.2", "127.0.0.1"] }));
      const ca = [...rootCertificates, fs.readFileSync(rec.caFile, "utf8")];
      const init = { method: "POST", body: "{}", headers: { host: t.hostHeader! }, tls: { ca, serverName: t.serverName! } } as RequestInit;
      const r = await firstToConnect(t.connectTo, init);
      expect(r.status).toBe(200);
      expect(rec.received.map((x) => x.headers.get("host"))).toEqual([`hooks.invalid:${port}`]);
      // the certificate is checked against the name: another name's certificate is refused
      const other = await callbackTarget(`https://other.invalid:${port}/hook`, true, resolver({ "other.invalid": ["127.0.0.1"] }));
      await expect(firstToConnect(other.connectTo, { ...init, tls: { ca, serverName: other.serverName! } } as RequestInit)).rejects.toThrow();
    } finally {
      rec.stop();
    }
  });

  test("a connection cut after the body was read ends the attempt: the next address never gets a second copy", async () => {
    const got: number[] = [];
    const cutter = (n: number) =>
      net
        .createServer((s) =>
          s.once("data", () => {
            got.push(n);
            s.resetAndDestroy();
          }),
        )
        .listen(0, "127.0.0.1");
    const a = cutter(1),
      b = cutter(2);
    await Promise.all([once(a, "listening"), once(b, "listening")]);
    const url = (srv: net.Server) => `http://127.0.0.1:${(srv.address() as net.AddressInfo).port}/hook`;
    try {
      await expect(firstToConnect([url(a), url(b)], { method: "POST", body: "{}" })).rejects.toThrow();
      expect(got).toEqual([1]);
    } finally {
      a.close();
      b.close();
    }
  });
});
