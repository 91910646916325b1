/**
 * A closed-loop HTTP load generator (used when wrk is not installed): C connections each
 * send the next request when the last answer arrives, for D seconds. Prints JSON figures.
 *   bun bench/http/load.ts URL KEY [SECONDS] [CONNS]
 */
import { closedLoop } from "../support/closed-loop.ts";

const [url, key, seconds = "5", conns = "32"] = process.argv.slice(2);
const f = await closedLoop(url!, [{ headers: { authorization: `Bearer ${key}` } }], Number(seconds), Number(conns));
const errors = f.n - (f.statuses["200"] ?? 0);
console.log(JSON.stringify({ rps: f.rps, p50: f.p50, p99: f.p99, errors, n: f.n }));
