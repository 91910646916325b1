/** The JobQueue contract (queue.contract.ts) on the SQLite queue, over a real database file. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore } from "../../store/sqlite.ts";
import { queueContract } from "./queue.contract.ts";
import { SqliteJobQueue } from "./store.ts";

queueContract("sqlite", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-queue-"));
  const store = openStore(dir);
  const first = store.keys.create("k0");
  const second = store.keys.create("k1");
  return {
    queue: new SqliteJobQueue(store),
    usage: store.usage,
    keys: [first.record.id, second.record.id],
    secret: first.webhookSecret,
    close() {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});
