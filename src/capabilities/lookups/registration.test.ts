import { describe, expect, test } from "bun:test";
import { ageOf, hostName, isoUtc, mergeFacts, emptyFacts, statusFlag } from "./registration.ts";

const at = (s: string) => Date.parse(s);

describe("age", () => {
  test("years and months, singular and plural", () => {
    expect(ageOf(at("2014-08-20T00:00:00Z"), at("2026-11-22T00:00:00Z"))).toBe("12 years, 3 months");
    expect(ageOf(at("2025-10-21T00:00:00Z"), at("2026-11-22T00:00:00Z"))).toBe("1 year, 1 month");
    expect(ageOf(at("2024-11-22T00:00:00Z"), at("2026-11-22T00:00:00Z"))).toBe("2 years, 0 months");
  });
  test("a month not yet complete does not count", () => {
    expect(ageOf(at("2026-01-25T00:00:00Z"), at("2026-11-22T00:00:00Z"))).toBe("9 months");
  });
  test("under a month: days; in the future: null", () => {
    expect(ageOf(at("2026-11-10T00:00:00Z"), at("2026-11-22T00:00:00Z"))).toBe("12 days");
    expect(ageOf(at("2026-11-21T12:00:00Z"), at("2026-11-22T00:00:00Z"))).toBe("0 days");
    expect(ageOf(at("2027-01-01T00:00:00Z"), at("2026-11-22T00:00:00Z"))).toBeNull();
  });
});

test("status flags: RDAP words and EPP codes end up in one spelling", () => {
  expect(statusFlag("client transfer prohibited")).toBe("client transfer prohibited");
  expect(statusFlag("Client Transfer Prohibited")).toBe("client transfer prohibited");
  expect(statusFlag("clientTransferProhibited https://icann.org/epp#clientTransferProhibited")).toBe("client transfer prohibited");
  expect(statusFlag("ACTIVE")).toBe("active");
  expect(statusFlag("ok")).toBe("ok");
  expect(statusFlag("pendingDelete (https://icann.org/epp)")).toBe("pending delete");
  expect(statusFlag("<script>")).toBeNull();
  expect(statusFlag("")).toBeNull();
});

test("dates: ISO UTC without milliseconds; out-of-range or unreadable is null", () => {
  expect(isoUtc(at("2013-03-14T19:24:05.512Z"))).toBe("2013-03-14T19:24:05Z");
  expect(isoUtc(at("2004-06-01T12:00:00+02:00"))).toBe("2004-06-01T10:00:00Z");
  expect(isoUtc(Number.NaN)).toBeNull();
  expect(isoUtc(at("1900-01-01T00:00:00Z"))).toBeNull();
});

test("host names: lower-case, no trailing dot, first token only", () => {
  expect(hostName("NS1.Example.COM.")).toBe("ns1.example.com");
  expect(hostName("ns2.example.com 192.0.2.1")).toBe("ns2.example.com");
  expect(hostName("not a host")).toBeNull();
});

test("merge: the registry wins, the registrar fills gaps", () => {
  const registry = { ...emptyFacts(), registrar: "R1", expirationDate: "2027-01-01T00:00:00Z" };
  const registrar = { ...emptyFacts(), registrar: "R2", nameservers: ["ns1.x.com"], dnssecEnabled: true };
  expect(mergeFacts(registry, registrar)).toMatchObject({
    registrar: "R1",
    expirationDate: "2027-01-01T00:00:00Z",
    nameservers: ["ns1.x.com"],
    dnssecEnabled: true,
  });
});
