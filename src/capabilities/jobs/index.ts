/**
 * The jobs capability: the five endpoints, the runner (one loop per lane), the callback
 * deliverer and the housekeeping sweep. Puts the service on `services.jobs` (tool server)
 * and the usage figures on `services.jobsAccounting` (GET /v1/usage).
 */
import type { JobsAccounting } from "../account/routes.ts";
import { defineCapability } from "../../capability.ts";
import { JOB_TYPE_LIST, OPERATIONS } from "../../operations.ts";
import { CallbackDeliverer } from "./callbacks.ts";
import { JobsCore } from "./core.ts";
import { deleteJob, jobStatus, listJobs, openapi, resultsRoute, submitRoute } from "./routes.ts";
import { Runner } from "./runner.ts";
import { JobsService } from "./service.ts";

const SWEEP_MS = 1_000;

export const jobs = defineCapability({
  name: "jobs",
  endpoints: [listJobs, jobStatus, deleteJob],
  raw: [submitRoute, resultsRoute],
  rated: [{ method: "POST", path: OPERATIONS.jobs_submit.path, bucket: OPERATIONS.jobs_submit.bucket! }],
  openapi,
  start(services) {
    const core = new JobsCore(services);
    const service = new JobsService(core);
    const runner = new Runner(core, services.log);
    const callbacks = new CallbackDeliverer(core);
    service.onQueued = (type) => runner.poke(type);
    core.onFinal = () => callbacks.poke();
    const accounting: JobsAccounting = { figures: (keyId) => service.keyFigures(keyId) };
    services.jobs = service;
    services.jobsRunner = runner;
    services.jobsAccounting = accounting;
    core.removeOrphans();
    core.sweep();
    runner.start();
    callbacks.start();
    const sweep = setInterval(() => {
      try {
        core.sweep();
      } catch (e) {
        services.log(e);
      }
    }, SWEEP_MS);
    sweep.unref?.();
    return async () => {
      clearInterval(sweep);
      await runner.stop();
      await callbacks.stop();
    };
  },
  health(services) {
    const service = services.jobs;
    if (!service) return { jobs: "stopped" };
    const { store, lanes } = service.core;
    const byLane = Object.fromEntries(
      JOB_TYPE_LIST.map((type) => {
        const lane = store.lane(type);
        const running = lane.filter((e) => e.status === "running").length;
        return [type, { running, queued: lane.length - running, queued_names: lanes.queuedNames(lane), names_per_s: Math.round(lanes.namesPerSecond(type)) }];
      }),
    );
    return { jobs: byLane };
  },
});
