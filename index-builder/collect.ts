/**
 * Turns the distinct names, in ascending byte order, each with the ascending distinct ids
 * of its extensions, into the index's main arrays: the names blob with offsets (NAMB,
 * NAMO), postings starts per name (POSO), extension ids per domain (POST, already at the
 * file's width) and domains per extension (EXTC). The arrays are allocated once, at the
 * size of everything read (an upper bound: duplicates only shrink them), and handed out
 * as views, so nothing is copied while they fill.
 */

export interface Collected {
  names: Uint8Array; // NAMB
  nameOff: Uint32Array; // NAMO (N+1)
  postStart: Uint32Array; // POSO (N+1)
  post: Uint16Array | Uint32Array; // POST
  extCount: Uint32Array; // EXTC
  totalNames: number;
  totalDomains: number;
}

const MAX_ENTRIES = 2 ** 30;

export class Collector {
  private names: Uint8Array;
  private nameOff: Uint32Array;
  private postStart: Uint32Array;
  private post: Uint16Array | Uint32Array;
  private extCount: Uint32Array;
  private n = 0; // names so far
  private nameBytes = 0;
  private domains = 0;

  /** records, nameBytes: everything read (with duplicates); extensions: E. */
  constructor(records: number, nameBytes: number, extensions: number) {
    if (records >= MAX_ENTRIES) throw new Error("more than 2^30 domains in one index: shard the input (see FORMAT.md, limits)");
    if (nameBytes > 2 ** 32 - 1) throw new Error("names exceed 4 GiB: see FORMAT.md, limits");
    // shared, so the workers read and write them in place (parallel.ts)
    const shared = (bytes: number) => new SharedArrayBuffer(bytes);
    this.names = new Uint8Array(shared(nameBytes));
    this.nameOff = new Uint32Array(shared(4 * (records + 1)));
    this.postStart = new Uint32Array(shared(4 * (records + 1)));
    this.post = extensions <= 65536 ? new Uint16Array(shared(2 * records)) : new Uint32Array(shared(4 * records));
    this.extCount = new Uint32Array(shared(4 * extensions));
  }

  /** The next name, data[at, at + len), with the distinct ascending ids of its extensions, exts[0, m). */
  addName(data: Uint8Array, at: number, len: number, exts: Uint32Array, m: number): void {
    const names = this.names;
    let w = this.nameBytes;
    for (let i = at, e = at + len; i < e; i++) names[w++] = data[i]!;
    this.nameBytes = w;
    this.postStart[this.n] = this.domains;
    this.nameOff[++this.n] = this.nameBytes;
    const post = this.post;
    let d = this.domains;
    for (let i = 0; i < m; i++) {
      const x = exts[i]!;
      post[d++] = x;
      this.extCount[x]++;
    }
    this.domains = d;
  }

  /** Appends arrays collected apart (names that sort after every name added so far). */
  append(c: Collected): void {
    this.names.set(c.names, this.nameBytes);
    this.post.set(c.post, this.domains);
    for (let i = 1; i <= c.totalNames; i++) {
      this.postStart[this.n + i - 1] = this.domains + c.postStart[i - 1]!;
      this.nameOff[this.n + i] = this.nameBytes + c.nameOff[i]!;
    }
    for (let x = 0; x < c.extCount.length; x++) this.extCount[x] += c.extCount[x]!;
    this.n += c.totalNames;
    this.nameBytes += c.names.length;
    this.domains += c.totalDomains;
  }

  finish(): Collected {
    this.postStart[this.n] = this.domains;
    return {
      names: this.names.subarray(0, this.nameBytes),
      nameOff: this.nameOff.subarray(0, this.n + 1),
      postStart: this.postStart.subarray(0, this.n + 1),
      post: this.post.subarray(0, this.domains),
      extCount: this.extCount,
      totalNames: this.n,
      totalDomains: this.domains,
    };
  }
}
