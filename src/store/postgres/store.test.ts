/**
 * The Store contract against PostgreSQL (a real server, test/support/postgres.ts): a fresh
 * database per store; a peer is another store on the same database, as another node is.
 */
import { postgresDatabase } from "../../../test/support/postgres.ts";
import { storeContract } from "../store.contract.ts";
import type { Store } from "../types.ts";
import { openPostgresStore, type PostgresStore } from "./store.ts";

const urls = new WeakMap<Store, string>();

storeContract("postgres", {
  async open() {
    const url = await postgresDatabase();
    const s = await openPostgresStore(url, { max: 4 });
    urls.set(s, url);
    return s;
  },
  async peer(s) {
    const url = urls.get(s)!;
    const p = await openPostgresStore(url, { max: 4 });
    urls.set(p, url);
    return p;
  },
  synced: (s) => (s as PostgresStore).keys.sync(),
});
