/** Response schemas of the zone endpoints (OpenAPI and the tool server's output schemas). */
import { Type } from "@sinclair/typebox";

const tldCount = Type.Object({ tld: Type.String(), count: Type.Integer() });
const count = (description: string) => Type.Union([Type.Integer(), Type.Null()], { description });

export const ZoneCountResult = Type.Object({
  term: Type.String({ description: "The keyword queried" }),
  position: Type.Union([Type.Literal("contains"), Type.Literal("starts"), Type.Literal("ends")]),
  total_matches: Type.Integer({ description: "Domains whose name (first label) matches, within the requested extensions" }),
  exact_domain_count: Type.Integer({ description: "Domains whose name is exactly the term" }),
  keyword_count: Type.Integer({ description: "Distinct names that match" }),
  tld_match_count: Type.Integer({ description: "Matches whose extension also contains the term" }),
  tld_breakdown: Type.Array(tldCount, { description: "Every extension with a match: count descending, then tld ascending" }),
  total_domains_in_db: Type.Integer({ description: "Size of the index the counts came from" }),
});

export const ZoneLookupRow = Type.Object({
  input: Type.String({ description: "The input as sent" }),
  name: Type.String({ description: "First label (ASCII)" }),
  extension: Type.Union([Type.String(), Type.Null()], { description: "The rest after the first label; null for a bare name" }),
  registered: Type.Union([Type.Boolean(), Type.Null()], { description: "Whether the exact domain is in the index; null for a bare name" }),
  extensions_registered: count("Domains registered under this exact name across every extension; null when unsupported"),
  containing_domains: Type.Optional(count("With include_counts: domains whose name contains this name")),
  containing_names: Type.Optional(count("With include_counts: distinct names that contain this name")),
  starting_domains: Type.Optional(count("With include_counts: domains whose name starts with this name")),
  ending_domains: Type.Optional(count("With include_counts: domains whose name ends with this name")),
  supported: Type.Boolean({ description: "False for names shorter than 2 characters (their counts are null)" }),
});

export const ZoneLookupResult = Type.Object({
  results: Type.Array(ZoneLookupRow),
  index_built_at: Type.String({ description: "UTC time the index was built" }),
});

export const ZoneStatsResult = Type.Object({
  built_at: Type.String({ description: "UTC time the index was built" }),
  total_domains: Type.Integer(),
  total_slds: Type.Integer({ description: "Distinct names (first labels)" }),
  total_tlds: Type.Integer({ description: "Distinct extensions" }),
  sample: Type.Boolean({ description: "true: the index is a synthetic sample (not real registrations)" }),
  complete_tlds: Type.Array(Type.String(), {
    description:
      "Extensions whose whole zone the index holds (built from a zone file or a list marked complete), ascending; the others are samples, where a name's absence does not mean it is unregistered",
  }),
  top_tlds: Type.Array(tldCount, { description: "The 20 largest extensions: count descending, then tld ascending" }),
});
