/**
 * RDAP answers in the styles real registries send, for the fake RDAP server. Shapes follow
 * answers seen from Verisign (.com/.net: thin, with a "related" link to the registrar's
 * RDAP server), PIR (.org: thick), a registrar's own server, and an odd ccTLD style (the
 * domain object wrapped, the registrar entity nested in another entity, time zones with
 * offsets, no nameservers, secureDNS given only as dsData).
 */

const vcard = (fn: string) => [
  "vcard",
  [
    ["version", {}, "text", "4.0"],
    ["fn", {}, "text", fn],
  ],
];

export function verisignStyle(name: string, base: string): unknown {
  return {
    objectClassName: "domain",
    handle: "2336799_DOMAIN_COM-VRSN",
    ldhName: name.toUpperCase(),
    links: [
      { value: `${base}vs/domain/${name}`, rel: "self", href: `${base}vs/domain/${name}`, type: "application/rdap+json" },
      { value: `${base}registrar/domain/${name}`, rel: "related", href: `${base}registrar/domain/${name}`, type: "application/rdap+json" },
    ],
    status: ["client delete prohibited", "client transfer prohibited", "client update prohibited"],
    entities: [
      {
        objectClassName: "entity",
        handle: "376",
        roles: ["registrar"],
        publicIds: [{ type: "IANA Registrar ID", identifier: "376" }],
        vcardArray: vcard("RESERVED-Internet Assigned Numbers Authority"),
      },
    ],
    events: [
      { eventAction: "registration", eventDate: "1995-08-14T04:00:00Z" },
      { eventAction: "expiration", eventDate: "2026-08-13T04:00:00Z" },
      { eventAction: "last changed", eventDate: "2025-08-14T07:01:39Z" },
      { eventAction: "last update of RDAP database", eventDate: "2026-11-22T20:00:00Z" },
    ],
    secureDNS: {
      delegationSigned: true,
      dsData: [{ keyTag: 370, algorithm: 13, digestType: 2, digest: "BE74359954660069D5C63D200C39F5603827D7DD02B56F120EE9F3A86764247C" }],
    },
    nameservers: [
      { objectClassName: "nameserver", ldhName: "A.IANA-SERVERS.NET" },
      { objectClassName: "nameserver", ldhName: "B.IANA-SERVERS.NET" },
    ],
    rdapConformance: ["rdap_level_0", "icann_rdap_technical_implementation_guide_0"],
  };
}

/** The registrar's own answer: more contacts, and an abuse entity nested under the registrar. */
export function registrarStyle(name: string): unknown {
  return {
    objectClassName: "domain",
    ldhName: name,
    status: ["active"],
    entities: [
      {
        objectClassName: "entity",
        roles: ["registrar"],
        vcardArray: vcard("Example Registrar, Inc."),
        entities: [{ objectClassName: "entity", roles: ["abuse"], vcardArray: vcard("Abuse desk") }],
      },
    ],
    events: [{ eventAction: "registration", eventDate: "1995-08-14T04:00:00Z" }],
  };
}

export function pirStyle(name: string): unknown {
  return {
    rdapConformance: ["rdap_level_0"],
    objectClassName: "domain",
    handle: "D402200000000123456-LROR",
    ldhName: name,
    unicodeName: name,
    status: ["Client Transfer Prohibited", "Server Delete Prohibited", "Active"],
    events: [
      { eventAction: "expiration", eventDate: "2027-03-14T19:24:05.000Z" },
      { eventAction: "registration", eventDate: "2013-03-14T19:24:05.000Z" },
      { eventAction: "last changed", eventDate: "2025-02-27T01:11:15.512Z" },
    ],
    entities: [
      {
        objectClassName: "entity",
        roles: ["registrant"],
        vcardArray: [
          "vcard",
          [
            ["version", {}, "text", "4.0"],
            ["org", {}, "text", "Example Org"],
          ],
        ],
      },
      {
        objectClassName: "entity",
        roles: ["registrar"],
        vcardArray: [
          "vcard",
          [
            ["version", {}, "text", "4.0"],
            ["org", {}, "text", "Gandi SAS"],
          ],
        ],
        publicIds: [{ type: "IANA Registrar ID", identifier: "81" }],
      },
    ],
    nameservers: [
      { objectClassName: "nameserver", ldhName: "ns1.example.org." },
      { objectClassName: "nameserver", ldhName: "NS2.example.org" },
    ],
    secureDNS: { delegationSigned: false },
  };
}

export function nestedStyle(name: string): unknown {
  return {
    domain: {
      objectClassName: "domain",
      ldhName: name,
      status: ["ACTIVE", "clientTransferProhibited"],
      events: [
        { eventAction: "registration", eventDate: "2004-06-01T12:00:00+02:00" },
        { eventAction: "expiration", eventDate: "2027-06-01T12:00:00+02:00" },
        { eventAction: "last update", eventDate: "not a date" },
      ],
      entities: [
        {
          objectClassName: "entity",
          roles: ["technical"],
          entities: [{ objectClassName: "entity", roles: ["registrar"], vcardArray: vcard("OVH") }],
        },
      ],
      secureDNS: { dsData: [{ keyTag: 1, algorithm: 8, digestType: 2, digest: "00" }] },
    },
  };
}

/**
 * A domain object with {"toString": 1} where strings belong (a role, a jCard property name, a
 * status flag): String() of it throws, so a parser that converts instead of skipping fails the row.
 */
export function hostileStyle(name: string): unknown {
  const poison = { toString: 1 };
  return {
    objectClassName: "domain",
    ldhName: name,
    status: [poison, "active"],
    events: [{ eventAction: "registration", eventDate: "2010-01-02T03:04:05Z" }],
    entities: [
      { roles: [poison] },
      {
        roles: [poison, "registrar"],
        vcardArray: [
          "vcard",
          [
            [poison, {}, "text", "ignored"],
            ["fn", {}, "text", "Hostile Registrar"],
          ],
        ],
      },
    ],
  };
}
