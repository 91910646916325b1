/**
 * What the HTTP thread itself spends on a 1,000-name POST /v1/camelcase served by two
 * workers, phase by phase, without sockets or workers (the chunks' worker output is computed
 * beforehand by the same task function): parsing the body, validation, normalising the names,
 * cutting the chunks, rebuilding the rows from the workers' output, the batch tables, and
 * serialising the answer. The worker part is bench/classify/run.ts's figure; the two together
 * bound the idle latency of the request on two free cores.
 *
 *   node scripts/bun.cjs run bench/classify/http-thread.ts [requests=40] [rounds=6]
 *
 * Prints per phase the minimum and median wall time per request over rounds x requests.
 */
import { splitName as parseName, parseDomainList } from "../../src/domain/name.ts";
import { validator } from "../../src/http/validate.ts";
import { Schemas } from "../../src/schema/requests.ts";
import { fromColumns, type CamelcaseColumns } from "../../src/capabilities/classify/camelcase-columns.ts";
import { camelcaseBody, newWordTally, type CamelcaseRow } from "../../src/capabilities/classify/results.ts";
import { camelcaseRowsTask } from "../../src/capabilities/classify/service.ts";
import { realDomains } from "./names.ts";

const REQUESTS = Number(process.argv[2] ?? 40),
  ROUNDS = Number(process.argv[3] ?? 6),
  SIZE = 1000,
  HALF = SIZE / 2;
const names = realDomains(REQUESTS * SIZE);
const requests = Array.from({ length: REQUESTS }, (_, i) => {
  const d = names.slice(i * SIZE, (i + 1) * SIZE);
  const chunk = (part: string[]) => camelcaseRowsTask({ domains: part.join("\n") });
  return { text: JSON.stringify({ domains: d }), out: [chunk(d.slice(0, HALF)), chunk(d.slice(HALF))] as CamelcaseColumns[] };
});
const check = validator(Schemas.camelcase(SIZE));

const times = new Map<string, number[]>();
let last = 0;
const lap = (phase: string) => {
  const now = Bun.nanoseconds();
  let xs = times.get(phase);
  if (xs === undefined) times.set(phase, (xs = []));
  xs.push((now - last) / 1e6);
  last = now;
};

let bytes = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const r of requests) {
    last = Bun.nanoseconds();
    const raw = JSON.parse(r.text);
    lap("parse the body");
    const body = check.parse(raw) as { domains: string[] };
    lap("validate");
    const domains = parseDomainList(body.domains, "domains");
    lap("normalise the names");
    const parts = [domains.slice(0, HALF), domains.slice(HALF)];
    const lines = parts.map((p) => p.map((d) => d.ascii).join("\n"));
    lap("cut the chunks");
    const rows: CamelcaseRow[] = [];
    for (let c = 0; c < parts.length; c++) for (const row of fromColumns(parts[c]!, r.out[c]!)) rows.push(row);
    lap("rebuild the rows");
    const words = newWordTally(SIZE);
    for (const out of r.out) words.merge(out); // the workers' tallies of their shares' words
    const answer = camelcaseBody(domains, rows, words);
    lap("word_stats, tld_stats");
    bytes += JSON.stringify(answer).length;
    lap("serialise the answer");
    if (lines[0]!.length === 0 || parseName(lines[0]!.split("\n")[0]!).ascii !== domains[0]!.ascii) throw new Error("chunk text");
  }
}

console.log(`${REQUESTS} requests of ${SIZE} names x ${ROUNDS} rounds (${Math.round(bytes / REQUESTS / ROUNDS / 1000)} kB answers)`);
let sumMin = 0,
  sumMedian = 0;
for (const [phase, xs] of times) {
  xs.sort((a, b) => a - b);
  const min = xs[0]!,
    median = xs[xs.length >> 1]!;
  sumMin += min;
  sumMedian += median;
  console.log(`${phase.padEnd(24)} min ${min.toFixed(3)} ms  median ${median.toFixed(3)} ms`);
}
console.log(`${"all phases".padEnd(24)} min ${sumMin.toFixed(3)} ms  median ${sumMedian.toFixed(3)} ms`);
