/** A worker entry for the pool's own tests: the real runtime over the test task table. */
import { runWorker } from "../../src/pool/worker-runtime.ts";
import { BROADCASTS, TASKS } from "./fixture-tasks.ts";

runWorker(TASKS, BROADCASTS);
