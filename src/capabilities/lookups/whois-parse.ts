/**
 * WHOIS text -> RegistrationFacts. There is no standard format; this reads the families
 * seen in practice:
 *  - "Key: value" lines (ICANN gTLD format, most ccTLDs), keys compared case-insensitively
 *    with their many spellings ("Creation Date", "created", "Registered on", "paid-till"...)
 *  - section style (Nominet, EURid): a "Key:" line followed by indented value lines
 *  - "[Key] value" (JPRS)
 * and decides found / not found / unreadable. Not-found phrasings ("No match for", "NOT
 * FOUND", "No Data Found", "Status: free", ...) are checked first; an answer with no known
 * field and no known phrasing is unreadable (an error row), never "found" by default.
 */
import { emptyFacts, hostName, isoUtc, statusFlag, uniq, type RegistrationFacts } from "./registration.ts";

export type WhoisVerdict =
  | { kind: "found"; facts: RegistrationFacts; referral: string | null }
  | { kind: "not_found" }
  | { kind: "busy"; message: string }
  | { kind: "unreadable"; message: string };

// Horizontal space only ([ \t]), never \s: with the m flag, \s* would run across line breaks
// and a hostile answer of blank lines would make these tests quadratic.
const NOT_FOUND = [
  /^[ \t]*no match(es)? for\b/im,
  /^[ \t]*(?:%+[ \t]*)?not found\b/im,
  /^[ \t]*no data found\b/im,
  /^[ \t]*(domain[ \t]+)?status:[ \t]*(free|available|no object found|not registered)[ \t]*\r?$/im,
  /^[ \t]*(?:%+[ \t]*)?no entries found\b/im,
  /^[ \t]*(?:%+[ \t]*)?(no such domain|domain not found|object does not exist|the queried object does not exist)\b/im,
  /^[ \t]*no found\b/im,
  /\bis (available|free) for registration\b/i,
  /^[ \t]*(?:%+[ \t]*)?nothing found\b/im,
  /^[ \t]*the domain has not been registered\b/im,
];
const BUSY = /(query rate|rate limit|limit exceeded|too many (requests|queries)|exceeded (the|your) (query )?limit|try again later)/i;

type Field = keyof RegistrationFacts | "referral" | "domain";
// A Map, not a plain object: the keys come from the answer, and "constructor:" (or
// "[__proto__]") would find Object's own members and count as a known field.
const KEYS = new Map<string, Field>();
const alias = (field: Field, names: string[]) => names.forEach((n) => KEYS.set(n, field));
alias("domain", ["domain name", "domain", "domainname"]);
alias("registrationDate", [
  "creation date",
  "created",
  "created on",
  "created date",
  "registered",
  "registered on",
  "registration date",
  "registration time",
  "domain registration date",
  "record created",
  "domain record activated",
  "commencement date",
]);
alias("expirationDate", [
  "registry expiry date",
  "expiry date",
  "expiration date",
  "expires",
  "expires on",
  "expire",
  "expiration time",
  "paid-till",
  "renewal date",
  "registrar registration expiration date",
  "record expires",
  "domain expiration date",
  "valid until",
]);
alias("lastUpdatedDate", [
  "updated date",
  "last updated",
  "last updated on",
  "last modified",
  "last-modified",
  "modified",
  "changed",
  "last update",
  "updated",
  "domain record last updated",
]);
alias("registrar", ["registrar", "sponsoring registrar", "registrar name", "registrar organization", "registrar-name"]);
alias("statusFlags", ["domain status", "status", "state", "registration status"]);
alias("nameservers", ["name server", "name servers", "nameserver", "nameservers", "nserver", "dns", "domain nameservers", "host name"]);
alias("dnssecEnabled", ["dnssec", "signed", "dnssec status"]);
alias("referral", ["registrar whois server", "whois server", "whois", "refer", "referralserver"]);

const MAX_VALUE = 512;

/** Key/value pairs in order, with section-style values joined from their indented lines. */
export function whoisPairs(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*[%#>]/.test(line)) continue;
    const jp = /^\s*\[([^\]]{1,60})\]\s*(.*)$/.exec(line);
    const kv = jp ?? /^\s*([A-Za-z][A-Za-z0-9 ._/()-]{0,60}?)\s*(?:\.{2,}\s*)?:\s*(.*)$/.exec(line);
    if (!kv) continue;
    const key = kv[1]!
      .trim()
      .toLowerCase()
      .replace(/\s+/g, " ")
      .replace(/\s*\(.*\)$/, "");
    // No field worth reading is longer; a clip keeps every later regex linear on hostile input.
    const value = kv[2]!.trim().slice(0, MAX_VALUE);
    if (value !== "") {
      out.push([key, value]);
      continue;
    }
    // Section style: the values are the indented lines that follow.
    const indent = /^\s*/.exec(line)![0].length;
    while (i + 1 < lines.length) {
      const next = lines[i + 1]!;
      const nextIndent = /^\s*/.exec(next)![0].length;
      if (next.trim() === "" || nextIndent <= indent) break;
      i++;
      const sub = KEYS.get(key) === "nameservers" ? null : /^\s*([A-Za-z][A-Za-z ]{0,30}):\s*(.*)$/.exec(next);
      if (!sub) out.push([key, next.trim().slice(0, MAX_VALUE)]);
      else {
        // "Relevant dates:" holds known keys of its own; "Registrar:" holds its "URL:".
        const subKey = sub[1]!.trim().toLowerCase();
        out.push([KEYS.has(subKey) ? subKey : `${key} ${subKey}`, sub[2]!.trim().slice(0, MAX_VALUE)]);
      }
    }
  }
  return out;
}

export function parseWhois(text: string): WhoisVerdict {
  if (isBinary(text)) return { kind: "unreadable", message: "WHOIS answer is not readable text" };
  if (NOT_FOUND.some((re) => re.test(text))) return { kind: "not_found" };
  const facts = emptyFacts();
  let referral: string | null = null;
  let known = 0;
  for (const [key, value] of whoisPairs(text)) {
    const field = KEYS.get(key);
    if (!field || field === "domain") continue;
    known++;
    switch (field) {
      case "registrationDate":
      case "expirationDate":
      case "lastUpdatedDate":
        facts[field] ??= whoisDate(value);
        break;
      case "registrar":
        facts.registrar ??= registrarText(value);
        break;
      case "statusFlags": {
        const f = statusFlag(value);
        if (f) facts.statusFlags.push(f);
        break;
      }
      case "nameservers": {
        const h = hostName(value);
        if (h) facts.nameservers.push(h);
        break;
      }
      case "dnssecEnabled":
        facts.dnssecEnabled ??= /^(signed|yes|true|signeddelegation|active)/i.test(value) ? true : /^(unsigned|no|false|inactive)/i.test(value) ? false : null;
        break;
      case "referral":
        referral ??= hostName(value.replace(/^[a-z]+:\/\//i, "").split(/[/:\s]/)[0]!);
        break;
    }
  }
  if (known === 0) {
    if (BUSY.test(text)) return { kind: "busy", message: "WHOIS server is rate limiting us" };
    return { kind: "unreadable", message: "WHOIS answer in a format we cannot read" };
  }
  facts.statusFlags = uniq(facts.statusFlags);
  facts.nameservers = uniq(facts.nameservers);
  return { kind: "found", facts, referral };
}

/** "Tucows Inc [Tag = TUCOWS]" -> "Tucows Inc"; URLs and bare ids are not names. */
function registrarText(v: string): string | null {
  const t = v.replace(/\s*\[tag\s*=.*\]$/i, "").trim();
  if (t === "" || /^https?:\/\//i.test(t) || /^\d+$/.test(t)) return null;
  return t.slice(0, 200);
}

const MONTHS: Record<string, number> = { jan: 0, feb: 1, mar: 2, apr: 3, may: 4, jun: 5, jul: 6, aug: 7, sep: 8, oct: 9, nov: 10, dec: 11 };

/** The date forms registries use; times without a zone are taken as UTC. */
export function whoisDate(raw: string): string | null {
  const v = raw.trim().replace(/\s*\(.*\)$/, "");
  let m = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?:[T ]+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?/i.exec(v);
  if (m) {
    const [, y, mo, d, h = "0", mi = "0", s = "0", zone] = m;
    let ms = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s);
    const off = zone && /^[+-]/.test(zone) ? /^([+-])(\d{2}):?(\d{2})$/.exec(zone) : null;
    if (off) ms -= (off[1] === "-" ? -1 : 1) * (+off[2]! * 60 + +off[3]!) * 60_000;
    return isoUtc(ms);
  }
  m = /^(\d{1,2})[-. ]([A-Za-z]{3})[a-z]*[-. ](\d{4})/.exec(v);
  if (m && MONTHS[m[2]!.toLowerCase()] !== undefined) return isoUtc(Date.UTC(+m[3]!, MONTHS[m[2]!.toLowerCase()]!, +m[1]!));
  m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})/.exec(v);
  if (m) return isoUtc(Date.UTC(+m[3]!, +m[2]! - 1, +m[1]!)); // day first, as European registries write it
  return isoUtc(Date.parse(v));
}

/** More than a few control characters (or replacement characters) in the first 4 KB: binary. */
function isBinary(text: string): boolean {
  const head = text.slice(0, 4096);
  let bad = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffd) bad++;
  }
  return bad > Math.max(4, head.length / 50);
}
