/**
 * Domain names for the index builder: the API's own normalisation (src/domain/name.ts:
 * lower-case, one trailing dot dropped, IDN to punycode, label rules), so the index holds
 * exactly the form a request is looked up with, plus the index's own rule that a
 * registered domain has a name and an extension (at least two labels). Nothing here
 * throws: a rejected line is counted by the caller.
 */
import { normaliseDomain as normaliseName } from "../src/domain/name.ts";

/** The normalised domain, or null when it is not a valid registered-domain name. */
export function normaliseDomain(raw: string): string | null {
  const d = normaliseName(raw);
  return d !== null && d.includes(".") ? d : null;
}
