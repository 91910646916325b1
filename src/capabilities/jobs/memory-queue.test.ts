/** The JobQueue contract (queue.contract.ts) on the in-memory queue. */
import { MemoryJobQueue, MemoryUsage } from "./memory-queue.ts";
import { queueContract } from "./queue.contract.ts";

queueContract("memory", () => {
  const usage = new MemoryUsage();
  return {
    queue: new MemoryJobQueue(usage, (keyId) => (keyId === 1 ? "whsec_memory" : null)),
    usage,
    keys: [1, 2],
    secret: "whsec_memory",
    close() {},
  };
});
