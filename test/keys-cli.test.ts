/** `cli keys ...` against a real data dir, and its effect on a running server. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fs from "node:fs";
import path from "node:path";
import { startTestServer, tempDir, type TestServer } from "./support/harness.ts";
import { REPO } from "./support/paths.ts";

let t: TestServer;
const scratch = tempDir("zw-keys-");
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

function cliIn(dataDir: string, ...args: string[]) {
  const r = Bun.spawnSync([process.execPath, path.join(REPO, "src/cli.ts"), "keys", ...args], {
    env: { ...process.env, ZW_DATA_DIR: dataDir },
  });
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
}
const cli = (...args: string[]) => cliIn(t.dataDir, ...args);

const ping = (key: string) => t.fetch("/v1/ping", { key }).then((r) => r.status);

describe("cli keys", () => {
  test("create --json prints exactly one object, and the key works at once", async () => {
    const r = cli("create", "--name", "alice", "--quota", "500", "--json");
    expect(r.code).toBe(0);
    const lines = r.out.trim().split("\n");
    expect(lines.length).toBe(1);
    const o = JSON.parse(lines[0]!);
    expect(Object.keys(o).sort()).toEqual(["daily_quota", "key", "name", "webhook_secret"]);
    expect(o.name).toBe("alice");
    expect(o.daily_quota).toBe(500);
    expect(o.key).toMatch(/^zw_live_[0-9A-Za-z]{32}$/);
    expect(o.webhook_secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(await ping(o.key)).toBe(200);
    const u = await (await t.fetch("/v1/usage", { key: o.key })).json();
    expect(u.key).toBe("alice");
    expect(u.daily_quota).toBe(500);
  });

  test("the key is stored only as a hash", () => {
    const r = cli("create", "--name", "hashcheck", "--json");
    const o = JSON.parse(r.out);
    const row = t.store.db.query("SELECT * FROM keys WHERE name = 'hashcheck'").get() as Record<string, unknown>;
    expect(JSON.stringify(row)).not.toContain(o.key);
    expect(row.key_hash).toBe(new Bun.CryptoHasher("sha256").update(o.key).digest("hex"));
  });

  test("duplicate names and bad arguments are refused", () => {
    cli("create", "--name", "bob");
    expect(cli("create", "--name", "bob").code).toBe(1);
    expect(cli("create").code).toBe(2);
    expect(cli("create", "--name", "x", "--quota", "lots").code).toBe(2);
    expect(cli("frobnicate").code).toBe(2);
  });

  test("revoke takes effect on the running server's next request", async () => {
    const o = JSON.parse(cli("create", "--name", "carol", "--json").out);
    expect(await ping(o.key)).toBe(200);
    expect(cli("revoke", "carol").code).toBe(0);
    expect(await ping(o.key)).toBe(401);
    expect(cli("revoke", "nobody").code).toBe(1);
  });

  test("rotate: new key and secret, same name, quota and usage; the old key stops", async () => {
    const o = JSON.parse(cli("create", "--name", "dave", "--quota", "777", "--json").out);
    const r = JSON.parse(cli("rotate", "dave", "--json").out);
    expect(r.name).toBe("dave");
    expect(r.daily_quota).toBe(777);
    expect(r.key).not.toBe(o.key);
    expect(r.webhook_secret).not.toBe(o.webhook_secret);
    expect(await ping(o.key)).toBe(401);
    expect(await ping(r.key)).toBe(200);
  });

  test("quota changes the running server's limit", async () => {
    const o = JSON.parse(cli("create", "--name", "erin", "--json").out);
    // Asked twice first: the server's usage answer is memoised and must not outlive the change.
    for (let i = 0; i < 2; i++) expect((await (await t.fetch("/v1/usage", { key: o.key })).json()).daily_quota).toBe(10_000);
    expect(cli("quota", "erin", "42").code).toBe(0);
    await Bun.sleep(2);
    const u = await (await t.fetch("/v1/usage", { key: o.key })).json();
    expect(u.daily_quota).toBe(42);
    expect(u.credits_remaining).toBe(42);
  });

  test("list --json shows names, never keys", () => {
    const r = cli("list", "--json");
    const rows = JSON.parse(r.out);
    expect(rows.map((x: { name: string }) => x.name)).toContain("alice");
    expect(r.out).not.toContain("zw_live_");
    expect(r.out).not.toContain("whsec_");
  });

  test("commands other than create never make a data directory or database (a mistyped ZW_DATA_DIR)", () => {
    const typo = path.join(scratch, "dtaa");
    for (const args of [["list"], ["list", "--json"], ["revoke", "alice"], ["rotate", "alice"], ["quota", "alice", "5"]]) {
      const r = cliIn(typo, ...args);
      expect(r.code).toBe(2);
      expect(r.out).toBe("");
      expect(r.err).toBe(`cli: configuration: ZW_DATA_DIR: no database at ${typo} (keys create makes the first one)\n`);
      expect(fs.existsSync(typo)).toBe(false);
    }
    // The first create makes both.
    expect(cliIn(typo, "create", "--name", "first").code).toBe(0);
    expect(cliIn(typo, "list").out).toStartWith("first ");
  });

  test("a data directory that is a file: one line naming ZW_DATA_DIR, no stack", () => {
    const file = path.join(scratch, "plain-file");
    fs.writeFileSync(file, "x");
    const r = cliIn(file, "create", "--name", "x");
    expect(r.code).toBe(2);
    expect(r.err).toBe(`cli: configuration: ZW_DATA_DIR: ${file} cannot be used as the data directory: exists and is not a directory (EEXIST)\n`);
  });

  test("unknown options and extra arguments are refused by every subcommand, with its usage", () => {
    const cases: [string[], string][] = [
      [["quota", "alice"], "cli keys: usage: keys quota NAME N\n"],
      [["list", "--bogus"], "cli keys: unknown option --bogus (usage: keys list [--json])\n"],
      [["list", "extra"], 'cli keys: unexpected argument "extra" (usage: keys list [--json])\n'],
      [["create", "--name", "zed", "extra"], 'cli keys: unexpected argument "extra" (usage: keys create --name NAME [--quota N] [--json])\n'],
      [["revoke", "alice", "--force"], "cli keys: unknown option --force (usage: keys revoke NAME)\n"],
      [["rotate", "alice", "bob"], 'cli keys: unexpected argument "bob" (usage: keys rotate NAME [--json])\n'],
      [["create", "--name", "zed", "--name", "zed2"], "cli keys: --name is given twice (usage: keys create --name NAME [--quota N] [--json])\n"],
      [["list", "--json=yes"], "cli keys: --json takes no value (usage: keys list [--json])\n"],
    ];
    for (const [args, err] of cases) {
      const r = cliIn(t.dataDir, ...args);
      expect({ args, code: r.code, err: r.err }).toEqual({ args, code: 2, err });
    }
    expect(JSON.parse(cli("list", "--json").out).map((x: { name: string }) => x.name)).not.toContain("zed");
  });

  test("--opt=VALUE works like --opt VALUE", () => {
    const o = JSON.parse(cli("create", "--name=frank", "--quota=250", "--json").out);
    expect(o).toMatchObject({ name: "frank", daily_quota: 250 });
  });

  test("rotate refuses a revoked key: revocation stays", async () => {
    const o = JSON.parse(cli("create", "--name", "gina", "--json").out);
    expect(cli("revoke", "gina").code).toBe(0);
    const r = cli("rotate", "gina", "--json");
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toBe('cli keys: "gina" is revoked; create a new key instead (keys create --name NAME)\n');
    expect(await ping(o.key)).toBe(401);
    const row = JSON.parse(cli("list", "--json").out).find((x: { name: string }) => x.name === "gina");
    expect(row.revoked).toBe(true);
    // The store refuses it too, so no other caller can bring the key back.
    expect(t.store.keys.rotate("gina")).toBeNull();
  });
});
