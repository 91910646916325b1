/**
 * Closed-loop HTTP load for bench/observe, taking the keys in turn (the per-key limits of a
 * metered endpoint stay the real ones, so a run spreads over many keys). Prints JSON figures.
 *   bun bench/observe/load.ts URL KEYS_FILE SECONDS CONNS [METHOD BODY]
 */
import fs from "node:fs";
import { closedLoop } from "../support/closed-loop.ts";

const [url, keysFile, seconds = "3", conns = "32", method = "GET", body] = process.argv.slice(2);
const keys = fs.readFileSync(keysFile!, "utf8").trim().split("\n");
const inits = keys.map((k) => ({ method, body, headers: { authorization: `Bearer ${k}`, ...(body ? { "content-type": "application/json" } : {}) } }));
console.log(JSON.stringify(await closedLoop(url!, inits, Number(seconds), Number(conns))));
