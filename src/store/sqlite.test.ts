/** The Store contract against the SQLite store: a fresh file per store, peers are more connections to it. */
import { afterAll } from "bun:test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore } from "./sqlite.ts";
import { storeContract } from "./store.contract.ts";
import type { Store } from "./types.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "zw-store-contract-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const dirs = new WeakMap<Store, string>();
let n = 0;

storeContract("sqlite", {
  open() {
    const dir = path.join(root, String(n++));
    const s = openStore(dir);
    dirs.set(s, dir);
    return s;
  },
  peer(s) {
    const p = openStore(dirs.get(s)!);
    dirs.set(p, dirs.get(s)!);
    return p;
  },
});
