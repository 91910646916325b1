/**
 * Opening the SQLite database: WAL, synchronous=NORMAL (FULL is 24x slower here and WAL
 * keeps NORMAL crash-safe for the database), a busy timeout so the CLI and the server can
 * write at once, and migrations tracked in user_version.
 */
import { Database } from "bun:sqlite";
import fs from "node:fs";
import path from "node:path";
import { MIGRATIONS } from "./migrations/index.ts";

const DB_FILE = "zonewise.db";

/** Whether a database is there already: commands that only use one must not create it. */
export function databaseExists(dataDir: string, file = DB_FILE): boolean {
  return fs.existsSync(path.join(dataDir, file));
}

export function openDatabase(dataDir: string, file = DB_FILE): Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, file), { create: true, strict: true });
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA busy_timeout = 5000");
  db.exec("PRAGMA foreign_keys = ON");
  migrate(db);
  return db;
}

function migrate(db: Database): void {
  const version = (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
  if (version > MIGRATIONS.length) {
    throw new Error(`database schema version ${version} is newer than this build knows (${MIGRATIONS.length})`);
  }
  for (let v = version; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      // Another process (the CLI beside a server) may have migrated meanwhile.
      const now = (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
      if (now > v) return;
      db.exec(MIGRATIONS[v]!);
      db.exec(`PRAGMA user_version = ${v + 1}`);
    }).immediate();
  }
}
