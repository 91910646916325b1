/**
 * Tool descriptions written for a model: what the tool answers and when to pick it (prose
 * below), then what it costs, how long a list it takes and how often it may be called,
 * generated from the operation table so that a price or a limit is never typed twice.
 */
import { costPhrase } from "../../cost-phrase.ts";
import { JOB_TYPES, jobTypesPhrase, RATE_LIMITS, type Operation, type OperationId } from "../../operations.ts";

export { costPhrase };

export interface Prose {
  title: string;
  /** What one list item is called ("domain", "name"), for the cost and limit sentences. */
  unit: string;
  /** What it returns and when to use it; the generated sentences follow. */
  text: string;
  /** Where a larger list should go instead. */
  overflow?: string;
  readOnly: boolean;
  /** Reaches registries or resolvers outside Zonewise. */
  openWorld?: boolean;
  /** Descriptions of path parameters that become arguments (job_status). */
  params?: Record<string, string>;
}

export const JOB_ID = "The job id returned by submit_job (begins with job_)";

const BULK = "For longer lists, use submit_job.";

export const PROSE: Partial<Record<OperationId, Prose>> = {
  appraise: {
    title: "Appraise one domain",
    unit: "domain",
    text: "Estimates the resale value of one domain in USD: a value with a low-high range and the model version, the name's classification (word split, vertical, subcategory, domain type) and whether the name is in the zone index with the number of extensions it is registered under. The domain needs a name and an extension (e.g. bestpizza.com).",
    readOnly: true,
  },
  appraise_bulk: {
    title: "Appraise several domains",
    unit: "domain",
    text: "Estimates the resale value of several domains at once: one row per domain, in input order, with value, low, high, model version and classification. Every domain needs a name and an extension. Use appraise_domain for a single domain when you also want zone facts.",
    overflow: BULK,
    readOnly: true,
  },
  categorize: {
    title: "Categorize domains by industry",
    unit: "domain",
    text: "Classifies domains or bare names into an industry vertical and subcategory, deterministically (no language model): the word split, confidence (high, medium, low), the lexicon keywords that matched, the domain type (industry, brandable, geo, personal, ...) and secondary tags, plus a summary of the batch by vertical.",
    overflow: BULK,
    readOnly: true,
  },
  zone_count: {
    title: "Count registered domains containing a keyword",
    unit: "keyword",
    text: "Counts registered domains (and distinct names) whose name contains, starts with or ends with a keyword, across the zone index or only the extensions given, with a per-extension breakdown. Never returns domain names, only counts. The keyword is 2 to 63 characters of lower-case a-z, 0-9 and hyphen.",
    readOnly: true,
  },
  zone_lookup: {
    title: "Check whether names are registered",
    unit: "name",
    text: "Checks names against the zone index, one row per input in input order: registered (true or false for a full domain, null for a bare name without extension) and extensions_registered (how many extensions the name is registered under). With include_counts, also how many registered domains contain, start with and end with the name. Names shorter than 2 characters are answered with supported: false. Never returns domain names, only booleans and counts.",
    overflow: BULK,
    readOnly: true,
  },
  rdap: {
    title: "Registration data (RDAP/WHOIS)",
    unit: "domain",
    text: "Looks up registration data for domains from their registries (RDAP, with WHOIS where a registry has no RDAP service): status (found, not_found or error), registrar, registration, expiration and last-update dates, age, EPP status flags, name servers and DNSSEC. Registration data changes slowly; reuse answers you already have.",
    readOnly: true,
    openWorld: true,
  },
  dns: {
    title: "DNS records",
    unit: "domain",
    text: "Resolves DNS records for domains through public resolvers. record_types picks among A, AAAA, MX, TXT, NS, CNAME and SOA (default A, AAAA, MX, TXT, NS); each domain's answer holds exactly the requested types plus any per-type errors.",
    readOnly: true,
    openWorld: true,
  },
  jobs_submit: {
    title: "Submit a large job",
    unit: "name",
    text: `Queues an asynchronous job over a long list of names: type ${jobTypesPhrase("or")}. Returns the job id and its status at once; poll job_status, then read rows with job_results. Rows never processed are refunded.`,
    readOnly: false,
  },
  job_status: {
    title: "Job status",
    unit: "job",
    params: { job_id: JOB_ID },
    text: "Progress of a job you submitted: status (queued, running, succeeded, partial, failed, expired or cancelled), rows done out of total, error rows, progress, credits reserved, refunded and charged, position in line and time estimates. Poll it (not more than every few seconds) until the status is final, reading rows with job_results as they are written.",
    readOnly: true,
  },
  job_results: {
    title: "Job results page",
    unit: "row",
    text: "A page of result rows of a job, in input order: {rows, from, next_from, total, done, status}. Start at from=0 and pass next_from to get the next page; while the job runs, next_from may point past the rows written so far (ask again later); it is null once the job is final and every row has been returned. Rows are the same as the synchronous tool of the job's type returns.",
    readOnly: true,
  },
};

function costSentence(op: Operation, unit: string): string {
  if (op.id === "jobs_submit") {
    const each = Object.values(JOB_TYPES).map((j) => `${j.type}: ${costPhrase(j.cost, unit)}`);
    return `Cost: reserved at submit for every name (${each.join("; ")}); rows never processed are refunded.`;
  }
  const c = costPhrase(op.cost, unit);
  if (c === "free") return "Free.";
  return `Cost: ${c}, charged only when the call succeeds; errors cost nothing.`;
}

/** The full description: prose, cost, list limit, rate limit. */
export function describeTool(op: Operation, p: Prose, listLimit: number | null): string {
  const parts = [p.text, costSentence(op, p.unit)];
  if (listLimit !== null && op.listField !== null) {
    parts.push(`At most ${listLimit} ${p.unit}s per call; a longer list is refused, never truncated.${p.overflow ? ` ${p.overflow}` : ""}`);
  }
  parts.push(op.bucket ? `Rate limit: ${RATE_LIMITS[op.bucket]} calls per minute.` : "Not rate limited.");
  return parts.join(" ");
}
