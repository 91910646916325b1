/**
 * Growable typed arrays for the builder (doubling, so appends are amortised O(1)); the
 * caps are the format's limits (FORMAT.md: 2^30 entries per array, byte blobs < 4 GiB).
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
  /** Makes room for n more bytes; returns the write position. */
  reserve(n: number): number {
    if (this.length + n > this.a.length) {
      let cap = this.a.length * 2;
      while (cap < this.length + n) cap *= 2;
      if (cap > 2 ** 32 - 1) throw new Error("more than 4 GiB of bytes in one array: see FORMAT.md, limits");
      const b = new Uint8Array(cap);
      b.set(this.a.subarray(0, this.length));
      this.a = b;
    }
    return this.length;
  }
  pushBytes(src: Uint8Array, s: number, e: number): void {
    const p = this.reserve(e - s);
    this.a.set(src.subarray(s, e), p);
    this.length = p + (e - s);
  }
  view(): Uint8Array {
    return this.a.subarray(0, this.length);
  }
}
