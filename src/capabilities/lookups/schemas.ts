/**
 * Response schemas of POST /v1/rdap and POST /v1/dns, for OpenAPI and the MCP tools'
 * output schemas. Field meanings are in docs/lookups.md.
 */
import { Type } from "@sinclair/typebox";

const nullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

export const RegistrationResult = Type.Object({
  domain: Type.String({ description: "The domain (normalised ASCII form)" }),
  status: Type.Union([Type.Literal("found"), Type.Literal("not_found"), Type.Literal("error")]),
  source: Type.Optional(Type.Union([Type.Literal("rdap"), Type.Literal("whois")], { description: "Where the answer came from" })),
  registrationDate: Type.Optional(nullableString("ISO 8601 UTC; null when the registry does not say")),
  expirationDate: Type.Optional(nullableString("ISO 8601 UTC")),
  lastUpdatedDate: Type.Optional(nullableString("ISO 8601 UTC")),
  registrar: Type.Optional(nullableString("Sponsoring registrar")),
  age: Type.Optional(nullableString('Human-readable age, e.g. "12 years, 3 months"')),
  statusFlags: Type.Optional(Type.Array(Type.String(), { description: 'EPP status codes, lower-cased (RDAP spelling, e.g. "client transfer prohibited")' })),
  nameservers: Type.Optional(Type.Array(Type.String(), { description: "Delegated nameservers" })),
  dnssecEnabled: Type.Optional(Type.Union([Type.Boolean(), Type.Null()], { description: "DNSSEC delegation signed; null when unknown" })),
  error: Type.Optional(Type.String({ description: "Why the lookup failed (status error only; such rows are not charged)" })),
});

export const RdapResponse = Type.Object({ results: Type.Array(RegistrationResult) });

const Mx = Type.Object({ exchange: Type.String(), priority: Type.Integer() });
const Soa = Type.Object({
  nsname: Type.String(),
  hostmaster: Type.String(),
  serial: Type.Integer(),
  refresh: Type.Integer(),
  retry: Type.Integer(),
  expire: Type.Integer(),
  minttl: Type.Integer(),
});

export const DnsResult = Type.Object(
  {
    A: Type.Optional(Type.Array(Type.String())),
    AAAA: Type.Optional(Type.Array(Type.String())),
    MX: Type.Optional(Type.Array(Mx)),
    TXT: Type.Optional(Type.Array(Type.String(), { description: "Whole records (character-strings joined)" })),
    NS: Type.Optional(Type.Array(Type.String())),
    CNAME: Type.Optional(Type.Array(Type.String())),
    SOA: Type.Optional(Type.Union([Soa, Type.Null()])),
    errors: Type.Array(Type.String(), { description: "Resolver errors for this domain (NXDOMAIN, time-outs); empty when all went well" }),
  },
  { description: "Exactly the requested record types plus errors; a missing type is an empty array" },
);

export const DnsResponse = Type.Object({
  results: Type.Record(Type.String(), DnsResult, { description: "One entry per normalised input domain" }),
});
