/**
 * Extension ids by spelling. `idIn` finds the extension spelled s[start, end) without making
 * the substring (zone/lookup reads it in place in "name.co.uk"): open addressing over a
 * power-of-two table of at least twice as many slots as extensions, keyed by FNV-1a of the
 * characters, each slot holding id + 1 (0 = empty), checked against the spelling itself,
 * kept as bytes in one array (a typed-array read per character, not a string's).
 */
export class ExtensionIds {
  private readonly slots: Int32Array;
  private readonly bytes: Uint8Array;
  private readonly offs: Int32Array;

  constructor(names: readonly string[]) {
    let size = 16;
    while (size < names.length * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.offs = new Int32Array(names.length + 1);
    names.forEach((x, i) => (this.offs[i + 1] = this.offs[i] + x.length));
    this.bytes = new Uint8Array(this.offs[names.length]);
    const mask = size - 1;
    names.forEach((x, i) => {
      for (let c = 0; c < x.length; c++) this.bytes[this.offs[i] + c] = x.charCodeAt(c);
      let h = hash(x, 0, x.length) & mask;
      while (this.slots[h] !== 0) h = (h + 1) & mask;
      this.slots[h] = i + 1;
    });
  }

  /** Id of the extension spelled ext, or -1. */
  idOf(ext: string): number {
    return this.idIn(ext, 0, ext.length);
  }

  /** Id of the extension spelled s[start, end), or -1. */
  idIn(s: string, start: number, end: number): number {
    const slots = this.slots;
    const mask = slots.length - 1;
    const len = end - start;
    const bytes = this.bytes;
    const offs = this.offs;
    for (let h = hash(s, start, end) & mask; ; h = (h + 1) & mask) {
      const v = slots[h];
      if (v === 0) return -1;
      const o = offs[v - 1];
      if (offs[v] - o !== len) continue;
      let i = 0;
      while (i < len && bytes[o + i] === s.charCodeAt(start + i)) i++;
      if (i === len) return v - 1;
    }
  }
}

function hash(s: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
