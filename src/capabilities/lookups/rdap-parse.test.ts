import { expect, test } from "bun:test";
import { looksLikeDomain, parseRdapDomain, relatedDomainUrl, vcardName } from "./rdap-parse.ts";

test("strange shapes never throw and find nothing", () => {
  const shapes: unknown[] = [null, 7, "x", [], [1, 2], { events: "no" }, { entities: [null, 3, { roles: "registrar" }] }, { nameservers: [{ ldhName: 5 }] }, { status: [1, null, "Active"] }, { secureDNS: "yes" }, { events: [{ eventAction: "registration", eventDate: 12 }] }];
  for (const s of shapes) expect(() => parseRdapDomain(s)).not.toThrow();
  expect(parseRdapDomain({ status: [1, null, "Active"] }).statusFlags).toEqual(["active"]);
});

test("vCard: fn first, then org (also as a list of units)", () => {
  expect(vcardName(["vcard", [["version", {}, "text", "4.0"], ["org", {}, "text", "Org"], ["fn", {}, "text", "Full"]]])).toBe("Full");
  expect(vcardName(["vcard", [["org", {}, "text", ["Big Corp", "Unit"]]]])).toBe("Big Corp Unit");
  expect(vcardName(["vcard", "broken"])).toBeNull();
});

test("registrar name from publicIds when there is no vCard, never a bare number", () => {
  const body = { objectClassName: "domain", entities: [{ roles: ["registrar"], publicIds: [{ identifier: "292" }, { identifier: "MarkMonitor Inc." }] }] };
  expect(parseRdapDomain(body).registrar).toBe("MarkMonitor Inc.");
});

test("related link: only an RDAP domain URL other than the one read", () => {
  const self = "https://rdap.registry.test/domain/x.com";
  const body = (links: unknown[]) => ({ objectClassName: "domain", links });
  expect(relatedDomainUrl(body([{ rel: "related", href: "https://rdap.registrar.test/domain/x.com", type: "application/rdap+json" }]), self)).toBe("https://rdap.registrar.test/domain/x.com");
  expect(relatedDomainUrl(body([{ rel: "related", href: "https://registrar.test/about", type: "text/html" }]), self)).toBeNull();
  expect(relatedDomainUrl(body([{ rel: "related", href: self }]), self)).toBeNull();
  expect(relatedDomainUrl(body([{ rel: "related", href: "javascript:alert(1)//domain/x" }]), self)).toBeNull();
});

test("an object is a domain answer only when it looks like one", () => {
  expect(looksLikeDomain({ objectClassName: "domain" })).toBe(true);
  expect(looksLikeDomain({ domain: { ldhName: "x.com" } })).toBe(true);
  expect(looksLikeDomain({ hello: "world" })).toBe(false);
  expect(looksLikeDomain([1, 2])).toBe(false);
});

test("deeply nested junk is not followed", () => {
  let deep: unknown = { objectClassName: "domain", ldhName: "x.com" };
  for (let i = 0; i < 100_000; i++) deep = [deep];
  expect(looksLikeDomain(deep)).toBe(false);
  expect(() => parseRdapDomain(deep)).not.toThrow();
  expect(looksLikeDomain([[{ objectClassName: "domain" }]])).toBe(true);
});
