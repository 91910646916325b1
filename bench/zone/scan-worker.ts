/**
 * One core of the brute-force peer: scans its half of the names buffer with native
 * Buffer.indexOf (memchr/memmem speed) and tallies the matching names' extensions.
 * Buffer layout (scan.ts): "\n" name0 "\n" name1 "\n" ...; nameStart[i] is the first byte
 * of name i, so "contains t" is a search for t, "starts" for "\nt" and "ends" for "t\n".
 */
declare const self: Worker;

export interface ScanShared {
  blob: SharedArrayBuffer;
  nameStart: SharedArrayBuffer;
  extStart: SharedArrayBuffer;
  extIds: SharedArrayBuffer;
  extCount: number;
  lo: number;
  hi: number;
}

export type ScanRequest =
  | ({ type: "init"; id: number } & ScanShared)
  | { type: "count"; id: number; term: string; position: "contains" | "starts" | "ends"; allowed: number[] | null }
  | { type: "names"; id: number; names: string[] };

let blob: Buffer;
let ns: Uint32Array;
let es: Uint32Array;
let ids: Uint32Array;
let lo = 0;
let hi = 0;
let perExt: Uint32Array;
let flag: Uint8Array;

/** Calls visit(name index) once for every name of [lo, hi) that matches. */
function forEachMatch(term: string, position: string, visit: (i: number) => void): void {
  const pattern = Buffer.from(position === "starts" ? "\n" + term : position === "ends" ? term + "\n" : term, "latin1");
  const shift = position === "starts" ? 1 : 0;
  const view = blob.subarray(0, ns[hi]);
  let i = lo;
  let from = ns[lo] - shift;
  for (;;) {
    const p = view.indexOf(pattern, from);
    if (p < 0) return;
    const at = p + shift;
    while (ns[i + 1] <= at) i++;
    visit(i);
    from = ns[i + 1] - shift;
  }
}

function count(term: string, position: string, allowed: number[] | null) {
  perExt.fill(0);
  let total = 0;
  let names = 0;
  let exact = 0;
  if (allowed) for (const x of allowed) flag[x] = 1;
  forEachMatch(term, position, (i) => {
    let m = 0;
    for (let p = es[i]; p < es[i + 1]; p++) {
      const x = ids[p];
      if (allowed && flag[x] === 0) continue;
      perExt[x]++;
      m++;
    }
    if (m === 0) return;
    total += m;
    names++;
    if (ns[i + 1] - 1 - ns[i] === term.length) exact += m;
  });
  if (allowed) for (const x of allowed) flag[x] = 0;
  return { total, names, exact, perExt: perExt.slice() };
}

/** containing domains and names, starting and ending domains, per name (4 numbers each). */
function nameCounts(list: string[]): Uint32Array {
  const out = new Uint32Array(list.length * 4);
  list.forEach((term, k) => {
    const t = Buffer.from(term, "latin1");
    forEachMatch(term, "contains", (i) => {
      const d = es[i + 1] - es[i];
      out[k * 4] += d;
      out[k * 4 + 1]++;
      const s = ns[i];
      const e = ns[i + 1] - 1;
      if (blob.compare(t, 0, t.length, s, s + t.length) === 0) out[k * 4 + 2] += d;
      if (e - t.length >= s && blob.compare(t, 0, t.length, e - t.length, e) === 0) out[k * 4 + 3] += d;
    });
  });
  return out;
}

self.onmessage = (ev: MessageEvent<ScanRequest>) => {
  const m = ev.data;
  if (m.type === "init") {
    blob = Buffer.from(m.blob);
    ns = new Uint32Array(m.nameStart);
    es = new Uint32Array(m.extStart);
    ids = new Uint32Array(m.extIds);
    lo = m.lo;
    hi = m.hi;
    perExt = new Uint32Array(m.extCount);
    flag = new Uint8Array(m.extCount);
    self.postMessage({ id: m.id });
  } else if (m.type === "count") {
    self.postMessage({ id: m.id, ...count(m.term, m.position, m.allowed) });
  } else {
    self.postMessage({ id: m.id, counts: nameCounts(m.names) });
  }
};
