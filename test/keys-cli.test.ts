/** `cli keys ...` against a real data dir, and its effect on a running server. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import { startTestServer, type TestServer } from "./support/harness.ts";
import { REPO } from "./support/paths.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

function cli(...args: string[]) {
  const r = Bun.spawnSync([process.execPath, path.join(REPO, "src/cli.ts"), "keys", ...args], {
    env: { ...process.env, ZW_DATA_DIR: t.dataDir },
  });
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
}

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
});
