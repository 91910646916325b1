/** The Store contract against the in-memory store: one handle holds the data, so a peer is the store itself. */
import { openMemoryStore } from "./memory.ts";
import { storeContract } from "./store.contract.ts";

storeContract("memory", { open: openMemoryStore, peer: (s) => s });
