/**
 * `cli keys ...` (README, "Commands"): keys are managed here only; there is no HTTP
 * endpoint. With ZW_DATABASE_URL set, the keys are the shared PostgreSQL ones (every node
 * sees a change at once: docs/deploy.md); else the SQLite file in ZW_DATA_DIR.
 */
import { ConfigError, ensureDataDir, redactUrl, type Config } from "./config.ts";
import { iso } from "./http/clock.ts";
import { databaseExists } from "./store/db.ts";
import { openPostgresStore } from "./store/postgres/store.ts";
import { openStore, type SqliteStore } from "./store/sqlite.ts";
import type { KeyRecord, Store } from "./store/types.ts";
import { HISTORY_DEFAULT_DAYS, HISTORY_MAX_DAYS, readUsageDays } from "./capabilities/account/history.ts";
import { USAGE_KEYS } from "./operations.ts";

class UsageError extends Error {}

/** What each subcommand takes; anything else on its line is refused, never ignored. */
interface Grammar {
  usage: string;
  /** names of the positional arguments, in order */
  args: string[];
  /** options that take a value: --opt VALUE or --opt=VALUE */
  options: string[];
}

// Every subcommand takes --json (a script gets one JSON object on stdout).
const GRAMMARS: Record<string, Grammar> = {
  create: { usage: "keys create --name NAME [--quota N] [--json]", args: [], options: ["--name", "--quota"] },
  list: { usage: "keys list [--json]", args: [], options: [] },
  revoke: { usage: "keys revoke NAME", args: ["NAME"], options: [] },
  rotate: { usage: "keys rotate NAME [--json]", args: ["NAME"], options: [] },
  quota: { usage: "keys quota NAME N", args: ["NAME", "N"], options: [] },
  usage: { usage: "keys usage NAME [--days N] [--json]", args: ["NAME"], options: ["--days"] },
};

interface Parsed {
  args: string[];
  options: Map<string, string>;
  json: boolean;
}

function parseArgs(argv: string[], g: Grammar): Parsed {
  const parsed: Parsed = { args: [], options: new Map(), json: false };
  const refuse = (what: string) => new UsageError(`${what} (usage: ${g.usage})`);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith("--")) {
      parsed.args.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    const flag = eq < 0 ? a : a.slice(0, eq);
    if (flag === "--json") {
      if (eq >= 0) throw refuse("--json takes no value");
      parsed.json = true;
    } else if (g.options.includes(flag)) {
      if (parsed.options.has(flag)) throw refuse(`${flag} is given twice`);
      const v = eq >= 0 ? a.slice(eq + 1) : argv[++i];
      if (v === undefined || v === "" || v.startsWith("--")) throw refuse(`${flag} needs a value`);
      parsed.options.set(flag, v);
    } else {
      throw refuse(`unknown option ${flag}`);
    }
  }
  if (parsed.args.length > g.args.length) throw refuse(`unexpected argument "${parsed.args[g.args.length]}"`);
  if (parsed.args.length < g.args.length) throw new UsageError(`usage: ${g.usage}`);
  return parsed;
}

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

function quotaArg(v: string | undefined, def?: number): number {
  if (v === undefined && def !== undefined) return def;
  if (v === undefined || !/^\d+$/.test(v) || Number(v) > 1e12) throw new UsageError(`quota must be a whole number of credits (got ${v})`);
  return Number(v);
}

/**
 * Only `create` may make the data directory and database (first use). The others act on
 * keys that must already exist: a mistyped ZW_DATA_DIR must not get a fresh empty database
 * and "no keys", which would read as if every key had gone.
 */
async function storeFor(sub: string, config: Config): Promise<Store> {
  if (config.databaseUrl !== null) {
    try {
      return await openPostgresStore(config.databaseUrl, { listen: false, max: 1 });
    } catch (e) {
      throw new ConfigError(`ZW_DATABASE_URL: cannot use ${redactUrl(config.databaseUrl)}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (sub === "create") ensureDataDir(config.dataDir);
  else if (!databaseExists(config.dataDir)) throw new ConfigError(`ZW_DATA_DIR: no database at ${config.dataDir} (keys create makes the first one)`);
  return openStore(config.dataDir);
}

function daysArg(v: string | undefined): number {
  if (v === undefined) return HISTORY_DEFAULT_DAYS;
  if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > HISTORY_MAX_DAYS)
    throw new UsageError(`--days must be a whole number from 1 to ${HISTORY_MAX_DAYS} (got ${v})`);
  return Number(v);
}

const listRow = (k: KeyRecord) => ({
  name: k.name,
  daily_quota: k.dailyQuota,
  created: iso(k.createdAt),
  revoked: k.revokedAt !== null,
  revoked_at: iso(k.revokedAt),
});

export async function runKeysCommand(argv: string[], config: Config): Promise<number> {
  const [sub, ...rest] = argv;
  const out = (s: string) => process.stdout.write(s + "\n");
  const err = (s: string) => process.stderr.write(`cli keys: ${s}\n`);
  const grammar = sub === undefined ? undefined : GRAMMARS[sub];
  let p: Parsed;
  try {
    if (sub === undefined || !grammar) throw new UsageError("usage: keys create|list|revoke|rotate|quota|usage ...");
    p = parseArgs(rest, grammar);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    err(e.message);
    return 2;
  }
  const json = p.json;
  const store = await storeFor(sub!, config);
  try {
    switch (sub) {
      case "create": {
        const name = p.options.get("--name");
        const quota = quotaArg(p.options.get("--quota"), 10_000);
        if (!name || !NAME_RE.test(name)) throw new UsageError("--name NAME is required (letters, digits, . _ -; at most 64)");
        if (await store.keys.findByName(name)) {
          err(`a key named "${name}" exists; use keys rotate ${name}`);
          return 1;
        }
        const k = await store.keys.create(name, quota);
        if (json) out(JSON.stringify({ name, key: k.key, webhook_secret: k.webhookSecret, daily_quota: quota }));
        else
          out(
            `created key "${name}" (daily quota ${quota})\n  key:            ${k.key}\n  webhook secret: ${k.webhookSecret}\nThe key is shown only now; it is stored as a hash.`,
          );
        return 0;
      }
      case "list": {
        const rows = (await store.keys.list()).map(listRow);
        if (json) out(JSON.stringify(rows));
        else if (rows.length === 0) out("no keys");
        else
          for (const r of rows)
            out(`${r.name.padEnd(24)} quota ${String(r.daily_quota).padStart(9)}  created ${r.created}${r.revoked ? `  REVOKED ${r.revoked_at}` : ""}`);
        return 0;
      }
      case "revoke": {
        const name = p.args[0]!;
        if (!(await store.keys.findByName(name))) return (err(`no key named "${name}"`), 1);
        const done = await store.keys.revoke(name);
        if (json) out(JSON.stringify({ name, revoked: true }));
        else out(done ? `revoked "${name}"` : `"${name}" was already revoked`);
        return 0;
      }
      case "rotate": {
        const name = p.args[0]!;
        const found = await store.keys.findByName(name);
        if (!found) return (err(`no key named "${name}"`), 1);
        // A revoked key stays revoked: rotating it would clear revoked_at, and a key revoked
        // (say, after a leak) would come back to life under its old name without anyone asking.
        if (found.revokedAt !== null) return (err(`"${name}" is revoked; create a new key instead (keys create --name NAME)`), 1);
        const k = await store.keys.rotate(name);
        if (!k) return (err(`"${name}" is revoked or gone`), 1);
        if (json) out(JSON.stringify({ name, key: k.key, webhook_secret: k.webhookSecret, daily_quota: k.record.dailyQuota }));
        else out(`rotated "${name}": the old key stopped working\n  key:            ${k.key}\n  webhook secret: ${k.webhookSecret}`);
        return 0;
      }
      case "quota": {
        const [name, n] = [p.args[0]!, quotaArg(p.args[1])];
        if (!(await store.keys.setQuota(name, n))) return (err(`no key named "${name}"`), 1);
        if (json) out(JSON.stringify({ name, daily_quota: n }));
        else out(`"${name}" daily quota is now ${n}`);
        return 0;
      }
      case "usage": {
        const name = p.args[0]!;
        const days = daysArg(p.options.get("--days"));
        // The per-day history is read from the SQLite usage table; the PostgreSQL store keeps
        // no such reader yet (GET /v1/usage/history answers 503 there too: docs/deploy.md).
        const db = (store as Partial<SqliteStore>).db;
        if (!db) return (err("usage history is kept only by the SQLite store (unset ZW_DATABASE_URL)"), 1);
        const k = await store.keys.findByName(name);
        if (!k) return (err(`no key named "${name}"`), 1);
        const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
        const rows = readUsageDays(db, k.id, today - (days - 1) * 86_400_000, today);
        const total = rows.reduce((n, d) => n + d.credits_used, 0);
        if (json) {
          out(JSON.stringify({ name, daily_quota: k.dailyQuota, retention_days: config.usageRetentionDays, credits_used: total, days: rows }));
          return 0;
        }
        out(`credits used by "${name}" per UTC day (daily quota ${k.dailyQuota}; days are kept ${config.usageRetentionDays} days)`);
        out(["date      ", "    total", ...USAGE_KEYS.map((u) => u.padStart(11))].join(" "));
        for (const d of rows) out([d.date, String(d.credits_used).padStart(9), ...USAGE_KEYS.map((u) => String(d.by_endpoint[u]).padStart(11))].join(" "));
        out(`${"total".padEnd(10)} ${String(total).padStart(9)}`);
        return 0;
      }
    }
    return 2;
  } catch (e) {
    if (e instanceof UsageError) {
      err(e.message);
      return 2;
    }
    throw e;
  } finally {
    await store.close();
  }
}
