/**
 * Peer "SQLite FTS5" (bun:sqlite): one row per domain (name, ext, reversed name), an FTS5
 * table with the trigram tokenizer over the names (external content), and covering B-tree
 * indexes on (name, ext) and (rev, ext). contains uses the trigram index (terms of 3+
 * characters; a 2-character term cannot use trigrams and scans the name index instead),
 * starts a range on the name index, ends a range on the reversed-name index. Two
 * statements per count: the GROUP BY ext breakdown, then distinct names and exact matches
 * (SQLite has no GROUPING SETS).
 */
import fs from "node:fs";
import path from "node:path";
import { Database } from "bun:sqlite";
import { domainsOf, type Dataset } from "./data.ts";
import { finishTally, MIN_NAME, type LookupInput, type LookupRow, type Query, type Tally } from "./model.ts";

const reverse = (s: string) => s.split("").reverse().join("");
/** Sorts after every character a name may hold: t <= name < t + HIGH is "starts with t". */
const HIGH = "~";

export class FtsPeer {
  readonly name = "SQLite FTS5";
  private db!: Database;

  constructor(private readonly dir: string) {}

  async build(ds: Dataset): Promise<{ seconds: number; bytes: number }> {
    const file = path.join(this.dir, "fts5.sqlite");
    fs.rmSync(file, { force: true });
    const t0 = performance.now();
    const db = (this.db = new Database(file));
    db.run("PRAGMA journal_mode = OFF");
    db.run("PRAGMA synchronous = OFF");
    db.run("PRAGMA cache_size = -524288");
    db.run("CREATE TABLE d (name TEXT NOT NULL, ext TEXT NOT NULL, rev TEXT NOT NULL)");
    const insert = db.prepare("INSERT INTO d (name, ext, rev) VALUES (?, ?, ?)");
    let batch: [string, string][] = [];
    const flush = db.transaction((rows: [string, string][]) => {
      for (const [n, e] of rows) insert.run(n, e, reverse(n));
    });
    for await (const row of domainsOf(ds)) {
      batch.push(row);
      if (batch.length === 100_000) {
        flush(batch);
        batch = [];
      }
    }
    flush(batch);
    db.run("CREATE VIRTUAL TABLE f USING fts5(name, content = 'd', content_rowid = 'rowid', tokenize = 'trigram')");
    db.run("INSERT INTO f (f) VALUES ('rebuild')");
    db.run("CREATE INDEX d_name ON d (name, ext)");
    db.run("CREATE INDEX d_rev ON d (rev, ext)");
    db.run("ANALYZE");
    return { seconds: (performance.now() - t0) / 1000, bytes: fs.statSync(file).size };
  }

  /** FROM/WHERE clause selecting the matching rows of d, and its parameters. */
  private source(q: Query): [string, string[]] {
    const t = q.term;
    const filter = q.tlds === null ? "" : ` AND d.ext IN (${q.tlds.map(() => "?").join(", ") || "NULL"})`;
    const tl = q.tlds ?? [];
    if (q.position === "starts") return [`FROM d WHERE d.name >= ? AND d.name < ?${filter}`, [t, t + HIGH, ...tl]];
    if (q.position === "ends") return [`FROM d WHERE d.rev >= ? AND d.rev < ?${filter}`, [reverse(t), reverse(t) + HIGH, ...tl]];
    if (t.length < 3) return [`FROM d INDEXED BY d_name WHERE instr(d.name, ?) > 0${filter}`, [t, ...tl]];
    return [`FROM f JOIN d ON d.rowid = f.rowid WHERE f.name LIKE ?${filter}`, [`%${t}%`, ...tl]];
  }

  count(q: Query): Tally {
    const [from, params] = this.source(q);
    const per = this.db.query(`SELECT d.ext, count(*) ${from} GROUP BY d.ext`).values(...params) as [string, number][];
    const [[names, exact]] = this.db.query(`SELECT count(DISTINCT d.name), count(*) FILTER (WHERE d.name = ?) ${from}`).values(q.term, ...params) as [
      number,
      number,
    ][];
    const total = per.reduce((s, [, c]) => s + c, 0);
    return finishTally(q.term, per, total, names, exact);
  }

  lookup(inputs: LookupInput[], withCounts: boolean): LookupRow[] {
    const one = this.db.query("SELECT count(*), count(*) FILTER (WHERE ext = ?) FROM d WHERE name = ?");
    return inputs.map(({ name, ext }) => {
      const [[n, r]] = one.values(ext, name) as [number, number][];
      const supported = name.length >= MIN_NAME;
      const row: LookupRow = { registered: ext === null ? null : r > 0, extensions: supported ? n : null };
      if (!withCounts) return row;
      if (!supported) return { ...row, containingDomains: null, containingNames: null, startingDomains: null, endingDomains: null };
      const c = this.count({ term: name, position: "contains", tlds: null });
      const s = this.count({ term: name, position: "starts", tlds: null });
      const e = this.count({ term: name, position: "ends", tlds: null });
      return { ...row, containingDomains: c.total, containingNames: c.names, startingDomains: s.total, endingDomains: e.total };
    });
  }

  close(): void {
    this.db?.close();
  }
}
