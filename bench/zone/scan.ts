/**
 * Peer "scan": no index at all. The sorted dataset is parsed into one buffer of distinct
 * names plus the extension ids of each name (nothing written to disk, re-parsed at every
 * start), and every count is a brute-force Buffer.indexOf scan over that buffer split
 * across both cores (scan-worker.ts). Lookups without counts use a binary search over the
 * sorted names; with include_counts every name costs one scan.
 */
import fs from "node:fs";
import type { Dataset } from "./data.ts";
import { finishTally, type LookupInput, type LookupRow, type Query, type Tally, MIN_NAME } from "./model.ts";
import type { ScanRequest } from "./scan-worker.ts";

const CHUNK = 16 << 20;

export class ScanPeer {
  readonly name = "scan (2 cores)";
  private blob!: Buffer;
  private ns!: Uint32Array;
  private es!: Uint32Array;
  private ids!: Uint32Array;
  private extNames: string[] = [];
  private extId = new Map<string, number>();
  private names = 0;
  private workers: Worker[] = [];
  private nextId = 1;
  private waiting = new Map<number, (v: any) => void>();

  /** Parses the dataset (sorted, so a name's domains are adjacent); returns seconds. */
  async build(ds: Dataset): Promise<{ seconds: number; bytes: number }> {
    const t0 = performance.now();
    const size = fs.statSync(ds.file).size;
    const blobSab = new SharedArrayBuffer(size + 1);
    const nsSab = new SharedArrayBuffer((ds.domains + 2) * 4);
    const esSab = new SharedArrayBuffer((ds.domains + 2) * 4);
    const idsSab = new SharedArrayBuffer(ds.domains * 4);
    const blob = Buffer.from(blobSab);
    const ns = new Uint32Array(nsSab);
    const es = new Uint32Array(esSab);
    const ids = new Uint32Array(idsSab);
    blob[0] = 10;
    let bl = 1;
    let n = 0;
    let d = 0;
    let prevStart = -1;
    let prevLen = -1;
    const fd = fs.openSync(ds.file, "r");
    const buf = Buffer.alloc(CHUNK);
    let carry = 0;
    for (;;) {
      const got = fs.readSync(fd, buf, carry, CHUNK - carry, null);
      const end = carry + got;
      let s = 0;
      for (let nl = buf.indexOf(10, s); nl >= 0 && nl < end; nl = buf.indexOf(10, s)) {
        const dot = buf.indexOf(46, s);
        const len = dot - s;
        const same = len === prevLen && buf.compare(blob, prevStart, prevStart + len, s, dot) === 0;
        if (!same) {
          ns[n] = bl;
          es[n] = d;
          n++;
          buf.copy(blob, bl, s, dot);
          prevStart = bl;
          prevLen = len;
          bl += len;
          blob[bl++] = 10;
        }
        ids[d++] = this.ext(buf.toString("latin1", dot + 1, nl));
        s = nl + 1;
      }
      if (got === 0) break;
      buf.copy(buf, 0, s, end);
      carry = end - s;
    }
    fs.closeSync(fd);
    ns[n] = bl;
    es[n] = d;
    Object.assign(this, { blob, ns, es, ids, names: n });
    const half = this.splitPoint();
    const ranges: [number, number][] = [
      [0, half],
      [half, n],
    ];
    this.workers = ranges.map(() => {
      const w = new Worker(new URL("./scan-worker.ts", import.meta.url));
      w.onmessage = (ev) => this.waiting.get(ev.data.id)?.(ev.data);
      w.onerror = (e) => {
        // a bench with a dead worker cannot go on: say why and stop
        process.stderr.write(`scan worker failed: ${e.message}\n`);
        process.exit(2);
      };
      return w;
    });
    await Promise.all(
      this.workers.map((w, k) => {
        const id = this.nextId++;
        return this.ask(
          w,
          {
            type: "init",
            id,
            blob: blobSab,
            nameStart: nsSab,
            extStart: esSab,
            extIds: idsSab,
            extCount: this.extNames.length,
            lo: ranges[k][0],
            hi: ranges[k][1],
          },
          id,
        );
      }),
    );
    return { seconds: (performance.now() - t0) / 1000, bytes: bl + (n + 1) * 8 + d * 4 };
  }

  private ext(s: string): number {
    let id = this.extId.get(s);
    if (id === undefined) {
      id = this.extNames.length;
      this.extNames.push(s);
      this.extId.set(s, id);
    }
    return id;
  }

  /** The name index that splits the buffer's bytes in two halves. */
  private splitPoint(): number {
    const target = this.ns[this.names] / 2;
    let lo = 0;
    let hi = this.names;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ns[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private ask(w: Worker, msg: ScanRequest, id: number): Promise<any> {
    return new Promise((resolve) => {
      this.waiting.set(id, (v) => {
        this.waiting.delete(id);
        resolve(v);
      });
      w.postMessage(msg);
    });
  }

  private broadcast(make: (id: number) => ScanRequest): Promise<any[]> {
    return Promise.all(
      this.workers.map((w) => {
        const id = this.nextId++;
        return this.ask(w, make(id), id);
      }),
    );
  }

  async count(q: Query): Promise<Tally> {
    const allowed = q.tlds === null ? null : ([...new Set(q.tlds)].map((t) => this.extId.get(t)).filter((x) => x !== undefined) as number[]);
    if (allowed !== null && allowed.length === 0) return finishTally(q.term, [], 0, 0, 0);
    const parts = await this.broadcast((id) => ({ type: "count", id, term: q.term, position: q.position, allowed }));
    const per = new Uint32Array(this.extNames.length);
    let total = 0,
      names = 0,
      exact = 0;
    for (const p of parts) {
      total += p.total;
      names += p.names;
      exact += p.exact;
      for (let i = 0; i < per.length; i++) per[i] += p.perExt[i];
    }
    return finishTally(
      q.term,
      this.extNames.map((t, i) => [t, per[i]] as [string, number]),
      total,
      names,
      exact,
    );
  }

  /** Index of `name` among the sorted distinct names, or -1. */
  private find(name: string): number {
    const t = Buffer.from(name, "latin1");
    let lo = 0;
    let hi = this.names - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.blob.compare(t, 0, t.length, this.ns[mid], this.ns[mid + 1] - 1);
      if (c === 0) return mid;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  async lookup(inputs: LookupInput[], withCounts: boolean): Promise<LookupRow[]> {
    const rows = inputs.map(({ name, ext }) => {
      const i = this.find(name);
      const extId = ext === null ? undefined : this.extId.get(ext);
      let registered: boolean | null = ext === null ? null : false;
      if (i >= 0 && extId !== undefined) {
        for (let p = this.es[i]; p < this.es[i + 1]; p++) if (this.ids[p] === extId) registered = true;
      }
      const supported = name.length >= MIN_NAME;
      return { registered, extensions: supported ? (i < 0 ? 0 : this.es[i + 1] - this.es[i]) : null } as LookupRow;
    });
    if (!withCounts) return rows;
    const parts = await this.broadcast((id) => ({ type: "names", id, names: inputs.map((x) => x.name) }));
    rows.forEach((r, k) => {
      const supported = inputs[k].name.length >= MIN_NAME;
      const sum = (j: number) => (supported ? parts[0].counts[k * 4 + j] + parts[1].counts[k * 4 + j] : null);
      Object.assign(r, { containingDomains: sum(0), containingNames: sum(1), startingDomains: sum(2), endingDomains: sum(3) });
    });
    return rows;
  }

  close(): void {
    for (const w of this.workers) w.terminate();
  }
}
