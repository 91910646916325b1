/** The worker thread entry: the service's task table over the pool's message protocol. */
import { runWorker } from "../src/pool/worker-runtime.ts";
import { BROADCASTS, TASKS } from "./tasks.ts";

runWorker(TASKS, BROADCASTS);
