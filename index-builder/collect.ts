/**
 * Turns the sorted, distinct "name ext" keys into the index's main arrays in one streaming
 * pass: the names blob with offsets, postings starts per name, and extension ids per domain.
 * Extension ids are ranks in the sorted extension list, which the parser phase already knows.
 */

export class GrowU32 {
  a: Uint32Array;
  length = 0;
  constructor(cap = 1 << 16) {
    this.a = new Uint32Array(cap);
  }
  push(v: number): void {
    if (this.length === this.a.length) this.grow();
    this.a[this.length++] = v;
  }
  private grow(): void {
    const cap = Math.min(this.a.length * 2, 2 ** 30);
    if (cap <= this.a.length) throw new Error("more than 2^30 entries in one array: shard the input (see FORMAT.md, limits)");
    const b = new Uint32Array(cap);
    b.set(this.a);
    this.a = b;
  }
  view(): Uint32Array {
    return this.a.subarray(0, this.length);
  }
}

export class GrowBytes {
  a: Uint8Array;
  length = 0;
  constructor(cap = 1 << 20) {
    this.a = new Uint8Array(cap);
  }
  pushLatin1(s: string): void {
    const n = s.length;
    if (this.length + n > this.a.length) {
      let cap = this.a.length * 2;
      while (cap < this.length + n) cap *= 2;
      if (cap > 2 ** 32 - 1) throw new Error("names exceed 4 GiB: see FORMAT.md, limits");
      const b = new Uint8Array(cap);
      b.set(this.a.subarray(0, this.length));
      this.a = b;
    }
    const a = this.a;
    let p = this.length;
    for (let i = 0; i < n; i++) a[p++] = s.charCodeAt(i);
    this.length = p;
  }
  view(): Uint8Array {
    return this.a.subarray(0, this.length);
  }
}

export interface Collected {
  names: Uint8Array; // NAMB
  nameOff: Uint32Array; // NAMO (N+1)
  postStart: Uint32Array; // POSO (N+1)
  post: Uint32Array; // POST as u32 (narrowed when written)
  extCount: Uint32Array; // EXTC
  totalNames: number;
  totalDomains: number;
}

export class Collector {
  private names = new GrowBytes();
  private nameOff = new GrowU32();
  private postStart = new GrowU32();
  private post = new GrowU32(1 << 18);
  private prevName = "";
  private extCount: Uint32Array;

  constructor(private readonly extId: Map<string, number>) {
    this.extCount = new Uint32Array(extId.size);
    this.nameOff.push(0);
  }

  /** key = "name ext", strictly increasing between calls. */
  add = (key: string): void => {
    const sp = key.indexOf(" ");
    const name = key.slice(0, sp);
    const id = this.extId.get(key.slice(sp + 1)) as number;
    if (name !== this.prevName || this.postStart.length === 0) {
      this.names.pushLatin1(name);
      this.nameOff.push(this.names.length);
      this.postStart.push(this.post.length);
      this.prevName = name;
    }
    this.post.push(id);
    this.extCount[id]++;
  };

  finish(): Collected {
    this.postStart.push(this.post.length);
    return {
      names: this.names.view(),
      nameOff: this.nameOff.view(),
      postStart: this.postStart.view(),
      post: this.post.view(),
      extCount: this.extCount,
      totalNames: this.nameOff.length - 1,
      totalDomains: this.post.length,
    };
  }
}
