/**
 * Real-world RDAP domain answers (RFC 9083) -> RegistrationFacts. Defensive by design: any
 * field may be missing, of the wrong type, or nested one level deeper than the RFC says;
 * nothing here throws on a strange answer, it just finds less. A value is read only when it has
 * the type the field needs: one that does not (an object where a string belongs) is skipped,
 * never converted, since String() runs the answer's own "toString" ({"toString": 1} throws).
 * Field names an answer controls are looked up in Maps, never in plain objects, so "__proto__"
 * or "constructor" finds nothing.
 *  - events: registration, expiration, last changed (also "last update" spellings)
 *  - registrar: the entity with role "registrar" (searched through nested entities), its
 *    jCard "fn", else "org", else its name in publicIds
 *  - status flags lower-cased, nameservers' ldhName, secureDNS.delegationSigned
 *  - the registrar's own RDAP URL from a "related" link (thin registries)
 */
import { emptyFacts, hostName, isoUtc, statusFlag, uniq, type RegistrationFacts } from "./registration.ts";

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

/** The domain object itself: some servers wrap it ({"domain": {...}} or a one-element array). */
export function unwrapDomain(body: unknown): Json | null {
  let b = body;
  // A one-element array around the object, a few levels at most (never a recursion an answer controls).
  for (let i = 0; i < 3 && Array.isArray(b) && b.length === 1; i++) b = b[0];
  if (!isObj(b)) return null;
  return unwrapObject(b);
}

function unwrapObject(body: Json): Json {
  if (body.objectClassName === "domain" || "ldhName" in body || "events" in body) return body;
  for (const key of ["domain", "result", "data"]) {
    const inner = body[key];
    if (isObj(inner) && (inner.objectClassName === "domain" || "ldhName" in inner)) return inner;
  }
  return body;
}

/** Whether an answer is recognisably an RDAP domain object (else it is garbage). */
export function looksLikeDomain(body: unknown): boolean {
  const d = unwrapDomain(body);
  return d !== null && (d.objectClassName === "domain" || typeof d.ldhName === "string" || typeof d.handle === "string" || Array.isArray(d.events));
}

/** An RDAP error object saying "not found" (some servers send it with a 200). */
export function isNotFoundBody(body: unknown): boolean {
  return isObj(body) && (body.errorCode === 404 || body.errorCode === "404");
}

type DateField = "registrationDate" | "expirationDate" | "lastUpdatedDate";
const EVENT_FIELDS = new Map<string, DateField>([
  ["registration", "registrationDate"],
  ["expiration", "expirationDate"],
  ["last changed", "lastUpdatedDate"],
  ["last update", "lastUpdatedDate"],
  ["last updated", "lastUpdatedDate"],
]);

export function parseRdapDomain(body: unknown): RegistrationFacts {
  const facts = emptyFacts();
  const d = unwrapDomain(body);
  if (!d) return facts;
  for (const e of arr(d.events)) {
    if (!isObj(e)) continue;
    const action = str(e.eventAction)?.toLowerCase();
    const field = action ? EVENT_FIELDS.get(action) : undefined;
    const date = str(e.eventDate);
    if (!field || !date) continue;
    const iso = isoUtc(Date.parse(date));
    if (iso && facts[field] === null) facts[field] = iso;
  }
  facts.registrar = registrarName(d);
  facts.statusFlags = uniq(
    arr(d.status)
      .flatMap((s) => (typeof s === "string" ? [statusFlag(s)] : []))
      .filter((s): s is string => s !== null),
  );
  facts.nameservers = uniq(
    arr(d.nameservers)
      .map((ns) => (isObj(ns) ? hostName(str(ns.ldhName) ?? str(ns.unicodeName) ?? "") : typeof ns === "string" ? hostName(ns) : null))
      .filter((h): h is string => h !== null),
  );
  facts.dnssecEnabled = dnssec(d.secureDNS);
  return facts;
}

function dnssec(sd: unknown): boolean | null {
  if (!isObj(sd)) return null;
  if (typeof sd.delegationSigned === "boolean") return sd.delegationSigned;
  if (sd.delegationSigned === "true" || sd.delegationSigned === "false") return sd.delegationSigned === "true";
  if (arr(sd.dsData).length > 0 || arr(sd.keyData).length > 0) return true;
  return null;
}

/** Breadth-first through entities (bounded), the first one with role registrar. */
function registrarName(d: Json): string | null {
  let level = arr(d.entities);
  for (let depth = 0; depth < 4 && level.length > 0; depth++) {
    const next: unknown[] = [];
    for (const ent of level) {
      if (!isObj(ent)) continue;
      if (arr(ent.roles).some((r) => str(r)?.toLowerCase() === "registrar")) {
        const name = vcardName(ent.vcardArray) ?? publicIdName(ent.publicIds);
        if (name) return name;
      }
      // One push per entity, not push(...list): a spread passes every entry as an argument and
      // overflows the call stack past about 640,000 (a 1 MB answer holds 520,000: too close).
      for (const child of arr(ent.entities)) next.push(child);
    }
    level = next;
  }
  return null;
}

/** jCard: ["vcard", [["fn", {}, "text", "Name"], ...]]; fn first, then org. */
export function vcardName(vcard: unknown): string | null {
  const props = arr(arr(vcard)[1]);
  let org: string | null = null;
  for (const p of props) {
    const prop = arr(p);
    const name = str(prop[0])?.toLowerCase();
    const value = prop[3];
    const text = str(value) ?? (Array.isArray(value) ? str(value.filter((v) => typeof v === "string").join(" ")) : null);
    if (name === "fn" && text) return text;
    if (name === "org" && text && org === null) org = text;
  }
  return org;
}

function publicIdName(ids: unknown): string | null {
  for (const id of arr(ids)) {
    const identifier = isObj(id) ? str(id.identifier) : null;
    if (identifier && !/^\d+$/.test(identifier)) return identifier;
  }
  return null;
}

/**
 * The registrar's RDAP URL for this domain, from a "related" link (thin registries such as
 * .com point there); null when there is none or it is the URL just read.
 */
export function relatedDomainUrl(body: unknown, selfUrl: string): string | null {
  const d = unwrapDomain(body);
  if (!d) return null;
  for (const l of arr(d.links)) {
    if (!isObj(l) || str(l.rel)?.toLowerCase() !== "related") continue;
    const href = str(l.href);
    const type = str(l.type)?.toLowerCase();
    if (!href || (type && !type.includes("rdap") && !type.includes("json"))) continue;
    if (!/\/domain\/[^/]+$/i.test(href)) continue;
    try {
      const url = new URL(href, selfUrl);
      if ((url.protocol === "https:" || url.protocol === "http:") && url.href !== new URL(selfUrl).href) return url.href;
    } catch {
      /* not a URL: ignore the link */
    }
  }
  return null;
}
