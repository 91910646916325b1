/**
 * Capabilities that hold resources (zone index, worker pool, lookup clients, job runner)
 * start here in the order of src/routes.ts, put their service on `services`, and stop in
 * reverse order.
 */
import type { Capability } from "./capability.ts";
import type { Services } from "./services.ts";

export interface Capabilities {
  health: () => Record<string, unknown>;
  stop(): Promise<void>;
}

export async function startCapabilities(services: Services, list: readonly Capability[]): Promise<Capabilities> {
  const stops: (() => Promise<void> | void)[] = [];
  try {
    for (const c of list) {
      const stop = await c.start?.(services);
      if (stop) stops.push(stop);
    }
  } catch (e) {
    for (const s of stops.reverse()) await s();
    throw e;
  }
  return {
    health: () => Object.assign({}, ...list.map((c) => c.health?.(services) ?? {})),
    async stop() {
      for (const s of stops.reverse()) await s();
    },
  };
}
