/**
 * The extensions seen while reading, keyed by their bytes: each distinct extension gets a
 * provisional id in order of first sight (an open-addressing hash table over the bytes, so
 * a domain read as bytes never becomes a string). After reading, `ranks()` maps every
 * provisional id to the extension's rank in byte order: the extension id of the file.
 */
import { GrowBytes, GrowU32 } from "./grow.ts";

const EMPTY = 0;

export class ExtensionTable {
  private bytes = new GrowBytes(1 << 12);
  private off = new GrowU32(1 << 10);
  private hashes = new GrowU32(1 << 10);
  private slots = new Uint32Array(1 << 12); // id + 1, or EMPTY
  private mask = (1 << 12) - 1;

  constructor() {
    this.off.push(0);
  }

  get size(): number {
    return this.off.length - 1;
  }

  /** Provisional id of the lower-case extension b[s, e), added when new. */
  idOf(b: Uint8Array, s: number, e: number): number {
    let h = 0x811c9dc5;
    for (let i = s; i < e; i++) h = Math.imul(h ^ b[i]!, 0x01000193);
    h >>>= 0;
    const bytes = this.bytes.a;
    for (let slot = h & this.mask; ; slot = (slot + 1) & this.mask) {
      const v = this.slots[slot]!;
      if (v === EMPTY) return this.insert(slot, h, b, s, e);
      const id = v - 1;
      if (this.hashes.a[id] !== h) continue;
      const o = this.off.a[id]!;
      if (this.off.a[id + 1]! - o !== e - s) continue;
      let same = true;
      for (let i = 0; i < e - s; i++) {
        if (bytes[o + i] !== b[s + i]) {
          same = false;
          break;
        }
      }
      if (same) return id;
    }
  }

  private insert(slot: number, h: number, b: Uint8Array, s: number, e: number): number {
    const id = this.size;
    this.bytes.pushBytes(b, s, e);
    this.off.push(this.bytes.length);
    this.hashes.push(h);
    this.slots[slot] = id + 1;
    if (this.size * 2 > this.slots.length) this.rehash();
    return id;
  }

  private rehash(): void {
    this.slots = new Uint32Array(this.slots.length * 2);
    this.mask = this.slots.length - 1;
    for (let id = 0; id < this.size; id++) {
      let slot = this.hashes.a[id]! & this.mask;
      while (this.slots[slot] !== EMPTY) slot = (slot + 1) & this.mask;
      this.slots[slot] = id + 1;
    }
  }

  /** The extensions in byte order, and each provisional id's rank among them. */
  ranks(): { names: string[]; rank: Uint32Array } {
    const text = Buffer.from(this.bytes.a.buffer, 0, this.bytes.length).toString("latin1");
    const order = Array.from({ length: this.size }, (_, id) => id);
    const strs = order.map((id) => text.slice(this.off.a[id], this.off.a[id + 1]));
    order.sort((x, y) => (strs[x]! < strs[y]! ? -1 : strs[x]! > strs[y]! ? 1 : 0));
    const rank = new Uint32Array(this.size);
    order.forEach((id, r) => (rank[id] = r));
    return { names: order.map((id) => strs[id]!), rank };
  }
}
