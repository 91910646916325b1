/**
 * Peer "DuckDB" (@duckdb/node-api): one table (name, ext) sorted by name in a database
 * file, on both cores. contains and ends are LIKE '%t%' / '%t' (a full scan), starts is
 * LIKE 't%' written as a literal so the optimizer turns it into a prefix range that the
 * min/max zone maps of the sorted table can skip over; the breakdown is a GROUP BY ext,
 * and distinct names and exact matches come from the same matching rows (one CTE).
 * Terms and extensions hold only [a-z0-9.-], and are quoted anyway.
 */
import fs from "node:fs";
import path from "node:path";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import type { Dataset } from "./data.ts";
import { finishTally, MIN_NAME, type LookupInput, type LookupRow, type Query, type Tally } from "./model.ts";

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
const PATTERN = { contains: (t: string) => `%${t}%`, starts: (t: string) => `${t}%`, ends: (t: string) => `%${t}` };

export class DuckPeer {
  readonly name = "DuckDB";
  private db: DuckDBInstance | null = null;
  private conn!: DuckDBConnection;

  constructor(private readonly dir: string) {}

  async build(ds: Dataset): Promise<{ seconds: number; bytes: number }> {
    const file = path.join(this.dir, "duckdb.db");
    for (const f of [file, `${file}.wal`]) fs.rmSync(f, { force: true });
    const t0 = performance.now();
    this.db = await DuckDBInstance.create(file, { threads: "2" });
    this.conn = await this.db.connect();
    await this.conn.run(`CREATE TABLE zones AS
      SELECT substr(d, 1, strpos(d, '.') - 1) AS name, substr(d, strpos(d, '.') + 1) AS ext
      FROM read_csv(${lit(ds.file)}, header = false, columns = {'d': 'VARCHAR'}, delim = '\t', quote = '', escape = '', auto_detect = false)
      ORDER BY name`);
    await this.conn.run("CHECKPOINT");
    const seconds = (performance.now() - t0) / 1000;
    const bytes = [file, `${file}.wal`].reduce((s, f) => s + (fs.existsSync(f) ? fs.statSync(f).size : 0), 0);
    return { seconds, bytes };
  }

  private async rows(sql: string): Promise<unknown[][]> {
    return (await this.conn.runAndReadAll(sql)).getRows() as unknown[][];
  }

  async count(q: Query): Promise<Tally> {
    const filter = q.tlds === null ? "" : q.tlds.length === 0 ? " AND false" : ` AND ext IN (${q.tlds.map(lit).join(", ")})`;
    // one CTE for the breakdown and for distinct names / exact matches: measured faster
    // here than GROUPING SETS, which computes a distinct count per extension too
    const rows = await this.rows(`WITH m AS (SELECT name, ext FROM zones WHERE name LIKE ${lit(PATTERN[q.position](q.term))}${filter})
      SELECT ext, count(*), NULL, NULL FROM m GROUP BY ext
      UNION ALL SELECT NULL, count(*), count(DISTINCT name), count(*) FILTER (WHERE name = ${lit(q.term)}) FROM m`);
    const per: [string, number][] = [];
    let total = 0,
      names = 0,
      exact = 0;
    for (const [ext, n, k, x] of rows) {
      if (ext === null) [total, names, exact] = [Number(n), Number(k), Number(x)];
      else per.push([ext as string, Number(n)]);
    }
    return finishTally(q.term, per, total, names, exact);
  }

  async lookup(inputs: LookupInput[], withCounts: boolean): Promise<LookupRow[]> {
    if (inputs.length === 0) return [];
    const values = inputs.map((x, i) => `(${i}, ${lit(x.name)}, ${x.ext === null ? "NULL" : lit(x.ext)})`).join(", ");
    const found = await this.rows(`SELECT q.i, count(z.name), count(*) FILTER (WHERE z.ext = q.ext)
      FROM (VALUES ${values}) q(i, name, ext) LEFT JOIN zones z ON z.name = q.name GROUP BY q.i`);
    const rows: LookupRow[] = new Array(inputs.length);
    for (const [i, n, r] of found) {
      const x = inputs[Number(i)];
      rows[Number(i)] = { registered: x.ext === null ? null : Number(r) > 0, extensions: x.name.length >= MIN_NAME ? Number(n) : null };
    }
    if (!withCounts) return rows;
    for (let k = 0; k < inputs.length; k++) {
      const t = inputs[k].name;
      if (t.length < MIN_NAME) {
        Object.assign(rows[k], { containingDomains: null, containingNames: null, startingDomains: null, endingDomains: null });
        continue;
      }
      const [[c, cn, s, e]] = await this.rows(`SELECT count(*), count(DISTINCT name),
        count(*) FILTER (WHERE name LIKE ${lit(PATTERN.starts(t))}), count(*) FILTER (WHERE name LIKE ${lit(PATTERN.ends(t))})
        FROM zones WHERE name LIKE ${lit(PATTERN.contains(t))}`);
      Object.assign(rows[k], { containingDomains: Number(c), containingNames: Number(cn), startingDomains: Number(s), endingDomains: Number(e) });
    }
    return rows;
  }

  close(): void {
    this.conn?.closeSync();
    this.db?.closeSync?.();
  }
}
