import { describe, expect, test } from "bun:test";
import { looksLikeDomain, parseRdapDomain, relatedDomainUrl, vcardName } from "./rdap-parse.ts";

test("strange shapes never throw and find nothing", () => {
  const shapes: unknown[] = [
    null,
    7,
    "x",
    [],
    [1, 2],
    { events: "no" },
    { entities: [null, 3, { roles: "registrar" }] },
    { nameservers: [{ ldhName: 5 }] },
    { status: [1, null, "Active"] },
    { secureDNS: "yes" },
    { events: [{ eventAction: "registration", eventDate: 12 }] },
  ];
  for (const s of shapes) expect(() => parseRdapDomain(s)).not.toThrow();
  expect(parseRdapDomain({ status: [1, null, "Active"] }).statusFlags).toEqual(["active"]);
});

test("vCard: fn first, then org (also as a list of units)", () => {
  expect(
    vcardName([
      "vcard",
      [
        ["version", {}, "text", "4.0"],
        ["org", {}, "text", "Org"],
        ["fn", {}, "text", "Full"],
      ],
    ]),
  ).toBe("Full");
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
  expect(relatedDomainUrl(body([{ rel: "related", href: "https://rdap.registrar.test/domain/x.com", type: "application/rdap+json" }]), self)).toBe(
    "https://rdap.registrar.test/domain/x.com",
  );
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

describe("hostile JSON: values that are not what the field needs are skipped, never converted", () => {
  // String() of {"toString": 1} throws ("No default value"): that text once reached the user as an error row.
  const poison = '{"toString":1}';
  const registrar = (entity: string) => JSON.parse(`{"objectClassName":"domain","entities":[${entity}]}`);

  test("a role that is an object is not a role; the entity's real roles still count", () => {
    expect(() => parseRdapDomain(registrar(`{"roles":[${poison}]}`))).not.toThrow();
    expect(parseRdapDomain(registrar(`{"roles":[${poison}]}`)).registrar).toBeNull();
    const body = registrar(`{"roles":[${poison},{"valueOf":1,"toString":1},"Registrar"],"vcardArray":["vcard",[["fn",{},"text","Good Registrar"]]]}`);
    expect(parseRdapDomain(body).registrar).toBe("Good Registrar");
  });

  test("a jCard property whose name is an object is skipped", () => {
    expect(vcardName(JSON.parse(`["vcard",[[${poison},{},"text","X"],["fn",{},"text","Real Name"]]]`))).toBe("Real Name");
    const body = registrar(
      `{"roles":["registrar"],"vcardArray":["vcard",[[${poison},{},"text","X"]]],"publicIds":[{"identifier":${poison}},{"identifier":"Named Ltd"}]}`,
    );
    expect(parseRdapDomain(body).registrar).toBe("Named Ltd");
  });

  test("objects everywhere a string belongs find nothing and never throw", () => {
    const everywhere = JSON.parse(`{"objectClassName":"domain","ldhName":${poison},"status":[${poison}],"nameservers":[${poison},{"ldhName":${poison}}],
      "events":[{"eventAction":${poison},"eventDate":${poison}}],"secureDNS":{"delegationSigned":${poison}},
      "links":[{"rel":${poison},"href":${poison},"type":${poison}}],"entities":[{"roles":["registrar"],"vcardArray":[${poison},[[${poison},${poison},${poison},${poison}]]]}]}`);
    expect(parseRdapDomain(everywhere)).toEqual(parseRdapDomain({ objectClassName: "domain" }));
    expect(relatedDomainUrl(everywhere, "https://rdap.registry.test/domain/x.com")).toBeNull();
  });

  test("event names that are Object's own members ('__proto__', 'constructor') are not events", () => {
    const body = JSON.parse(
      '{"objectClassName":"domain","events":[{"eventAction":"__proto__","eventDate":"2001-01-01T00:00:00Z"},{"eventAction":"constructor","eventDate":"2002-01-01T00:00:00Z"},{"eventAction":"registration","eventDate":"2003-01-01T00:00:00Z"}]}',
    );
    const facts = parseRdapDomain(body);
    expect(facts.registrationDate).toBe("2003-01-01T00:00:00Z");
    expect(Object.keys(facts).sort()).toEqual(Object.keys(parseRdapDomain({})).sort());
  });

  test("an entity list too long to spread as arguments is walked without overflowing the stack", () => {
    const body = {
      objectClassName: "domain",
      entities: [{ entities: [...new Array(1_000_000).fill(0), { roles: ["registrar"], publicIds: [{ identifier: "Deep Registrar" }] }] }],
    };
    expect(parseRdapDomain(body).registrar).toBe("Deep Registrar");
  });
});
