/**
 * Line-by-line parser for DNS master files (RFC 1035 §5) as registries distribute them.
 * It understands $ORIGIN, $TTL, $INCLUDE (skipped), relative and absolute owner names, "@",
 * a blank owner (= previous owner), ";" comments, quoted strings, "( ... )" continuation and
 * TTL/class in either order. Only NS records whose owner sits exactly one label below the
 * zone's origin are registered domains; the apex NS, glue, DS/RRSIG/NSEC and every other
 * record are ignored. A broken line is skipped and counted under a reason; it never throws.
 * A "(" left open ends at the next line that starts at column 0 (counted as broken), so one
 * damaged record cannot swallow the rest of the file.
 */

export const SKIP_REASONS = [
  "broken_line", // unbalanced parentheses, no record type, owner we cannot resolve
  "unknown_type", // record type we do not know
  "bad_origin", // $ORIGIN without a valid absolute name
  "out_of_zone", // NS owner not under the origin, or deeper than one label
  "include", // $INCLUDE is not followed
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

const CLASSES = new Set(["IN", "CH", "HS", "CS", "ANY"]);
const KNOWN_TYPES = new Set(
  (
    "A AAAA NS SOA CNAME MX TXT PTR SRV DS RRSIG NSEC NSEC3 NSEC3PARAM DNSKEY CDS CDNSKEY " +
    "CAA TLSA SSHFP HINFO NAPTR DNAME LOC RP SPF SVCB HTTPS ZONEMD CSYNC URI OPENPGPKEY SMIMEA " +
    "KEY SIG NXT AFSDB X25 ISDN RT NSAP PX GPOS KX CERT APL DHCID HIP TKEY TSIG MB MG MR MINFO " +
    "NULL WKS EUI48 EUI64 TA DLV"
  ).split(" "),
);
const TTL_RE = /^(\d+|(\d+[smhdwSMHDW])+)$/;

export class ZoneParser {
  origin: string | null;
  /** The zone this file is: its first origin (given, the first $ORIGIN or the SOA owner); later $ORIGIN lines only abbreviate names. */
  apex: string | null;
  private lastOwner: string | null = null;
  private pending: string[] | null = null; // tokens of a record still inside "( ... )"
  private pendingLines = 0;
  readonly skipped: Record<SkipReason, number> = { broken_line: 0, unknown_type: 0, bad_origin: 0, out_of_zone: 0, include: 0 };
  records = 0;

  /** origin: lower-case, without trailing dot; null = learn it from $ORIGIN or the SOA owner. */
  constructor(origin: string | null = null) {
    this.origin = origin;
    this.apex = origin;
  }

  /** Feeds one line; calls emit(ownerFqdn) (lower-case, no trailing dot) for each delegation NS. */
  line(line: string, emit: (domain: string) => void): void {
    const tokens = tokenize(line);
    if (tokens === null) {
      if (this.pending !== null) this.pending = null;
      return this.skip("broken_line");
    }
    if (this.pending !== null && startsRecord(line)) {
      // "(" never closed: a new record at column 0 ends it (registries indent continuations).
      this.pending = null;
      this.skip("broken_line");
    }
    if (this.pending !== null) {
      this.pending.push(...tokens.list);
      this.pendingDepth += tokens.depth;
      if (++this.pendingLines > 1000 || this.pendingDepth < 0) {
        this.pending = null;
        return this.skip("broken_line");
      }
      if (this.pendingDepth === 0) {
        const toks = this.pending;
        this.pending = null;
        this.record(toks, this.pendingBlank, emit);
      }
      return;
    }
    const blankOwner = line.length > 0 && (line.charCodeAt(0) === 32 || line.charCodeAt(0) === 9);
    if (tokens.depth < 0) return this.skip("broken_line");
    if (tokens.depth > 0) {
      this.pending = tokens.list;
      this.pendingDepth = tokens.depth;
      this.pendingBlank = blankOwner;
      this.pendingLines = 1;
      return;
    }
    if (tokens.list.length === 0) return;
    this.record(tokens.list, blankOwner, emit);
  }

  private pendingBlank = false;
  private pendingDepth = 0;

  /** Call at end of input: an unclosed "(" record is counted as broken. */
  finish(): void {
    if (this.pending !== null) {
      this.pending = null;
      this.skip("broken_line");
    }
  }

  private skip(r: SkipReason): void {
    this.skipped[r]++;
  }

  private record(toks: string[], blankOwner: boolean, emit: (domain: string) => void): void {
    const first = toks[0];
    if (!blankOwner && first.charCodeAt(0) === 36 /* $ */) return this.directive(toks);
    let i = 0;
    let owner: string | null;
    if (blankOwner) owner = this.lastOwner;
    else {
      owner = this.absolute(first);
      i = 1;
    }
    // TTL and class, in either order, then the type.
    for (let k = 0; k < 2 && i < toks.length; k++) {
      const t = toks[i];
      if (TTL_RE.test(t) || CLASSES.has(t.toUpperCase())) i++;
    }
    if (i >= toks.length) return this.skip("broken_line");
    const type = toks[i].toUpperCase();
    if (!KNOWN_TYPES.has(type) && !/^TYPE\d+$/.test(type)) return this.skip("unknown_type");
    if (owner === null) return this.skip("broken_line");
    this.lastOwner = owner;
    this.records++;
    if (type === "SOA" && this.origin === null) this.origin = owner;
    if (type === "SOA" && this.apex === null) this.apex = owner;
    if (type !== "NS") return;
    const origin = this.origin;
    if (origin === null) return this.skip("out_of_zone");
    if (owner === origin) return; // apex NS: the zone itself, not a registered domain
    const suffix = origin === "" ? "" : "." + origin;
    if (!owner.endsWith(suffix)) return this.skip("out_of_zone");
    const label = owner.slice(0, owner.length - suffix.length);
    if (label.length === 0 || label.includes(".")) return this.skip("out_of_zone");
    emit(owner);
  }

  private directive(toks: string[]): void {
    const d = toks[0].toUpperCase();
    if (d === "$ORIGIN") {
      const name = toks[1];
      if (toks.length < 2 || !name.endsWith(".")) return this.skip("bad_origin");
      const o = name === "." ? "" : name.slice(0, -1).toLowerCase();
      if (o !== "" && !/^[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63})*$/.test(o)) return this.skip("bad_origin");
      this.origin = o;
      this.apex ??= o;
    } else if (d === "$TTL") {
      if (toks.length < 2 || !TTL_RE.test(toks[1])) this.skip("broken_line");
    } else if (d === "$INCLUDE") {
      this.skip("include");
    } else {
      this.skip("broken_line");
    }
  }

  /** Owner token -> absolute lower-case name without trailing dot (null when unresolvable). */
  private absolute(tok: string): string | null {
    if (tok === "@") return this.origin;
    if (tok.endsWith(".")) return tok === "." ? "" : tok.slice(0, -1).toLowerCase();
    if (this.origin === null) return null;
    return this.origin === "" ? tok.toLowerCase() : tok.toLowerCase() + "." + this.origin;
  }
}

/** A line that starts a new record or directive: text at column 0 that is not ")" or a comment. */
function startsRecord(line: string): boolean {
  const c = line.charCodeAt(0);
  return line.length > 0 && c !== 32 && c !== 9 && c !== 41 /* ) */ && c !== 59 /* ; */;
}

interface Tokens {
  list: string[];
  depth: number; // net "(" minus ")" on this line
}

/** Splits a line into tokens, dropping comments and parentheses; null on an unterminated quote. */
function tokenize(line: string): Tokens | null {
  const list: string[] = [];
  let depth = 0;
  let i = 0;
  const n = line.length;
  while (i < n) {
    const c = line.charCodeAt(i);
    if (c === 32 || c === 9) i++;
    else if (c === 59 /* ; */) break;
    else if (c === 40 /* ( */) {
      depth++;
      i++;
    } else if (c === 41 /* ) */) {
      depth--;
      i++;
    } else if (c === 34 /* " */) {
      let j = i + 1;
      while (j < n && line.charCodeAt(j) !== 34) j += line.charCodeAt(j) === 92 ? 2 : 1;
      if (j >= n) return null;
      list.push(line.slice(i, j + 1));
      i = j + 1;
    } else {
      let j = i;
      while (j < n) {
        const d = line.charCodeAt(j);
        if (d === 32 || d === 9 || d === 59 || d === 40 || d === 41 || d === 34) break;
        j += d === 92 ? 2 : 1;
      }
      list.push(line.slice(i, j));
      i = j;
    }
  }
  return { list, depth };
}
