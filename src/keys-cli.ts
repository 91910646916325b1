/** `cli keys ...` (decisions §2, §11): keys are managed here; there is no HTTP endpoint. */
import type { Config } from "./config.ts";
import { iso } from "./http/clock.ts";
import { openStore } from "./store/sqlite.ts";
import type { KeyRecord } from "./store/types.ts";

function takeFlag(args: string[], flag: string): boolean {
  const i = args.indexOf(flag);
  if (i < 0) return false;
  args.splice(i, 1);
  return true;
}

function takeOption(args: string[], flag: string): string | undefined {
  const i = args.indexOf(flag);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith("--")) throw new UsageError(`${flag} needs a value`);
  args.splice(i, 2);
  return v;
}

class UsageError extends Error {}

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

function quotaArg(v: string | undefined, def?: number): number {
  if (v === undefined && def !== undefined) return def;
  if (v === undefined || !/^\d+$/.test(v) || Number(v) > 1e12) throw new UsageError(`quota must be a whole number of credits (got ${v})`);
  return Number(v);
}

const listRow = (k: KeyRecord) => ({
  name: k.name,
  daily_quota: k.dailyQuota,
  created: iso(k.createdAt),
  revoked: k.revokedAt !== null,
  revoked_at: iso(k.revokedAt),
});

export function runKeysCommand(argv: string[], config: Config): number {
  const args = [...argv];
  const sub = args.shift();
  const json = takeFlag(args, "--json");
  const out = (s: string) => process.stdout.write(s + "\n");
  const err = (s: string) => process.stderr.write(`cli keys: ${s}\n`);
  const store = openStore(config.dataDir);
  try {
    switch (sub) {
      case "create": {
        const name = takeOption(args, "--name");
        const quota = quotaArg(takeOption(args, "--quota"), 10_000);
        if (!name || !NAME_RE.test(name)) throw new UsageError("--name NAME is required (letters, digits, . _ -; at most 64)");
        if (args.length) throw new UsageError(`unexpected ${args.join(" ")}`);
        if (store.keys.findByName(name)) {
          err(`a key named "${name}" exists; use keys rotate ${name}`);
          return 1;
        }
        const k = store.keys.create(name, quota);
        if (json) out(JSON.stringify({ name, key: k.key, webhook_secret: k.webhookSecret, daily_quota: quota }));
        else out(`created key "${name}" (daily quota ${quota})\n  key:            ${k.key}\n  webhook secret: ${k.webhookSecret}\nThe key is shown only now; it is stored as a hash.`);
        return 0;
      }
      case "list": {
        const rows = store.keys.list().map(listRow);
        if (json) out(JSON.stringify(rows));
        else if (rows.length === 0) out("no keys");
        else for (const r of rows) out(`${r.name.padEnd(24)} quota ${String(r.daily_quota).padStart(9)}  created ${r.created}${r.revoked ? `  REVOKED ${r.revoked_at}` : ""}`);
        return 0;
      }
      case "revoke": {
        const name = args.shift();
        if (!name || args.length) throw new UsageError("usage: keys revoke NAME");
        if (!store.keys.findByName(name)) return (err(`no key named "${name}"`), 1);
        const done = store.keys.revoke(name);
        if (json) out(JSON.stringify({ name, revoked: true }));
        else out(done ? `revoked "${name}"` : `"${name}" was already revoked`);
        return 0;
      }
      case "rotate": {
        const name = args.shift();
        if (!name || args.length) throw new UsageError("usage: keys rotate NAME [--json]");
        const k = store.keys.rotate(name);
        if (!k) return (err(`no key named "${name}"`), 1);
        if (json) out(JSON.stringify({ name, key: k.key, webhook_secret: k.webhookSecret, daily_quota: k.record.dailyQuota }));
        else out(`rotated "${name}": the old key stopped working\n  key:            ${k.key}\n  webhook secret: ${k.webhookSecret}`);
        return 0;
      }
      case "quota": {
        const name = args.shift();
        const n = quotaArg(args.shift());
        if (!name || args.length) throw new UsageError("usage: keys quota NAME N");
        if (!store.keys.setQuota(name, n)) return (err(`no key named "${name}"`), 1);
        if (json) out(JSON.stringify({ name, daily_quota: n }));
        else out(`"${name}" daily quota is now ${n}`);
        return 0;
      }
      default:
        throw new UsageError("usage: keys create|list|revoke|rotate|quota ...");
    }
  } catch (e) {
    if (e instanceof UsageError) {
      err(e.message);
      return 2;
    }
    throw e;
  } finally {
    store.close();
  }
}
