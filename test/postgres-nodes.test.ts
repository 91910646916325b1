/**
 * Several Zonewise nodes on one PostgreSQL database (ZW_DATABASE_URL), as behind a load
 * balancer: three real servers (the same startServer as `cli serve`) in this process, each
 * with its own data directory and connection pool, on a real PostgreSQL
 * (test/support/postgres.ts). What they must share exactly: a key's quota (never
 * overspent, never double-charged), a per-minute bucket, and a revocation.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "../src/config.ts";
import { startServer, type RunningServer } from "../src/main.ts";
import { RATE_LIMITS, type Bucket } from "../src/operations.ts";
import { openPostgresStore, type PostgresStore } from "../src/store/postgres/store.ts";
import { freshMinute, tempDir } from "./support/harness.ts";
import { REPO } from "./support/paths.ts";
import { postgresDatabase } from "./support/postgres.ts";
import { fixtureIndex } from "./zone/fixture-index.ts";

interface Node {
  server: RunningServer;
  dir: string;
  get(path: string, key: string): Promise<Response>;
  post(path: string, body: unknown, key: string): Promise<Response>;
}

let url: string;
let nodes: Node[];
/** A store of the test's own on the same database, as `cli keys` would be. */
let admin: PostgresStore;

async function startNode(databaseUrl: string, index: string): Promise<Node> {
  const dir = tempDir("zw-pg-node-");
  const server = await startServer(
    loadConfig({
      ZW_HOST: "127.0.0.1",
      ZW_PORT: "0",
      ZW_DATA_DIR: dir,
      ZW_ZONE_INDEX: index,
      ZW_WORKERS: "0",
      ZW_DNS_SERVERS: "127.0.0.1:9",
      ZW_WHOIS_SERVERS: "whois.iana.org=127.0.0.1:9",
      ZW_DATABASE_URL: databaseUrl,
    }),
    { log: () => {} },
  );
  const auth = (key: string) => ({ authorization: `Bearer ${key}` });
  return {
    server,
    dir,
    get: (p, key) => fetch(server.url + p, { headers: auth(key) }),
    post: (p, body, key) =>
      fetch(server.url + p, { method: "POST", body: JSON.stringify(body), headers: { ...auth(key), "content-type": "application/json" } }),
  };
}

beforeAll(async () => {
  url = await postgresDatabase();
  const index = await fixtureIndex();
  // One node first: it migrates; the other two start together and find the schema there.
  nodes = [await startNode(url, index)];
  nodes.push(...(await Promise.all([startNode(url, index), startNode(url, index)])));
  admin = await openPostgresStore(url, { listen: false, max: 2 });
});

afterAll(async () => {
  await admin?.close();
  for (const n of nodes ?? []) {
    await n.server.stop();
    fs.rmSync(n.dir, { recursive: true, force: true });
  }
});

const usedToday = async (keyId: number) => (await admin.usage.get(keyId, new Date().toISOString().slice(0, 10))).used;

describe("three nodes on one PostgreSQL database", () => {
  test("nodes starting together migrate once; each serves the keys the others see", async () => {
    const rows: { version: number }[] = await admin.sql`SELECT version FROM zw_schema`;
    expect(rows).toEqual([{ version: 1 }]);
    const { key } = await admin.keys.create("everywhere", 50);
    for (const n of nodes) {
      const r = await n.get("/v1/ping", key);
      expect(r.status).toBe(200);
    }
    // Jobs stay on SQLite for now: a PostgreSQL node says so rather than charging another ledger.
    const jobs = await nodes[0]!.post("/v1/jobs", { type: "zone_lookup", domains: ["a.com"] }, key);
    expect(jobs.status).toBe(503);
    expect((await jobs.json()).code).toBe("unavailable");
  });

  test("300 concurrent metered requests across three nodes against a quota of 100: exactly 100 spent", async () => {
    const limits = RATE_LIMITS as Record<Bucket, number>;
    const zoneLimit = limits.zone;
    // The per-minute limit is raised in this process so that the quota alone decides.
    limits.zone = 1_000_000;
    try {
      const { key, record } = await admin.keys.create("quota-100", 100);
      const answers = await Promise.all(
        Array.from({ length: 300 }, async (_, i) => {
          const r = await nodes[i % 3]!.get("/v1/zone/stats", key);
          const body = await r.json();
          return { status: r.status, charged: r.headers.get("x-credits-charged"), code: body.code as string | undefined };
        }),
      );
      const paid = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status === 429);
      expect(paid.length + refused.length).toBe(300);
      expect(paid.length).toBe(100);
      expect(paid.every((a) => a.charged === "1")).toBe(true);
      expect(refused.every((a) => a.code === "quota_exceeded" && a.charged === null)).toBe(true);
      expect(await usedToday(record.id)).toBe(100);
      const usage = await (await nodes[2]!.get("/v1/usage", key)).json();
      expect(usage.credits_used).toBe(100);
      expect(usage.credits_remaining).toBe(0);
    } finally {
      limits.zone = zoneLimit;
    }
  });

  test("a 6-per-minute bucket hit on three nodes at once lets exactly 6 through", async () => {
    await freshMinute(20);
    const { key } = await admin.keys.create("rdap-bucket");
    // An empty body is a 400 after the rate check: each request counts in the bucket, none is charged.
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => nodes[i % 3]!.post("/v1/rdap", {}, key).then((r) => r.status)));
    expect(RATE_LIMITS.rdap).toBe(6);
    expect(statuses.filter((s) => s !== 429).length).toBe(6);
    expect(statuses.filter((s) => s === 429).length).toBe(24);
    expect(statuses.filter((s) => s !== 429).every((s) => s === 400)).toBe(true);
  });

  test("a key revoked through one node is refused by the others on their next request", async () => {
    const { key } = await admin.keys.create("leaving");
    // Every node has the key in its cache.
    for (const n of nodes) {
      expect((await n.get("/v1/ping", key)).status).toBe(200);
      expect((await n.get("/v1/zone/stats", key)).status).toBe(200);
    }
    expect(await nodes[0]!.server.services.store.keys.revoke("leaving")).toBe(true);
    // A rated request re-reads the key in its rate statement: refused at once, on every node.
    for (const n of nodes) {
      const r = await n.get("/v1/zone/stats", key);
      expect(r.status).toBe(401);
      expect((await r.json()).code).toBe("unauthorized");
      expect(r.headers.get("x-credits-charged")).toBeNull();
    }
    // An unrated one follows the NOTIFY: refused once the node has received it.
    for (const n of nodes) {
      await (n.server.services.store as PostgresStore).keys.sync();
      expect((await n.get("/v1/ping", key)).status).toBe(401);
    }
  });

  test("a key rotated through one node: the old key is refused everywhere at once, the new one served", async () => {
    const old = await admin.keys.create("turning");
    for (const n of nodes) expect((await n.get("/v1/zone/stats", old.key)).status).toBe(200);
    const next = (await nodes[1]!.server.services.store.keys.rotate("turning"))!;
    for (const n of nodes) {
      expect((await n.get("/v1/zone/stats", old.key)).status).toBe(401);
      expect((await n.get("/v1/zone/stats", next.key)).status).toBe(200);
    }
  });

  test("cli keys with ZW_DATABASE_URL manages the shared keys: created, served by every node, revoked everywhere", async () => {
    const cli = async (...args: string[]) => {
      const proc = Bun.spawn([process.execPath, path.join(REPO, "src/cli.ts"), "keys", ...args], {
        env: { ...process.env, ZW_DATABASE_URL: url, ZW_DATA_DIR: path.join(nodes[0]!.dir, "cli-unused") },
        stdout: "pipe",
        stderr: "pipe",
      });
      const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
      return { stdout, stderr, code };
    };
    const made = await cli("create", "--name", "from-cli", "--quota", "7", "--json");
    expect(made.code).toBe(0);
    const { key, daily_quota } = JSON.parse(made.stdout);
    expect(daily_quota).toBe(7);
    for (const n of nodes) expect((await n.get("/v1/zone/stats", key)).status).toBe(200);
    expect((await cli("list", "--json")).stdout).toContain('"name":"from-cli"');
    expect((await cli("revoke", "from-cli")).code).toBe(0);
    for (const n of nodes) expect((await n.get("/v1/zone/stats", key)).status).toBe(401);
    // The CLI made no SQLite database: the keys live in PostgreSQL only.
    expect(fs.existsSync(path.join(nodes[0]!.dir, "cli-unused"))).toBe(false);
  });

  test("the database gone at runtime: 503 unavailable, nothing charged; served again once it is back", async () => {
    const { key, record } = await admin.keys.create("outage", 100);
    const n = nodes[2]!;
    expect((await n.get("/v1/zone/stats", key)).status).toBe(200);
    const db = new URL(url).pathname.slice(1);
    // From the maintenance database: no new connections to this one, and every open one ended.
    const fixer = await openFixer(url);
    await fixer.unsafe(`ALTER DATABASE ${db} ALLOW_CONNECTIONS false`);
    await fixer.unsafe(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${db}'`);
    // Terminating is a signal: wait until no connection to the database is left.
    while ((await fixer.unsafe(`SELECT 1 FROM pg_stat_activity WHERE datname = '${db}'`)).length > 0) await Bun.sleep(5);
    try {
      // (GET /v1/ping of a key the node has cached needs no database, and is served.)
      for (const path of ["/v1/zone/stats", "/v1/usage"]) {
        const r = await n.get(path, key);
        expect({ path, status: r.status }).toEqual({ path, status: 503 });
        const body = await r.json();
        expect(body.code).toBe("unavailable");
        expect(r.headers.get("retry-after")).toBe("1");
        expect(r.headers.get("x-credits-charged")).toBeNull();
      }
    } finally {
      await fixer.unsafe(`ALTER DATABASE ${db} ALLOW_CONNECTIONS true`);
      await fixer.close();
    }
    const back = await n.get("/v1/zone/stats", key);
    expect(back.status).toBe(200);
    expect(await usedToday(record.id)).toBe(2);
  });
});

/** A connection to the cluster's maintenance database, which the test did not close to connections. */
async function openFixer(dbUrl: string) {
  const { SQL } = await import("bun");
  const u = new URL(dbUrl);
  u.pathname = "/postgres";
  return new SQL(u.toString(), { max: 1 });
}

describe("ZW_DATABASE_URL at start", () => {
  test("a malformed URL is a configuration error naming the setting", () => {
    for (const bad of ["mysql://u@h/db", "postgres://", "not a url", "postgres://host-only"]) {
      expect(() => loadConfig({ ZW_DATABASE_URL: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ ZW_DATABASE_URL: bad })).toThrow(/^ZW_DATABASE_URL: /);
    }
    expect(loadConfig({ ZW_DATABASE_URL: "postgres://u:p@127.0.0.1:5432/zw" }).databaseUrl).toBe("postgres://u:p@127.0.0.1:5432/zw");
    expect(loadConfig({}).databaseUrl).toBeNull();
  });

  test("a database that cannot be reached stops the start with one line naming the setting, without the password", async () => {
    const dir = tempDir("zw-pg-bad-");
    try {
      const start = startServer(loadConfig({ ZW_PORT: "0", ZW_DATA_DIR: dir, ZW_WORKERS: "0", ZW_DATABASE_URL: "postgres://zw:secret-pw@127.0.0.1:9/zw" }), {
        log: () => {},
      });
      const e = await start.then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(ConfigError);
      const message = (e as Error).message;
      expect(message).toStartWith("ZW_DATABASE_URL: cannot use postgres://zw:***@127.0.0.1:9/zw");
      expect(message).not.toContain("secret-pw");
      expect(message).not.toContain("\n");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
